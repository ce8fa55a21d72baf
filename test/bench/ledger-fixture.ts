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
const SHAPE = 'books5';

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

/** The fixture's last six-quarters: the shop took payments in the app (sales) and had three provider accounts. */
const SALES_FROM = 0.25;
export const ACCOUNTS = ['main', 'cheap', 'spare'] as const;
/**
 * A busy counter's books (issue 39 item 1). Each recharge is a sale, paid 70 % cash, 20 % UPI, 5 %
 * split (cash and UPI) and 5 % on credit (the khata); ~2 % of sales fail over to a second account
 * (a tenth of those to a third), first attempts spread 60/30/10 over the three accounts. UPI is
 * marked received within minutes (a few of the last day's not yet); credit is paid back within
 * three weeks, a fifth in two parts, the last month's partly still owed; a failed sale's paid part
 * is given back (1 in 20 kept as credit), its credit taken off the due by the ledger's triggers; 1
 * failover in 100 is flagged as a possible double. The first quarter of the two years is older
 * than sales and accounts: its rows have no sale, no sale_id and one account, as an upgraded ledger's.
 */
const PAY = { cash: 0.7, upi: 0.9, split: 0.95 } as const;
const FAILOVER = 0.02;

function finalStatus(roll: number, at: number): string {
  if (roll < OPEN_SHARE) return FIXTURE_END - at > 3 * DAY ? 'NeedsAttention' : 'Pending';
  return roll < 0.9 ? 'Success' : roll < 0.96 ? 'Failure' : roll < 0.975 ? 'Refunded' : 'Error';
}

interface SaleRow {
  ref: string;
  number: string;
  amount: number;
  at: number;
  status: string;
  endedAt: number;
  attempts: readonly string[];
}

