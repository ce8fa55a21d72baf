import { join } from 'node:path';
import { Ledger } from '../../src/main/core/ledger/ledger';
import { shopReport } from '../../src/main/core/shop-ledger/shop-report';
import { istDate } from '../../src/shared/ist-date';
import { percentile, round } from './stats';
import { ledgerDb } from '../support/ledger-db';
import { makeTempDir, removeTempDir } from '../support/temp-folder';

const DAY = 86_400_000;
const STATUSES = ['Success', 'Success', 'Success', 'Success', 'Success', 'Success', 'Failure', 'Pending', 'Refunded', 'Error'];

/**
 * shop_report_month_ms_1m_3counters: the whole shop's month (per counter, by outcome) from one
 * counter's file holding 1M rows: a third its own transactions, two thirds pulled from two other
 * counters, spread over two years, one sale in twenty failed over to a second account (each sale
 * once, the charges beyond a sale's first, the part per account). Warm p95 over 30 runs on different months, and cold (the first
 * query after opening the file).
 */
export function shopReportBench(total = 1_000_000) {
  const dir = makeTempDir('bench-shop-report');
  const file = join(dir, 'ledger.db');
  const end = Date.UTC(2026, 10, 1);
  const start = end - 730 * DAY;
  const at = (i: number) => start + Math.floor((i / total) * (end - start));
  let ledger = Ledger.open(file);
  try {
    const own = ledgerDb(ledger).prepare(
      `INSERT INTO txns (ref_id, number, operator, amount, status, message, recharge_date, created_at, updated_at, sale_id, attempt_no, account_id)
       VALUES (?, ?, 'JIO', ?, ?, 'Recharge done for the customer', ?, ?, ?, ?, ?, ?)`,
    );
    const pulled = ledgerDb(ledger).prepare(
      `INSERT INTO shop_rows (ref_id, counter, counter_name, number, operator, amount, status, message, created_at, updated_at,
         sale_id, attempt_no, account_id, account_name)
       VALUES (?, ?, ?, ?, 'AT', ?, ?, 'Recharge done for the customer', ?, ?, ?, ?, ?, ?)`,
    );
    const ref = (i: number) => `${['AAAA', 'BBBB', 'CCCC'][i % 3]}${String(i).padStart(12, '0')}`;
    ledgerDb(ledger).transaction(() => {
      for (let i = 0; i < total; i++) {
        const t = at(i);
        const number = `9${String((i * 7919) % 50_000).padStart(9, '0')}`;
        const amount = (100 + (i % 700)) * 100;
        const status = STATUSES[i % STATUSES.length]!;
        const c = i % 3;
        // One sale in twenty fails over: a second attempt, on the spare, of the counter's row before.
        const later = i % 20 >= 17 && i >= 3;
        const [sale, no, account] = later ? [ref(i - 3), 2, 'spare'] : [ref(i), 1, 'main'];
        if (c === 0) own.run(ref(i), number, amount, status, istDate(t), t, t, later ? sale : null, no, account);
        else {
          const counter = c === 1 ? 'BBBB' : 'CCCC';
          pulled.run(ref(i), counter, c === 1 ? 'Back room' : 'Branch 2', number, amount, status, t, t, sale, no, account, account);
        }
      }
    })();
    ledger.close();
    const me = { prefix: 'AAAA', name: 'Front desk' };
    const month = (k: number) => ({ from: start + k * 30 * DAY, to: start + (k + 1) * 30 * DAY });
    ledger = Ledger.open(file);
    const c0 = performance.now();
    const first = shopReport(ledger, me, month(12));
    const cold = performance.now() - c0;
    if (first.counters.length !== 3) throw new Error('the report should name three counters');
    const times: number[] = [];
    for (let k = 0; k < 30; k++) {
      const t0 = performance.now();
      shopReport(ledger, me, month(k % 24));
      times.push(performance.now() - t0);
    }
    return {
      shop_report_month_ms_1m_3counters: round(percentile(times, 95)),
      shop_report_month_cold_ms_1m_3counters: round(cold),
    };
  } finally {
    ledger.close();
    removeTempDir(dir);
  }
}
