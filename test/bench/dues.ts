import { join } from 'node:path';
import { Ledger } from '../../src/main/core/ledger/ledger';
import { KhataService } from '../../src/main/core/khata/khata-service';
import { istDate } from '../../src/shared/ist-date';
import { settingsSchema } from '../../src/shared/settings-schema';
import { createRng, randomDigits } from '../../src/sandbox/rng';
import { ledgerDb } from '../support/ledger-db';
import { makeTempDir, removeTempDir } from '../support/temp-folder';
import { dropPageCache } from './page-cache';
import { percentile, round } from './stats';

const DAY = 86_400_000;
const END = Date.parse('2026-11-26T12:00:00Z');
const DAYS = 730;
const PACKS = [9_900, 14_900, 19_900, 23_900, 29_900, 47_900, 71_900];

/**
 * A shop's khata at `customers` customers over two years: 60 % have bought on credit, 1 to 40
 * times each; after a credit sale most pay it off within days, some in parts, and about a third
 * of the credit customers still owe at the end (some for months). Written straight into the two
 * tables, so the triggers keep the dues table as the counter's writes would.
 */
function fillKhata(ledger: Ledger, customers: number): { sales: number; entries: number; owing: number } {
  const db = ledgerDb(ledger);
  const rng = createRng(30);
  const sale = db.prepare(
    `INSERT INTO sales (ref_id, number, method, cash, upi, credit, sale_date, created_at) VALUES (?, ?, 'credit', 0, 0, ?, ?, ?)`,
  );
  const pay = db.prepare(
    `INSERT INTO money_entries (kind, number, method, amount, entry_date, at) VALUES ('credit_payment', ?, ?, ?, ?, ?)`,
  );
  const name = db.prepare(`INSERT OR IGNORE INTO customers (number, name, updated_at) VALUES (?, ?, ?)`);
  let sales = 0;
  let entries = 0;
  let owing = 0;
  db.transaction(() => {
    for (let c = 0; c < customers; c++) {
      const number = `${6 + Math.floor(rng() * 4)}${randomDigits(rng, 9)}`;
      if (rng() < 0.3) name.run(number, `Customer ${c}`, END);
      if (rng() >= 0.6) continue;
      const count = 1 + Math.floor(rng() ** 2 * 40);
      let at = END - Math.floor(rng() * DAYS) * DAY;
      let due = 0;
      const stillOwes = rng() < 0.35;
      for (let i = 0; i < count && at < END; i++) {
        const credit = PACKS[Math.floor(rng() * PACKS.length)]!;
        sale.run(`B${c}X${i}`, number, credit, istDate(at), at);
        sales++;
        due += credit;
        at += Math.floor(1 + rng() * 3) * DAY;
        const last = i === count - 1;
        if (last && stillOwes) break;
        // Paid off at once, or in two parts a few days apart.
        const part = rng() < 0.3 ? Math.max(100, Math.floor(due / 200) * 100) : due;
        for (const amount of part < due ? [part, due - part] : [due]) {
          if (at >= END) break;
          pay.run(number, rng() < 0.5 ? 'cash' : 'upi', amount, istDate(at), at);
          entries++;
          due -= amount;
          at += Math.floor(1 + rng() * 10) * DAY;
        }
      }
      if (due > 0) owing++;
    }
  })();
  return { sales, entries, owing };
}

/**
 * dues_*: the Dues tab's one call (KhataService.dues: the ages' totals over every due and the
 * oldest 200, the screen's limit) at 50,000 customers, warm (p50, p95 over repeated calls) and cold
 * (the first call after the file is reopened, with the OS page cache dropped when run as root).
 * Goal ≤ 50 ms both ways (issue 30).
 */
export function duesBench(customers = 50_000, warmRuns = 200, coldRuns = 20) {
  const dir = makeTempDir('bench-dues');
  const file = join(dir, 'ledger.db');
  try {
    let ledger = Ledger.open(file, END);
    const filled = fillKhata(ledger, customers);
    const settings = () => settingsSchema.parse({ version: 1, installPrefix: 'AB12' });
    const service = () => new KhataService({ ledger, now: () => END, settings });
    const first = service().dues();
    const warm: number[] = [];
    for (let i = 0; i < warmRuns; i++) {
      const t = performance.now();
      service().dues();
      warm.push(performance.now() - t);
    }
    const cold: number[] = [];
    let dropped = true;
    for (let i = 0; i < coldRuns; i++) {
      ledger.close();
      dropped = dropPageCache() && dropped;
      ledger = Ledger.open(file, END);
      const t = performance.now();
      service().dues();
      cold.push(performance.now() - t);
    }
    ledger.close();
    return {
      dues_customers: customers,
      dues_credit_sales: filled.sales,
      dues_payments: filled.entries,
      dues_owing: filled.owing,
      dues_listed: first.items.length,
      dues_p50_ms_50k: round(percentile(warm, 50), 3),
      dues_p95_ms_50k: round(percentile(warm, 95), 3),
      dues_cold_p50_ms_50k: round(percentile(cold, 50), 2),
      dues_cold_p95_ms_50k: round(percentile(cold, 95), 2),
      dues_cold_page_cache_dropped: dropped,
    };
  } finally {
    removeTempDir(dir);
  }
}
