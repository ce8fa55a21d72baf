import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Ledger } from '../../src/main/core/ledger/ledger';
import { CustomerService } from '../../src/main/core/customers/customer-service';
import { MIGRATIONS } from '../../src/main/core/ledger/migrations';
import { createRng, randomDigits, type Rng } from '../../src/sandbox/rng';
import { istDate } from '../../src/shared/ist-date';
import { ROOT } from './spawn-script';
import { ledgerDb } from '../support/ledger-db';

export const FIXTURE_ROWS = 1_000_000;
export const FIXTURE_END = Date.parse('2026-11-22T12:00:00Z');
export const FIXTURE_DAYS = 730;
const CUSTOMERS = 50_000;
const OPEN_SHARE = 0.005;
const DAY = 86_400_000;
/** Bumped when the fixture's shape changes, so a stale cached file is never reused. */
const SHAPE = 'real4';

interface Customer {
  number: string;
  operator: string;
}

const MOBILE_OPERATORS = ['JIO', 'JIO', 'JIO', 'AT', 'AT', 'AT', 'VI', 'VI', 'BSNL'];

function customer(rng: Rng): Customer {
  const kind = rng();
  if (kind < 0.85) {
    return { number: `${6 + Math.floor(rng() * 4)}${randomDigits(rng, 9)}`, operator: MOBILE_OPERATORS[Math.floor(rng() * 9)]! };
  }
  if (kind < 0.9) return { number: `3${randomDigits(rng, 9)}`, operator: 'ATDTH' };
  if (kind < 0.95) return { number: `1${randomDigits(rng, 9)}`, operator: 'TATASKY' };
  return { number: `0${randomDigits(rng, 10)}`, operator: 'DISHTV' };
}

const FINAL_MESSAGES: Record<string, string> = {
  Success: 'Recharge successful. Operator reference',
  Failure: 'Recharge failed at operator, amount reversed to wallet',
  Refunded: 'Recharge refunded after complaint, amount credited back',
  Error: 'Same number and amount recently, try after some time',
};

/** First names and surnames a shop's book holds (issue 15's customer names), some in Devanagari. */
export const FIRST_NAMES = ['Ramesh', 'Suresh', 'Geeta', 'Sunita', 'Mohan', 'Anil', 'Pooja', 'Rahul', 'Priya', 'Vijay', 'रमेश', 'सुनीता'];
export const SURNAMES = ['Kumar', 'Sharma', 'Verma', 'Yadav', 'Singh', 'Gupta', 'Patel', 'Devi', 'शर्मा', 'यादव'];

/** A third of the customers named, through the app's own service (its words' index included). */
function nameCustomers(ledger: Ledger, customers: readonly Customer[]): void {
  const rng = createRng(11);
  const book = new CustomerService({ ledger, now: () => FIXTURE_END });
  ledgerDb(ledger).transaction(() => {
    customers.forEach((c, i) => {
      if (i % 3 !== 0) return;
      const name = `${FIRST_NAMES[Math.floor(rng() * FIRST_NAMES.length)]!} ${SURNAMES[Math.floor(rng() * SURNAMES.length)]!}`;
      book.save({ number: c.number, name, operator: null, circle: null });
    });
  })();
}

/**
 * Two years of a busy shop as its ledger would really be: 1,000,000 recharges for about 50,000
 * customers (regulars come back often, most come back now and then), mobile and DTH, provider
 * messages and raw replies stored, about 0.5% still open (older than 72 h: flagged
 * NeedsAttention, as the poller leaves them). Built once with bulk inserts and cached; the
 * schema is the app's own (its migrations), and no ANALYZE runs, as the app never runs one.
 */
