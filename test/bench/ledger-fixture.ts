import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Ledger } from '../../src/main/core/ledger/ledger';
import { MIGRATIONS } from '../../src/main/core/ledger/migrations';
import { createRng } from '../../src/sandbox/rng';
import { istDate } from '../../src/shared/ist-date';
import { ROOT } from './spawn-script';

export const FIXTURE_ROWS = 1_000_000;
export const FIXTURE_END = Date.parse('2026-11-22T12:00:00Z');
export const FIXTURE_DAYS = 365;
const OPERATORS = ['JIO', 'AT', 'VI', 'BSNL', 'ATDTH', 'TATASKY'];

/**
 * A year of a busy shop: 1,000,000 final transactions with one submit and one result event each,
 * built once with bulk inserts and cached (a real shop's ledger has the same shape, grown slowly).
 */
export function ledgerFixture(rows = FIXTURE_ROWS): string {
  const dir = join(ROOT, 'node_modules/.cache/rechargedesk');
  const file = join(dir, `ledger-${rows}-v${MIGRATIONS.length}.db`);
  if (existsSync(file)) return file;
  mkdirSync(dir, { recursive: true });
  const tmp = `${file}.building`;
  rmSync(tmp, { force: true });
  const ledger = Ledger.open(tmp);
  const db = ledger.db;
  db.pragma('synchronous = OFF');
  // Bulk load without indexes, then build them once: ten times faster than keeping them current.
  const indexes = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL").all() as {
    name: string;
    sql: string;
  }[];
  for (const i of indexes) db.exec(`DROP INDEX ${i.name}`);
  const insert = db.prepare(
    `INSERT INTO txns (ref_id, number, operator, amount, status, provider_status, txn_id, opt_id, margin, balance_after, message,
       recharge_date, created_at, updated_at, attempts) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)`,
  );
  const event = db.prepare('INSERT INTO txn_events (ref_id, at, from_status, to_status, source) VALUES (?, ?, ?, ?, ?)');
  const rng = createRng(42);
  const span = FIXTURE_DAYS * 86_400_000;
  db.transaction(() => {
    for (let i = 0; i < rows; i++) {
      const at = FIXTURE_END - span + Math.floor((i / rows) * span);
      const roll = rng();
      const status = roll < 0.88 ? 'Success' : roll < 0.97 ? 'Failure' : roll < 0.99 ? 'Refunded' : 'Error';
      const ref = `BNCH${at.toString(36).toUpperCase().padStart(9, '0')}${(i % 1296).toString(36).toUpperCase().padStart(2, '0')}X`;
      const number = `9${String(Math.floor(rng() * 1e9)).padStart(9, '0')}`;
      const amount = (10 + Math.floor(rng() * 990)) * 100;
      const ok = status === 'Success' || status === 'Refunded';
      insert.run(
        ref,
        number,
        OPERATORS[i % OPERATORS.length],
        amount,
        status,
        status,
        `RT${String(i).padStart(10, '0')}`,
        ok ? `OP${String(i).padStart(10, '0')}` : null,
        ok ? Math.floor(amount * 0.025) : null,
        500000,
        '',
        istDate(at),
        at,
        at + 2000,
      );
      event.run(ref, at, null, 'Submitting', 'submit');
      event.run(ref, at + 2000, 'Submitting', status, 'reply');
    }
  })();
  for (const i of indexes) db.exec(i.sql);
  db.exec('ANALYZE');
  ledger.close();
  renameSync(tmp, file);
  return file;
}
