import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ledger } from '../../../../src/main/core/ledger/ledger';
import { rebuildLedger } from '../../../../src/main/core/ledger/rebuild';
import { MoneyFollowService } from '../../../../src/main/core/sales/money-follow-service';
import { SaleService } from '../../../../src/main/core/sales/sale-service';
import { DayCloseService } from '../../../../src/main/core/dayclose/day-close-service';
import { ReportService } from '../../../../src/main/core/reports/report-service';
import { replayOnto, snapshotThenJournal } from '../../../support/journal-replay';

// Issue 40: a split sale (₹100 cash + ₹99 UPI) whose recharge failed and whose UPI part never came,
// settled "cash handed back, UPI never came" (split_not_paid). A restore puts it back once, and the
// journal can no more settle it twice, or mark its UPI received beside it, than the counter can.

const T0 = Date.parse('2026-11-20T06:00:00Z');
const DAY = '2026-11-20';
const N = '9876546666';
const SPLIT = 'SPLT000000000001';
const LATER = T0 + 3_600_000;

function failedSplit(l: Ledger) {
  const sale = { saleRef: `S${SPLIT}`, method: 'split' as const, cash: 10_000, upi: 9_900, credit: 0 };
  l.insertSubmitting({ refId: SPLIT, number: N, operator: 'JIO', amount: 19_900, rechargeDate: DAY, now: T0, sale });
  l.update(SPLIT, { status: 'Failure', nextCheckAt: null }, 'reply', T0 + 1000);
}

const services = (ledger: Ledger) => ({
  money: new MoneyFollowService({ ledger, now: () => LATER }),
  sales: new SaleService({ ledger, now: () => LATER }),
  days: new DayCloseService({
    ledger,
    reports: new ReportService({ ledger, now: () => LATER, language: () => 'en' }),
    now: () => LATER,
    upiSet: () => true,
  }),
});

/** What the shopkeeper reads of the books: the close's money, the two lists, how the sale was settled. */
function books(l: Ledger) {
  const { money, sales, days } = services(l);
  return {
    day: days.get(DAY).money,
    toGiveBack: money.toGiveBack().map((s) => s.refId),
    unreceived: sales.unreceived().map((s) => s.refId),
    settledAs: l.sales.forRef(SPLIT)?.settledAs ?? null,
    upiReceived: l.sales.forRef(SPLIT)?.upiReceivedAt != null,
  };
}

/** Every row of the customer's money, derived tables included, as stored. */
function dump(file: string) {
  const db = new Database(file, { readonly: true });
  try {
    const all = (table: string) => db.prepare(`SELECT * FROM ${table} ORDER BY 1`).all();
    return Object.fromEntries(['sales', 'money_entries', 'upi_waiting', 'give_back_waiting'].map((t) => [t, all(t)] as const));
  } finally {
    db.close();
  }
}

/** A line put into the journal after the genuine ones, as someone with the USB drive would. */
const forged = (kind: string, method: 'cash' | 'upi', amount: number) =>
  JSON.stringify({
    kind: 'money',
    entry: { id: 900, kind, refId: SPLIT, number: N, method, amount, corrects: null, entryDate: DAY, at: LATER + 60_000 },
  });

/** The snapshot holds the failed split; the journal since holds what the counter did (`after`) and the forged lines. */
async function restored(name: string, after: (l: Ledger) => void, ...lines: string[]) {
  const { file, snapshot, usb } = await snapshotThenJournal(name, T0, failedSplit, after);
  const journal = join(usb, 'journal.ndjson');
  mkdirSync(usb, { recursive: true });
  const written = existsSync(journal) ? readFileSync(journal, 'utf8') : '';
  writeFileSync(journal, `${written}${lines.map((l) => `${l}\n`).join('')}`);
  const replayed = await replayOnto(snapshot, usb, T0, books);
  return { file, snapshot, usb, replayed };
}

const settle = (l: Ledger) => services(l).money.settle(SPLIT, 'split_not_paid');
const markReceived = (l: Ledger) => services(l).sales.markReceived(SPLIT);

describe('a split whose UPI never came, through the journal and a restore (issue 40)', () => {
  it('a restore replays it once: the close takes only the ₹100 cash off, the UPI expected is unchanged, both lists stay clear', async () => {
    const { file, snapshot, usb, replayed } = await restored('split-journal', settle);
    expect(replayed.refused).toEqual([]);
    expect(replayed.settledAs).toBe('split_not_paid');
    expect(replayed.day?.cash).toEqual({ sales: 10_000, payments: 0, givenBack: 10_000, expected: 0 });
    expect(replayed.day?.upi).toEqual({ received: 0, payments: 0, givenBack: 0, expected: 0 });
    expect(replayed).toMatchObject({ toGiveBack: [], unreceived: [] });
    expect(dump(snapshot)).toEqual(dump(file));
    // The same journal again changes nothing.
    const again = await replayOnto(snapshot, usb, T0, books);
    expect(again.refused).toEqual([]);
    expect(dump(snapshot)).toEqual(dump(file));
  });

  it.each([
    ['a UPI marked received', forged('upi_received', 'upi', 9_900)],
    ['a second settle: given back in full', forged('given_back', 'cash', 19_900)],
    ['a second settle: kept as credit', forged('kept_as_credit', 'cash', 19_900)],
    ['the same settle again under another id', forged('split_not_paid', 'cash', 10_000)],
  ])('after it, refuses %s by name and keeps the books as the counter left them', async (_what, line) => {
    const { file, snapshot, replayed } = await restored('split-journal-after', settle, line);
    expect(replayed.refused.map((r) => r.reason)).toEqual(['exists_with_different_content']);
    expect(replayed).toMatchObject({ settledAs: 'split_not_paid', upiReceived: false, toGiveBack: [], unreceived: [] });
    expect(replayed.day?.cash.expected).toBe(0);
    expect(dump(snapshot)).toEqual(dump(file));
  });

  it('after a UPI marked received (the UPI came), refuses it by name: the ₹199 stays to give back', async () => {
    const { file, snapshot, replayed } = await restored('split-journal-received', markReceived, forged('split_not_paid', 'cash', 10_000));
    expect(replayed.refused.map((r) => r.reason)).toEqual(['exists_with_different_content']);
    expect(replayed).toMatchObject({ settledAs: null, upiReceived: true, toGiveBack: [SPLIT] });
    expect(dump(snapshot)).toEqual(dump(file));
  });

  it('refuses one that carries the whole ₹199 (a given back passed off as it) by its amount', async () => {
    const { replayed } = await restored('split-journal-amount', () => {}, forged('split_not_paid', 'cash', 19_900));
    expect(replayed.refused.map((r) => r.reason)).toEqual(['amount']);
    expect(replayed).toMatchObject({ settledAs: null, toGiveBack: [SPLIT] });
  });

  it('a ledger rebuilt from a backup keeps it: settled once, off both lists', async () => {
    const { file } = await snapshotThenJournal(
      'split-rebuild',
      T0,
      (l) => (failedSplit(l), settle(l)),
      () => {},
    );
    const target = join(file, '..', 'rebuilt.db');
    rebuildLedger(file, target, 'backup');
    const l = Ledger.open(target, T0);
    try {
      expect(books(l)).toMatchObject({ settledAs: 'split_not_paid', toGiveBack: [], unreceived: [] });
      expect(services(l).money.settle(SPLIT, 'given_back').settledAs).toBe('split_not_paid');
      expect(books(l).day?.cash.expected).toBe(0);
    } finally {
      l.close();
    }
  });
});
