import { Ledger } from '../../src/main/core/ledger/ledger';
import { CustomerService } from '../../src/main/core/customers/customer-service';
import { nearNumbers } from '../../src/main/core/customers/near-numbers';
import { createRng, randomDigits } from '../../src/sandbox/rng';
import { FIXTURE_END, ledgerFixture } from './ledger-fixture';
import { percentile, round } from './stats';
import { ledgerDb } from '../support/ledger-db';

/**
 * near_regular_*: the wrong-number guard on the million-row ledger, through the service the
 * channel calls. False alarms: new customers' numbers (random valid mobile numbers the ledger has
 * never seen) that it would warn on. Catches: a regular's number with one slip (a wrong digit or
 * a swap), as a hurried shopkeeper types it. And what one look-up costs on the confirmation path.
 */
export function nearRegularBench(samples = 5000) {
  const ledger = Ledger.open(ledgerFixture());
  try {
    const book = new CustomerService({ ledger, now: () => FIXTURE_END });
    const rng = createRng(11);
    const db = ledgerDb(ledger);
    const regulars = (
      db
        .prepare(
          `SELECT number FROM customers WHERE number GLOB '[6-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]'
             AND (name != '' OR (SELECT count(*) FROM (SELECT 1 FROM txns INDEXED BY txns_number
               WHERE txns.number = customers.number AND status = 'Success' LIMIT 2)) >= 2)`,
        )
        .all() as { number: string }[]
    ).map((r) => r.number);
    const known = new Set((db.prepare('SELECT number FROM customers').all() as { number: string }[]).map((r) => r.number));

    const times: number[] = [];
    const timed = (number: string) => {
      const t = performance.now();
      const hit = book.nearRegular(number);
      times.push(performance.now() - t);
      return hit;
    };
    let falseAlarms = 0;
    let fresh = 0;
    while (fresh < samples) {
      const number = `${6 + Math.floor(rng() * 4)}${randomDigits(rng, 9)}`;
      if (known.has(number)) continue;
      fresh++;
      if (timed(number)) falseAlarms++;
    }
    let caught = 0;
    let slips = 0;
    for (let i = 0; i < samples; i++) {
      const regular = regulars[Math.floor(rng() * regulars.length)]!;
      const near = nearNumbers(regular);
      const typed = near[Math.floor(rng() * near.length)]!;
      // A slip that lands on another known number is that customer's number: nothing to catch.
      if (known.has(typed)) continue;
      slips++;
      if (timed(typed)) caught++;
    }
    return {
      near_regular_regulars_1m: regulars.length,
      near_regular_false_alarm_pct_1m: round((100 * falseAlarms) / fresh, 3),
      near_regular_catch_pct_1m: round((100 * caught) / slips, 2),
      near_regular_p95_ms_1m: round(percentile(times, 95), 3),
    };
  } finally {
    ledger.close();
  }
}
