import { join } from 'node:path';
import { z } from 'zod';
import { Ledger } from '../../src/main/core/ledger/ledger';
import { shopReport } from '../../src/main/core/shop-ledger/shop-report';
import { istDate } from '../../src/shared/ist-date';
import { percentile, round } from './stats';
import { ledgerDb } from '../support/ledger-db';
import { makeTempDir, removeTempDir } from '../support/temp-folder';
import { dropPageCache } from './page-cache';

const DAY = 86_400_000;
const STATUSES = ['Success', 'Success', 'Success', 'Success', 'Success', 'Success', 'Failure', 'Pending', 'Refunded', 'Error'];
/** How customers paid, one sale in ten each: half cash, a fifth UPI, a tenth split, a fifth on credit. */
const METHODS = ['cash', 'upi', 'cash', 'credit', 'cash', 'split', 'upi', 'cash', 'credit', 'cash'] as const;
const COUNTERS = [
  { prefix: 'AAAA', name: 'Front desk' },
  { prefix: 'BBBB', name: 'Back room' },
  { prefix: 'CCCC', name: 'Branch 2' },
];

const parts = (method: (typeof METHODS)[number], amount: number) =>
  method === 'cash'
    ? [amount, 0, 0]
    : method === 'upi'
      ? [0, amount, 0]
      : method === 'credit'
        ? [0, 0, amount]
        : [Math.floor(amount / 200) * 100, amount - Math.floor(amount / 200) * 100, 0];

/**
 * The file one counter holds after two years at a three-counter shop: `perCounter` recharges of
 * each counter (its own in `txns`, the others' pulled into `shop_rows`), one in twenty failed over
 * to a second account; each sale with how it was paid (`sales`, the others' in `peer_sales`) and,
 * two credit sales in three, the customer's khata payment days later (`money_entries`, the others'
 * in `peer_money_entries`), all through the tables' own triggers. One transaction, prepared
 * statements, in time order with the counters in turn, as the sync would have kept them.
 */
