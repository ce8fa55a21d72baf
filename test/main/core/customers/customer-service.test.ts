import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copyFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Ledger } from '../../../../src/main/core/ledger/ledger';
import { CustomerService } from '../../../../src/main/core/customers/customer-service';
import { UserFacingError } from '../../../../src/main/core/errors/user-facing-error';
import { istDate } from '../../../../src/shared/ist-date';
import type { TxnStatus } from '../../../../src/shared/status';
import { seedLedger } from '../../../support/seed-ledger';
import { IntegrityMonitor } from '../../../../src/main/core/ledger/integrity-check';
import { checkpoint, leafPages, smashPage } from '../../../support/damage-sqlite';
import { tempDir } from '../../../support/temp-dir';

let dir: string;
let file: string;
let ledger: Ledger;
let book: CustomerService;
let now: number;
const NOON = Date.parse('2026-11-22T06:30:00Z'); // 12:00 IST, 22 November
const DAY = 86_400_000;

beforeEach(() => {
  dir = tempDir('customers');
  file = join(dir, 'ledger.db');
  ledger = Ledger.open(file);
  now = NOON;
  book = new CustomerService({ ledger, now: () => now });
});
afterEach(() => {
  ledger.close();
});

let seq = 0;
function recharge(number: string, amount: number, status: TxnStatus = 'Success', at = NOON - 3600_000, operator = 'JIO') {
  const refId = `R${++seq}`;
  ledger.insertSubmitting({ refId, number, operator, amount, rechargeDate: istDate(at), now: at });
  if (status !== 'Submitting') ledger.update(refId, { status, nextCheckAt: null }, 'reply', at + 1000);
  return refId;
}

/** What the refusal said, and that it was a refusal the shopkeeper reads. */
function refusal(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (e instanceof UserFacingError) return e.code;
    throw e;
  }
  throw new Error('not refused');
}

