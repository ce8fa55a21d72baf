import { Ledger } from '../../src/main/core/ledger/ledger';
import type { HistoryQuery } from '../../src/main/core/txn/txn-record';
import { createRng } from '../../src/sandbox/rng';
import { FIXTURE_DAYS, FIXTURE_END, ledgerFixture } from './ledger-fixture';
import { percentile, round } from './stats';

function timeQueries(ledger: Ledger, make: (i: number) => HistoryQuery, n = 300): number {
  const times: number[] = [];
  for (let i = 0; i < n + 20; i++) {
    const q = make(i);
    const t = performance.now();
    ledger.history(q);
    if (i >= 20) times.push(performance.now() - t);
  }
  return round(percentile(times, 95), 3);
}

/** history_p95_ms_1m for each query the History screen makes, and ledger_open_ms_1m. */
export function ledgerHistory() {
  const file = ledgerFixture();
  const opens: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    const l = Ledger.open(file);
    opens.push(performance.now() - t);
    l.close();
  }
  const ledger = Ledger.open(file);
  const rng = createRng(7);
  const sample = ledger.history({ limit: 500, from: FIXTURE_END - 86_400_000 * 200, to: FIXTURE_END - 86_400_000 * 199 });
  const pick = () => sample[Math.floor(rng() * sample.length)]!;
  const day = 86_400_000;
  const result = {
    history_newest_page_p95_ms: timeQueries(ledger, () => ({ limit: 50 })),
    history_next_page_p95_ms: timeQueries(ledger, () => {
      const t = pick();
      return { limit: 50, before: { createdAt: t.createdAt, id: t.id } };
    }),
    history_number_exact_p95_ms: timeQueries(ledger, () => ({ limit: 50, search: pick().number })),
    history_number_prefix6_p95_ms: timeQueries(ledger, () => ({ limit: 50, search: pick().number.slice(0, 6) })),
    history_number_prefix3_p95_ms: timeQueries(ledger, () => ({ limit: 50, search: pick().number.slice(0, 3) })),
    history_exact_ref_p95_ms: timeQueries(ledger, () => ({ limit: 50, search: pick().refId })),
    history_exact_txn_id_p95_ms: timeQueries(ledger, () => ({ limit: 50, search: pick().txnId! })),
    history_date_range_status_p95_ms: timeQueries(ledger, (i) => {
      const start = FIXTURE_END - Math.floor(rng() * (FIXTURE_DAYS - 8)) * day;
      return { limit: 50, from: start - 7 * day, to: start, statuses: [i % 2 ? 'Failure' : 'Success'] };
    }),
    history_date_range_operator_p95_ms: timeQueries(ledger, () => {
      const start = FIXTURE_END - Math.floor(rng() * 300) * day;
      return { limit: 50, from: start - day, to: start, operator: 'VI' };
    }),
    history_status_rare_p95_ms: timeQueries(ledger, () => ({ limit: 50, statuses: ['Error'] })),
  };
  ledger.close();
  const worst = Math.max(...Object.values(result));
  return {
    ...result,
    history_p95_ms_1m: worst,
    ledger_open_ms_1m: round(percentile(opens, 50), 2),
    ledger_open_first_ms_1m: round(opens[0]!, 2),
  };
}