/** The sales of the rows `txns` wrote, and what moved the customer's money after each (see the proportions above). */
function fillBooks(ledger: Ledger, sales: readonly SaleRow[]): void {
  const db = ledgerDb(ledger);
  const rng = createRng(39);
  const sale = db.prepare(
    `INSERT INTO sales (ref_id, sale_ref, number, method, cash, upi, credit, sale_date, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const entry = db.prepare(`INSERT INTO money_entries (kind, ref_id, number, method, amount, entry_date, at) VALUES (?, ?, ?, ?, ?, ?, ?)`);
  const flag = db.prepare(
    `INSERT INTO sale_flags (sale_id, kind, first_ref, second_ref, at, seen_at) VALUES (?, 'possible_double', ?, ?, ?, ?)`,
  );
  const later = (at: number, ms: number) => (at + ms <= FIXTURE_END ? at + ms : null);
  const add = (kind: string, ref: string | null, number: string, method: string | null, amount: number, at: number | null) => {
    if (at !== null) entry.run(kind, ref, number, method, amount, istDate(at), at);
  };
  db.transaction(() => {
    for (const s of sales) {
      const roll = rng();
      const method = roll < PAY.cash ? 'cash' : roll < PAY.upi ? 'upi' : roll < PAY.split ? 'split' : 'credit';
      const cashPart = method === 'split' ? Math.floor((s.amount * (0.2 + rng() * 0.6)) / 1000) * 1000 : 0;
      const cash = method === 'cash' ? s.amount : cashPart;
      const upi = method === 'upi' ? s.amount : method === 'split' ? s.amount - cashPart : 0;
      const credit = method === 'credit' ? s.amount : 0;
      sale.run(s.ref, upi > 0 ? `Q${s.ref}` : null, s.number, method, cash, upi, credit, istDate(s.at), s.at);
      // UPI seen in the shop's app within minutes; some of the last day's not marked yet.
      if (upi > 0 && !(FIXTURE_END - s.at < DAY && rng() < 0.2))
        add('upi_received', s.ref, s.number, 'upi', upi, later(s.at, 60_000 + rng() * 600_000));
      const failed = s.status === 'Failure' || s.status === 'Error' || s.status === 'Refunded';
      if (failed && cash + upi > 0) {
        const kept = rng() < 0.05;
        add(
          kept ? 'kept_as_credit' : 'given_back',
          s.ref,
          s.number,
          cash > 0 ? 'cash' : 'upi',
          cash + upi,
          later(s.endedAt, 120_000 + rng() * 3_600_000),
        );
      }
      // Credit (the ledger took a failed sale's off the due itself): paid back, some in two parts.
      if (credit > 0 && !failed) {
        const by = rng() < 0.7 ? 'cash' : 'upi';
        const first = 86_400_000 * (1 + rng() * 20);
        if (rng() < 0.2) {
          const part = Math.floor(credit / 2000) * 1000;
          add('credit_payment', null, s.number, by, part, later(s.at, first / 2));
          add('credit_payment', null, s.number, by, credit - part, later(s.at, first));
        } else add('credit_payment', null, s.number, by, credit, later(s.at, first));
      }
      if (s.attempts.length > 1 && rng() < 0.01) {
        flag.run(s.ref, s.attempts[0]!, s.attempts[1]!, s.endedAt, FIXTURE_END - s.endedAt > 2 * DAY ? s.endedAt + DAY : null);
      }
    }
  })();
}

/**
 * Two years of a busy shop as its ledger would really be: 1,000,000 recharge attempts for about
 * 50,000 customers (regulars come back often, most come back now and then), mobile and DTH,
 * provider messages and raw replies stored, about 0.5% still open (older than 72 h: flagged
 * NeedsAttention, as the poller leaves them), and the books beside them (fillBooks). Built once
 * with bulk inserts and cached; the schema is the app's own (its migrations), and no ANALYZE runs,
 * as a new install has none (the plan test checks both).
 */
export function ledgerFixture(rows = FIXTURE_ROWS): string {
  const dir = join(ROOT, 'node_modules/.cache/rechargedesk');
  const file = join(dir, `ledger-${SHAPE}-${rows}-v${MIGRATIONS.length}.db`);
  if (existsSync(file)) return file;
  mkdirSync(dir, { recursive: true });
  const tmp = `${file}.building`;
  rmSync(tmp, { force: true });
  buildLedger(tmp, rows);
  renameSync(tmp, file);
  return file;
}

/** The fixture's ledger at `file` (see ledgerFixture): `rows` attempts by `customerCount` customers. */
export function buildLedger(file: string, rows: number, customerCount = CUSTOMERS): void {
  const ledger = Ledger.open(file);
  const db = ledgerDb(ledger);
  db.pragma('synchronous = OFF');
  // Bulk load without indexes, then build them once: ten times faster than keeping them current.
  // Not txns_sale: the triggers that count a sale's attempts (migration 19) find them on it.
  const indexes = db
    .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND name != 'txns_sale'")
    .all() as {
    name: string;
    sql: string;
  }[];
  for (const i of indexes) db.exec(`DROP INDEX ${i.name}`);
  const insert = db.prepare(
    `INSERT INTO txns (ref_id, number, operator, amount, status, provider_status, txn_id, opt_id, margin, balance_after, message,
       recharge_date, created_at, updated_at, next_check_at, attempts, account_id, sale_id, attempt_no, route_json, failure_confirmed,
       not_processed) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const event = db.prepare('INSERT INTO txn_events (ref_id, at, from_status, to_status, source, provider_reply) VALUES (?, ?, ?, ?, ?, ?)');
  const rng = createRng(42);
  const customers = Array.from({ length: customerCount }, () => customer(rng));
  const span = FIXTURE_DAYS * DAY;
  const sales: SaleRow[] = [];
  let balance = 5_000_000;
  db.transaction(() => {
    for (let i = 0; i < rows;) {
      const at = FIXTURE_END - span + Math.floor((i / rows) * span) + Math.floor(rng() * 30_000);
      // Skewed: regulars come back every few days (the busiest about 700 times), most now and then.
      const who = customers[Math.floor(rng() ** 1.5 * customerCount)]!;
      const final = finalStatus(rng(), at);
      const amount = [10, 19, 49, 99, 149, 199, 239, 299, 349, 399, 499, 666, 719, 839][Math.floor(rng() * 14)]! * 100;
      const routed = i >= rows * SALES_FROM;
      const first = routed ? ACCOUNTS[rng() < 0.6 ? 0 : rng() < 0.75 ? 1 : 2] : 'main';
      // A failover: the first account refused or failed it, the next one took it (a tenth fail there too).
      const tries = routed && rng() < FAILOVER ? (rng() < 0.1 ? 3 : 2) : 1;
      const refs: string[] = [];
      let t = at;
      for (let a = 1; a <= tries && i < rows; a++, i++) {
        const status = a < tries ? (rng() < 0.5 ? 'Failure' : 'Error') : final;
        const open = status === 'Pending' || status === 'NeedsAttention';
        const ref = `BN${t.toString(36).toUpperCase().slice(-7)}${String(i).padStart(7, '0')}`;
        refs.push(ref);
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
        const account = routed ? ACCOUNTS[(ACCOUNTS.indexOf(first) + a - 1) % 3]! : 'main';
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
          istDate(t),
          t,
          t + 2000,
          open ? t + 3600_000 : null,
          open ? 12 : 1,
          account,
          routed ? refs[0]! : null,
          a,
          routed ? JSON.stringify({ account, attempt: a }) : null,
          status === 'Failure' && a < tries ? 1 : 0,
          status === 'Error' && a < tries ? 1 : 0,
        );
        event.run(ref, t, null, 'Submitting', 'submit', null);
        event.run(ref, t + 2000, 'Submitting', status === 'NeedsAttention' ? 'Pending' : status, 'reply', reply);
        if (a === tries && routed) sales.push({ ref: refs[0]!, number: who.number, amount, at, status, endedAt: t + 2000, attempts: refs });
        t += 3000;
      }
    }
  })();
  for (const i of indexes) db.exec(i.sql);
  fillBooks(ledger, sales);
  nameCustomers(ledger, customers);
  ledger.close();
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