describe('the customer book', () => {
  it('remembers the last successful recharge of a number, its operator, usual amount and the day its pack runs out', () => {
    recharge('9876543210', 19900, 'Success', NOON - 40 * DAY, 'AT');
    recharge('9876543210', 19900, 'Success', NOON - 20 * DAY, 'AT');
    recharge('9876543210', 29900, 'Success', NOON - 2 * DAY, 'JIO');
    recharge('9876543210', 47900, 'Failure', NOON - DAY, 'JIO');
    const { customer, recent } = book.get('9876543210');
    expect(customer).toMatchObject({
      number: '9876543210',
      name: '',
      operator: 'JIO',
      lastAmount: 29900,
      lastDate: '2026-11-20',
      dueDate: '2026-12-18', // 28 days, the default
      usualAmount: 19900, // taken twice; the failed ₹479 never counts
    });
    expect(recent.map((r) => [r.amount, r.status])).toEqual([
      [47900, 'Failure'],
      [29900, 'Success'],
      [19900, 'Success'],
      [19900, 'Success'],
    ]);
    expect(book.get('9000000000')).toEqual({ customer: null, recent: [] });
  });

  it('a success that is refunded no longer counts: the due date goes back to the success before it', () => {
    recharge('9876543210', 19900, 'Success', NOON - 10 * DAY);
    const late = recharge('9876543210', 29900, 'Success', NOON - DAY);
    expect(book.get('9876543210').customer?.dueDate).toBe('2026-12-19');
    ledger.update(late, { status: 'Refunded', nextCheckAt: null }, 'poll', NOON);
    expect(book.get('9876543210').customer).toMatchObject({ lastAmount: 19900, dueDate: '2026-12-10' });
  });

  it('names a number and finds it by any word of the name, in English or Hindi, and the name stays after reopening', () => {
    recharge('9876543210', 19900);
    book.save({ number: '9876543210', name: '  Ramesh   Kumar ', operator: null, circle: 'UE' });
    book.save({ number: '9812345678', name: 'रमेश शर्मा', operator: 'VI', circle: null });
    expect(book.find('ramesh').map((c) => c.number)).toEqual(['9876543210']);
    expect(book.find('KUM').map((c) => c.name)).toEqual(['Ramesh Kumar']);
    expect(book.find('ram ku').map((c) => c.number)).toEqual(['9876543210']);
    expect(book.find('ram sh')).toEqual([]);
    expect(book.find('शर्मा').map((c) => c.number)).toEqual(['9812345678']);
    expect(book.find('98123').map((c) => c.name)).toEqual(['रमेश शर्मा']);
    // The operator given is kept; none given keeps the one the ledger remembered.
    expect(book.get('9876543210').customer).toMatchObject({ operator: 'JIO', circle: 'UE', usualAmount: 19900 });
    expect(book.get('9812345678').customer).toMatchObject({ operator: 'VI', dueDate: null });
    ledger.close();
    ledger = Ledger.open(file);
    book = new CustomerService({ ledger, now: () => now });
    expect(book.find('kumar').map((c) => c.number)).toEqual(['9876543210']);
  });

  it('names the named numbers of a page of history, and only those', () => {
    book.save({ number: '9876543210', name: 'Ramesh Kumar', operator: null, circle: null });
    book.save({ number: '9812345678', name: 'Geeta', operator: null, circle: null });
    book.save({ number: '9812345678', name: '', operator: null, circle: null });
    recharge('9000000001', 19900);
    expect(book.names(['9876543210', '9812345678', '9000000001', '9876543210', '5555555555'])).toEqual([
      { number: '9876543210', name: 'Ramesh Kumar' },
    ]);
    expect(book.names([])).toEqual([]);
  });

  it('renaming forgets the old words; an empty name takes the name away', () => {
    book.save({ number: '9876543210', name: 'Ramesh', operator: null, circle: null });
    book.save({ number: '9876543210', name: 'Suresh', operator: null, circle: null });
    expect(book.find('ramesh')).toEqual([]);
    expect(book.find('suresh')).toHaveLength(1);
    book.save({ number: '9876543210', name: '', operator: null, circle: null });
    expect(book.find('suresh')).toEqual([]);
    expect(book.get('9876543210').customer?.name).toBe('');
  });

  it('refuses a name too long, with control characters, or without a letter, and changes nothing', () => {
    book.save({ number: '9876543210', name: 'Ramesh', operator: null, circle: null });
    const before = ledger.fingerprint();
    expect(refusal(() => book.save({ number: '9876543210', name: 'R'.repeat(61), operator: null, circle: null }))).toBe(
      'customer_name_too_long',
    );
    expect(refusal(() => book.save({ number: '9876543210', name: 'Ram\u0007esh', operator: null, circle: null }))).toBe(
      'customer_name_control',
    );
    expect(refusal(() => book.save({ number: '9876543210', name: 'Ram\u202Ehser', operator: null, circle: null }))).toBe(
      'customer_name_control',
    );
    expect(refusal(() => book.save({ number: '9876543210', name: '12345', operator: null, circle: null }))).toBe('customer_name_no_letter');
    expect(refusal(() => book.save({ number: '98765', name: 'Ramesh', operator: null, circle: null }))).toBe('customer_number_invalid');
    expect(refusal(() => book.save({ number: '9876543210', name: 'Ramesh', operator: 'NOPE', circle: null }))).toBe(
      'customer_operator_unknown',
    );
    expect(book.get('9876543210').customer?.name).toBe('Ramesh');
    expect(book.find('ramesh')).toHaveLength(1);
    expect(ledger.fingerprint()).toBe(before);
    // Sixty letters is the limit, not one less; a Devanagari name with its joiners is a name.
    expect(book.save({ number: '9876543210', name: 'R'.repeat(60), operator: null, circle: null }).name).toHaveLength(60);
    expect(book.save({ number: '9876543210', name: 'क्\u200Dष', operator: null, circle: null }).name).toBe('क्\u200Dष');
  });

  it('validity per amount moves the due date of customers last recharged with it; out of range changes nothing', () => {
    recharge('9876543210', 19900, 'Success', NOON - 3 * DAY);
    recharge('9812345678', 29900, 'Success', NOON - 3 * DAY);
    expect(book.setValidity(19900, 84).items).toEqual([{ amount: 19900, days: 84 }]);
    expect(book.get('9876543210').customer?.dueDate).toBe('2027-02-11');
    expect(book.get('9812345678').customer?.dueDate).toBe('2026-12-17');
    for (const days of [0, 366, -5, 1.5]) expect(refusal(() => book.setValidity(19900, days))).toBe('validity_out_of_range');
    expect(book.validity().items).toEqual([{ amount: 19900, days: 84 }]);
    expect(book.get('9876543210').customer?.dueDate).toBe('2027-02-11');
    // A later recharge of that amount uses the validity set for it.
    recharge('9812345678', 19900, 'Success', NOON);
    expect(book.get('9812345678').customer?.dueDate).toBe('2027-02-14');
    book.setValidity(19900, null);
    expect(book.validity()).toEqual({ defaultDays: 28, items: [] });
    expect(book.get('9876543210').customer?.dueDate).toBe('2026-12-17');
  });

  it('the due list: due today and this week, and lapsed in the last week, soonest first; later and long-gone ones are not on it', () => {
    book.setValidity(1000, 1);
    recharge('9000000001', 1000, 'Success', NOON - DAY); // due today
    recharge('9000000002', 1000, 'Success', NOON); // due tomorrow
    recharge('9000000003', 1000, 'Success', NOON - 5 * DAY); // lapsed 4 days ago
    recharge('9000000004', 1000, 'Success', NOON - 30 * DAY); // lapsed a month ago
    recharge('9000000005', 19900, 'Success', NOON); // due in 28 days
    recharge('9000000006', 1000, 'Failure', NOON - DAY); // never succeeded
    book.save({ number: '9000000002', name: 'Geeta', operator: null, circle: null });
    const due = book.due();
    expect(due.today).toBe('2026-11-22');
    expect(due.items.map((c) => [c.number, c.dueDate, c.name])).toEqual([
      ['9000000003', '2026-11-18', ''],
      ['9000000001', '2026-11-22', ''],
      ['9000000002', '2026-11-23', 'Geeta'],
    ]);
    // Recharged again: off the list until the new pack runs out.
    recharge('9000000001', 19900, 'Success', NOON);
    expect(book.due().items.map((c) => c.number)).not.toContain('9000000001');
  });

  it("a shop's ledger from before the book starts it from its successful recharges", () => {
    ledger.close();
    copyFileSync(resolve(import.meta.dirname, '../../../fixtures/ledger-v5.db'), file);
    ledger = Ledger.open(file, NOON);
    book = new CustomerService({ ledger, now: () => now });
    expect(book.get('9876543210').customer).toMatchObject({ operator: 'JIO', lastAmount: 19900, dueDate: '2025-04-07', name: '' });
    // Failed, open, and successful-then-refunded recharges give no pack to run out.
    for (const number of ['9812345678', '9988776655', '301234567890']) expect(book.get(number).customer).toBeNull();
  });

  it('a damaged ledger is salvaged with its customer book: names, words and validity come along', async () => {
    ledger.close();
    rmSync(file);
    const seeded = seedLedger(file, 3000, NOON);
    ledger = Ledger.open(file, NOON);
    book = new CustomerService({ ledger, now: () => now });
    const named = seeded.filter((t) => t.status === 'Success').at(-1)!.number;
    book.save({ number: named, name: 'Ramesh Kumar', operator: null, circle: 'MP' });
    book.setValidity(19900, 56);
    ledger.close();
    checkpoint(file);
    const pages = leafPages(file, 'txns');
    smashPage(file, pages[Math.floor(pages.length / 2)]!);
    // The background check finds the damage; the next open salvages (see ledger/salvage.test.ts).
    const check = await new IntegrityMonitor({ file, now: () => NOON, onResult: () => {} }).runIfDue(true);
    expect(check?.ok).toBe(false);
    ledger = Ledger.open(file, NOON + 1);
    expect(ledger.repair?.kind).toBe('salvaged');
    book = new CustomerService({ ledger, now: () => now });
    expect(book.find('kumar').map((c) => [c.number, c.circle])).toEqual([[named, 'MP']]);
    expect(book.validity().items).toEqual([{ amount: 19900, days: 56 }]);
  });
});