export function ledgerFixture(rows = FIXTURE_ROWS): string {
  const dir = join(ROOT, 'node_modules/.cache/rechargedesk');
  const file = join(dir, `ledger-${SHAPE}-${rows}-v${MIGRATIONS.length}.db`);
  if (existsSync(file)) return file;
  mkdirSync(dir, { recursive: true });
  const tmp = `${file}.building`;
  rmSync(tmp, { force: true });
  const ledger = Ledger.open(tmp);
  const db = ledgerDb(ledger);
  db.pragma('synchronous = OFF');
  // Bulk load without indexes, then build them once: ten times faster than keeping them current.
  const indexes = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL").all() as {
    name: string;
    sql: string;
  }[];
  for (const i of indexes) db.exec(`DROP INDEX ${i.name}`);
  const insert = db.prepare(
    `INSERT INTO txns (ref_id, number, operator, amount, status, provider_status, txn_id, opt_id, margin, balance_after, message,
       recharge_date, created_at, updated_at, next_check_at, attempts) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const event = db.prepare('INSERT INTO txn_events (ref_id, at, from_status, to_status, source, provider_reply) VALUES (?, ?, ?, ?, ?, ?)');
  const rng = createRng(42);
  const customers = Array.from({ length: CUSTOMERS }, () => customer(rng));
  const span = FIXTURE_DAYS * DAY;
  let balance = 5_000_000;
  db.transaction(() => {
    for (let i = 0; i < rows; i++) {
      const at = FIXTURE_END - span + Math.floor((i / rows) * span) + Math.floor(rng() * 30_000);
      // Skewed: regulars come back every few days (the busiest about 700 times), most now and then.
      const who = customers[Math.floor(rng() ** 1.5 * CUSTOMERS)]!;
      const roll = rng();
      const open = roll < OPEN_SHARE;
      const status = open
        ? FIXTURE_END - at > 3 * DAY
          ? 'NeedsAttention'
          : 'Pending'
        : roll < 0.9
          ? 'Success'
          : roll < 0.96
            ? 'Failure'
            : roll < 0.975
              ? 'Refunded'
              : 'Error';
      const ref = `BN${at.toString(36).toUpperCase().slice(-7)}${String(i).padStart(7, '0')}`;
      const amount = [10, 19, 49, 99, 149, 199, 239, 299, 349, 399, 499, 666, 719, 839][Math.floor(rng() * 14)]! * 100;
      const ok = status === 'Success' || status === 'Refunded';
      balance = ok ? balance - amount : balance;
      if (balance < 100_000) balance += 5_000_000;
      const txnId = status === 'Error' ? null : `RT${randomDigits(rng, 10)}`;
      const optId = ok ? `OP${randomDigits(rng, 8)}` : null;
      const message = open ? 'Request accepted, status pending at operator' : `${FINAL_MESSAGES[status]!}${optId ? ` ${optId}` : ''}`;
      const reply = JSON.stringify({
        status: open ? 'Pending' : status,
        txnId,
        refId: ref,
        number: who.number,
        amount: (amount / 100).toFixed(2),
        balance: (balance / 100).toFixed(2),
        operatorId: optId,
        margin_amount: ok ? ((amount * 0.025) / 100).toFixed(2) : '0.00',
        message,
      });
      insert.run(
        ref,
        who.number,
        who.operator,
        amount,
        status,
        open ? 'Pending' : status,
        txnId,
        optId,
        ok ? Math.floor(amount * 0.025) : null,
        balance,
        message,
        istDate(at),
        at,
        at + 2000,
        open ? at + 3600_000 : null,
        open ? 12 : 1,
      );
      event.run(ref, at, null, 'Submitting', 'submit', null);
      event.run(ref, at + 2000, 'Submitting', status === 'NeedsAttention' ? 'Pending' : status, 'reply', reply);
    }
  })();
  for (const i of indexes) db.exec(i.sql);
  nameCustomers(ledger, customers);
  ledger.close();
  renameSync(tmp, file);
  return file;
}

/**
 * A copy of the fixture in `target` where the newest `open` recharges are Pending and were made in
 * the last hours before `now`: a shop in the middle of a provider outage.
 */
export function copyWithOpen(target: string, open: number, now: number = Date.now()): void {
  copyFileSync(ledgerFixture(), target);
  const ledger = Ledger.open(target);
  const ids = ledgerDb(ledger).prepare('SELECT id FROM txns ORDER BY id DESC LIMIT ?').pluck().all(open);
  const update = ledgerDb(ledger).prepare(
    `UPDATE txns SET status = 'Pending', created_at = @at, updated_at = @at, recharge_date = @date, next_check_at = @due,
       txn_id = NULL, opt_id = NULL WHERE id = @id`,
  );
  ledgerDb(ledger).transaction(() => {
    ids.forEach((id, i) => {
      const at = now - i * 1000;
      update.run({ id, at, date: istDate(at), due: now + (i % 600) * 1000 });
    });
  })();
  ledger.close();
}
