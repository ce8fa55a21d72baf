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
function fillKhata(ledger: Ledger, customers: number, counters = 1): { sales: number; entries: number; owing: number } {
  const db = ledgerDb(ledger);
  const rng = createRng(30);
  const ownSale = db.prepare(
    `INSERT INTO sales (ref_id, number, method, cash, upi, credit, sale_date, created_at) VALUES (?, ?, 'credit', 0, 0, ?, ?, ?)`,
  );
  const ownPay = db.prepare(
    `INSERT INTO money_entries (kind, number, method, amount, entry_date, at) VALUES ('credit_payment', ?, ?, ?, ?, ?)`,
  );
  // With several counters, each sale and payment is written at one of them in turn: this counter's
  // in its own tables, the others' as their pulled records are kept (the peer tables, whose triggers
  // move the same dues). The same customers and amounts either way, so the dues must come out equal.
  const peerSale = db.prepare(
    `INSERT INTO peer_sales (counter, local_id, counter_name, ref_id, number, method, cash, upi, credit, sale_date, created_at)
     VALUES (?, ?, ?, ?, ?, 'credit', 0, 0, ?, ?, ?)`,
  );
  const peerPay = db.prepare(
    `INSERT INTO peer_money_entries (counter, local_id, counter_name, kind, number, method, amount, entry_date, at)
     VALUES (?, ?, ?, 'credit_payment', ?, ?, ?, ?, ?)`,
  );
  const PEERS = ['BBBB', 'CCCC', 'DDDD'];
  let written = 0;
  const counterOf = () => written++ % counters;
  const sale = {
    run: (ref: string, number: string, credit: number, date: string, at: number) => {
      const c = counterOf();
      if (c === 0) ownSale.run(ref, number, credit, date, at);
      else peerSale.run(PEERS[c - 1], written, `Counter ${c + 1}`, ref, number, credit, date, at);
    },
  };
  const pay = {
    run: (number: string, method: string, amount: number, date: string, at: number) => {
      const c = counterOf();
      if (c === 0) ownPay.run(number, method, amount, date, at);
      else peerPay.run(PEERS[c - 1], written, `Counter ${c + 1}`, number, method, amount, date, at);
    },
  };
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
  const { listed: _listed, ...figures } = duesRun(customers, warmRuns, coldRuns, 1);
  return figures;
}

/**
 * shop_dues_*: the same call when the khata is the shop's (issue 37): the same customers' sales and
 * payments written in turn at three counters, a third in this counter's tables and two thirds as
 * the other counters' records. Checked against the one-counter list first: the same dues, in order.
 */
export function shopDuesBench(customers = 50_000, warmRuns = 200, coldRuns = 20) {
  const alone = duesRun(customers, 1, 1, 1);
  const shop = duesRun(customers, warmRuns, coldRuns, 3);
  if (JSON.stringify(shop.listed) !== JSON.stringify(alone.listed)) throw new Error("the shop's dues differ from one counter's");
  return {
    shop_dues_counters: 3,
    shop_dues_owing: shop.dues_owing,
    shop_dues_ms: shop.dues_p95_ms_50k,
    shop_dues_p50_ms: shop.dues_p50_ms_50k,
    shop_dues_cold_ms: shop.dues_cold_p95_ms_50k,
  };
}

function duesRun(customers: number, warmRuns: number, coldRuns: number, counters: number) {
  const dir = makeTempDir('bench-dues');
  const file = join(dir, 'ledger.db');
  try {
    let ledger = Ledger.open(file, END);
    const filled = fillKhata(ledger, customers, counters);
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
      listed: first.items.map((d) => [d.number, d.due]),
    };
  } finally {
    removeTempDir(dir);
  }
}