function seedShop(ledger: Ledger, perCounter: number, start: number, end: number) {
  const db = ledgerDb(ledger);
  const total = perCounter * COUNTERS.length;
  const at = (i: number) => start + Math.floor((i / total) * (end - start));
  const own = db.prepare(
    `INSERT INTO txns (ref_id, number, operator, amount, status, message, recharge_date, created_at, updated_at, sale_id, attempt_no, account_id)
     VALUES (?, ?, 'JIO', ?, ?, 'Recharge done for the customer', ?, ?, ?, ?, ?, ?)`,
  );
  const pulled = db.prepare(
    `INSERT INTO shop_rows (ref_id, counter, counter_name, number, operator, amount, status, message, created_at, updated_at,
       sale_id, attempt_no, account_id, account_name)
     VALUES (?, ?, ?, ?, 'AT', ?, ?, 'Recharge done for the customer', ?, ?, ?, ?, ?, ?)`,
  );
  const ownSale = db.prepare(
    'INSERT INTO sales (ref_id, number, method, cash, upi, credit, sale_date, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const peerSale = db.prepare(
    `INSERT INTO peer_sales (counter, local_id, counter_name, ref_id, number, method, cash, upi, credit, sale_date, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const ownPay = db.prepare(
    `INSERT INTO money_entries (kind, number, method, amount, entry_date, at) VALUES ('credit_payment', ?, 'cash', ?, ?, ?)`,
  );
  const peerPay = db.prepare(
    `INSERT INTO peer_money_entries (counter, local_id, counter_name, kind, number, method, amount, entry_date, at)
     VALUES (?, ?, ?, 'credit_payment', ?, 'cash', ?, ?, ?)`,
  );
  const ref = (i: number) => `${COUNTERS[i % 3]!.prefix}${String(i).padStart(12, '0')}`;
  // Payments are written when their day comes, after the sales before them.
  const payments: { at: number; c: number; number: string; amount: number }[] = [];
  let next = 0;
  const payDue = (until: number) => {
    for (; next < payments.length && payments[next]!.at <= until; next++) {
      const p = payments[next]!;
      if (p.c === 0) ownPay.run(p.number, p.amount, istDate(p.at), p.at);
      else peerPay.run(COUNTERS[p.c]!.prefix, next, COUNTERS[p.c]!.name, p.number, p.amount, istDate(p.at), p.at);
    }
  };
  // For the seed only (the file is reopened before anything is measured): its indexes keyed by
  // number (50,000 of them) take pages at random, more than SQLite's 2 MB cache holds.
  db.pragma('cache_size = -3145728');
  // Each insert's statement journal (its triggers may abort it alone) in memory, not a temp file.
  db.pragma('temp_store = MEMORY');
  db.transaction(() => {
    for (let i = 0; i < total; i++) {
      const t = at(i);
      payDue(t);
      const number = `9${String((i * 7919) % 50_000).padStart(9, '0')}`;
      const amount = (100 + (i % 700)) * 100;
      const status = STATUSES[i % STATUSES.length]!;
      const c = i % 3;
      const { prefix, name } = COUNTERS[c]!;
      // One sale in twenty fails over: a second attempt, on the spare, of the counter's row before.
      const later = i % 20 >= 17 && i >= 3;
      const [sale, no, account] = later ? [ref(i - 3), 2, 'spare'] : [ref(i), 1, 'main'];
      if (c === 0) own.run(ref(i), number, amount, status, istDate(t), t, t, later ? sale : null, no, account);
      else pulled.run(ref(i), prefix, name, number, amount, status, t, t, sale, no, account, account);
      if (later) continue;
      const method = METHODS[Math.floor(i / 3) % METHODS.length]!;
      const [cash = 0, upi = 0, credit = 0] = parts(method, amount);
      if (c === 0) ownSale.run(ref(i), number, method, cash, upi, credit, istDate(t), t);
      else peerSale.run(prefix, i, name, ref(i), number, method, cash, upi, credit, istDate(t), t);
      if (credit > 0 && i % 3 !== 2 && t + 3 * DAY < end) payments.push({ at: t + 3 * DAY, c: (c + 1) % 3, number, amount: credit });
    }
    payDue(end);
  })();
  const count = (table: string) => z.number().parse(db.prepare(`SELECT count(*) FROM ${table}`).pluck().get());
  return {
    shop_report_rows: count('txns') + count('shop_rows'),
    shop_report_sales: count('sales') + count('peer_sales'),
    shop_report_money_entries: count('money_entries') + count('peer_money_entries'),
  };
}

/**
 * shop_report_month_ms_1m_3counters: the whole shop's month (per counter, by outcome; each
 * account's part) through shopReport, the function the shop:report channel calls, from one
 * counter's file holding 1M recharges of each of three counters and their sales and khata
 * payments. Warm p95 over 30 runs on different months, and cold (the first query after opening
 * the file, the OS page cache dropped when run as root). The seed's time is told too.
 */
export function shopReportBench(perCounter = 1_000_000) {
  const dir = makeTempDir('bench-shop-report');
  const file = join(dir, 'ledger.db');
  const end = Date.UTC(2026, 10, 1);
  const start = end - 730 * DAY;
  let ledger = Ledger.open(file);
  try {
    const s0 = performance.now();
    const seeded = seedShop(ledger, perCounter, start, end);
    const seedSeconds = (performance.now() - s0) / 1000;
    ledger.close();
    const me = COUNTERS[0]!;
    const month = (k: number) => ({ from: start + k * 30 * DAY, to: start + (k + 1) * 30 * DAY });
    const dropped = dropPageCache();
    ledger = Ledger.open(file);
    const c0 = performance.now();
    const first = shopReport(ledger, me, month(12));
    const cold = performance.now() - c0;
    if (first.counters.length !== 3) throw new Error('the report should name three counters');
    // Warm: every month read once first (the cold read above dropped the OS's copy of the file).
    for (let k = 0; k < 24; k++) shopReport(ledger, me, month(k));
    const times: number[] = [];
    for (let k = 0; k < 30; k++) {
      const t0 = performance.now();
      shopReport(ledger, me, month(k % 24));
      times.push(performance.now() - t0);
    }
    return {
      shop_report_month_ms_1m_3counters: round(percentile(times, 95)),
      shop_report_month_cold_ms_1m_3counters: round(cold),
      shop_report_cold_page_cache_dropped: dropped,
      shop_report_seed_s: round(seedSeconds, 1),
      ...seeded,
    };
  } finally {
    ledger.close();
    removeTempDir(dir);
  }
}
