import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ledger } from '../../../../src/main/core/ledger/ledger';
import { replayOnto, snapshotThenJournal } from '../../../support/journal-replay';
import type { NewSale } from '../../../../src/main/core/ledger/sale-sql';
import { tempDir } from '../../../support/temp-dir';
import { restoreInto } from '../../../../src/main/core/backup/restore-session';
import type { RefusedLine } from '../../../../src/main/core/backup/journal-check';
import type { ProviderSession } from '../../../../src/main/core/session/provider-session';

const T0 = Date.parse('2026-11-20T06:00:00Z');
const DAY = '2026-11-20';
const A = '9876545555'; // owes ₹400 for a successful credit sale in the snapshot
const B = '9812345555'; // paid ₹199 cash for a successful recharge in the snapshot
const C = '9823455555'; // buys on credit after the snapshot, after the forgery

const ref = (n: number) => `AAAA${String(n).padStart(12, '0')}`;
function sell(l: Ledger, n: number, number: string, sale: Omit<NewSale, 'saleRef'>) {
  const amount = sale.cash + sale.upi + sale.credit;
  const at = T0 + n * 60_000;
  l.insertSubmitting({ refId: ref(n), number, operator: 'JIO', amount, rechargeDate: DAY, now: at, sale: { saleRef: null, ...sale } });
  l.update(ref(n), { status: 'Success', nextCheckAt: null }, 'reply', at + 1000);
}

/** Every row of the customer's money, derived tables included, as stored. */
function dump(file: string) {
  const db = new Database(file, { readonly: true });
  try {
    const all = (table: string) => db.prepare(`SELECT * FROM ${table} ORDER BY 1`).all();
    return Object.fromEntries(
      ['sales', 'money_entries', 'khata', 'khata_ages', 'upi_waiting', 'give_back_waiting'].map((t) => [t, all(t)] as const),
    );
  } finally {
    db.close();
  }
}

/**
 * A shop with a snapshot (A's ₹400 credit sale, B's ₹199 cash sale, both recharged) and a journal
 * since: A pays ₹100, then C buys ₹300 on credit. `forged` lines are put into the journal right
 * after A's payment, before C's sale, as someone with the USB drive would.
 */
async function shopWithForgery(name: string, forged: (payment: MoneyEntry) => object[]) {
  const { file, snapshot, usb } = await snapshotThenJournal(
    name,
    T0,
    (l) => {
      sell(l, 1, A, { method: 'credit', cash: 0, upi: 0, credit: 40_000 });
      sell(l, 2, B, { method: 'cash', cash: 19_900, upi: 0, credit: 0 });
    },
    (l) => {
      l.khata.pay({ number: A, method: 'cash', amount: 10_000, date: DAY, at: T0 + 3_600_000 });
      sell(l, 70, C, { method: 'credit', cash: 0, upi: 0, credit: 30_000 });
    },
  );
  const journal = join(usb, 'journal.ndjson');
  const lines = readFileSync(journal, 'utf8').split('\n').filter(Boolean);
  const at = lines.findIndex((l) => l.includes('"credit_payment"'));
  const payment = (JSON.parse(lines[at]!) as { entry: MoneyEntry }).entry;
  lines.splice(at + 1, 0, ...forged(payment).map((l) => JSON.stringify(l)));
  writeFileSync(journal, `${lines.join('\n')}\n`);
  return { file, snapshot, usb };
}

interface MoneyEntry {
  id: number;
  kind: string;
  refId: string | null;
  number: string | null;
  method: 'cash' | 'upi' | null;
  amount: number;
  corrects: number | null;
  entryDate: string;
  at: number;
}
const entry = (e: Partial<MoneyEntry>) => ({
  kind: 'money',
  entry: { id: 500, kind: 'credit_payment', refId: null, number: A, method: 'cash', amount: 1_000, corrects: null, entryDate: DAY, ...e },
});
const later = T0 + 3_700_000;

/** Each forged line the attack on main got applied, and the name the money law refuses it by. */
const FORGERIES: { what: string; reason: RefusedLine['reason']; line: (payment: MoneyEntry) => object }[] = [
  {
    what: 'a ₹10 lakh due for a stranger (a correction naming nothing)',
    reason: 'no_such_entry',
    line: () => entry({ kind: 'correction', number: '9000000001', method: null, amount: 100_000_000, at: later }),
  },
  { what: 'a ₹10 lakh payment on a ₹300 due', reason: 'above_due', line: () => entry({ amount: 100_000_000, at: later }) },
  {
    what: 'credit_reversed on a successful credit sale',
    reason: 'money_not_back',
    line: () => entry({ kind: 'credit_reversed', refId: ref(1), method: null, amount: 40_000, at: later }),
  },
  {
    what: 'given_back on a successful cash sale',
    reason: 'money_not_back',
    line: () => entry({ kind: 'given_back', refId: ref(2), number: B, amount: 19_900, at: later }),
  },
  {
    what: '"did not pay" on a cash sale that went through (issue 40)',
    reason: 'amount',
    line: () => entry({ kind: 'not_paid', refId: ref(2), number: B, method: 'upi', amount: 19_900, at: later }),
  },
  {
    what: 'a genuine payment replayed 1 ms later under its own id',
    reason: 'exists_with_different_content',
    line: (payment) => ({ kind: 'money', entry: { ...payment, at: payment.at + 1 } }),
  },
  {
    what: 'a correction of an entry that does not exist',
    reason: 'no_such_entry',
    line: () => entry({ kind: 'correction', method: null, amount: -10_000, corrects: 9_999, at: later }),
  },
  { what: 'a payment dated 1970', reason: 'date_outside', line: () => entry({ entryDate: '1970-01-01', at: 0 }) },
];

/** What a shopkeeper reads of the replayed books: each due and the day's money the close adds up. */
function books(l: Ledger) {
  return { dues: [A, B, C].map((n) => l.khata.due(n)), day: l.dayCloses.money(DAY) };
}

describe('a restore replays journal lines only as the money law allows (issue 35 item 9)', () => {
  it.each(FORGERIES)('refuses $what by name ($reason), and replays the honest lines around it', async ({ reason, line }) => {
    const { file, snapshot, usb } = await shopWithForgery('journal-law', (p) => [line(p)]);
    const shop = Ledger.open(file, T0);
    const honest = books(shop);
    shop.close();
    expect(honest.dues).toEqual([30_000, 0, 30_000]);

    const replayed = await replayOnto(snapshot, usb, T0, books);
    expect(replayed.refused.map((r) => r.reason)).toEqual([reason]);
    expect({ dues: replayed.dues, day: replayed.day }).toEqual(honest);
    expect(dump(snapshot)).toEqual(dump(file));
  });

  it('refuses a recharge dated 1970 for a stranger and the ₹1,000 credit sale that names it', async () => {
    const stranger = '9000000001';
    const { file, snapshot, usb } = await shopWithForgery('journal-law-1970', () => []);
    const lines = readFileSync(join(usb, 'journal.ndjson'), 'utf8').split('\n').filter(Boolean);
    const submitting = JSON.parse(lines.find((l) => l.includes('"toStatus":"Submitting"'))!) as { txn: object; event: object };
    const forged = { refId: ref(99), number: stranger, amount: 100_000, createdAt: 0, updatedAt: 0 };
    const sale = { id: 99, refId: ref(99), saleRef: null, number: stranger, method: 'credit', cash: 0, upi: 0, credit: 100_000 };
    writeFileSync(
      join(usb, 'journal.ndjson'),
      [
        ...lines,
        JSON.stringify({ txn: { ...submitting.txn, ...forged }, event: { ...submitting.event, refId: ref(99), at: 0 } }),
        JSON.stringify({ kind: 'sale', sale: { ...sale, saleDate: DAY, createdAt: T0 + 3_700_000 } }),
        '',
      ].join('\n'),
    );
    const replayed = await replayOnto(snapshot, usb, T0, (l) => ({ stranger: l.khata.due(stranger), txn: l.get(ref(99)) ?? null }));
    expect(replayed.refused).toEqual([
      { refId: ref(99), reason: 'date_outside' },
      { refId: ref(99), reason: 'no_such_sale' },
    ]);
    expect(replayed).toMatchObject({ stranger: 0, txn: null });
    expect(dump(snapshot)).toEqual(dump(file));
  });

  it('keeps a line whose id the replay’s own trigger took under a new id, and a second replay refuses nothing', () => {
    const l = Ledger.open(join(tempDir('journal-law-trigger-id'), 'ledger.db'), T0);
    try {
      for (const n of [1, 2]) {
        const sale = { saleRef: null, method: 'credit' as const, cash: 0, upi: 0, credit: 40_000 };
        l.insertSubmitting({ refId: ref(n), number: A, operator: 'JIO', amount: 40_000, rechargeDate: DAY, now: T0, sale });
      }
      // The failure's credit_reversed is written by a trigger and takes id 1, the id the payment's line carries.
      const failed = { txn: { ...l.get(ref(2))!, status: 'Failure' as const, updatedAt: T0 + 1000 }, event: null };
      const pay = { id: 1, kind: 'credit_payment' as const, refId: null, number: A, method: 'cash' as const, amount: 10_000 };
      const lines = [failed, { kind: 'money' as const, entry: { ...pay, corrects: null, entryDate: DAY, at: T0 + 2000 } }];
      const clock = { snapshotAt: T0, now: Date.now() };
      expect(l.replayJournal(lines, clock).refused).toEqual([]);
      expect(l.replayJournal(lines, clock).refused).toEqual([]);
      expect(l.khata.due(A)).toBe(30_000);
    } finally {
      l.close();
    }
  });

  it('refuses them all at once through the restore itself, names them on screen, and a second replay changes nothing', async () => {
    const { file, snapshot, usb } = await shopWithForgery('journal-law-restore', (p) => FORGERIES.map((f) => f.line(p)));
    // The snapshot as the backup folder keeps it: the newest of its index, with its manifest.
    const backup = join(usb, 'ledger-2026-11-20.db');
    copyFileSync(snapshot, backup);
    const db = new Database(backup);
    db.exec('CREATE TABLE backup_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
    db.prepare("INSERT INTO backup_meta VALUES ('manifest', ?)").run(JSON.stringify({ app: 'RechargeDesk', at: T0, settings: {} }));
    db.pragma('journal_mode = DELETE');
    db.close();
    const entry = { file: 'ledger-2026-11-20.db', at: T0, reason: 'manual', counts: {}, first: null, last: null };
    writeFileSync(join(usb, 'backups.json'), JSON.stringify({ version: 1, backups: [entry] }));

    const target = join(usb, '..', 'restored', 'ledger.db');
    const shown: RefusedLine[] = [];
    const sessionOn = (ledger: Ledger) =>
      ({
        ledger,
        recharge: { busy: false },
        backups: { whenIdle: () => Promise.resolve() },
        reconciler: { begin: () => {} },
        close: () => Promise.resolve(ledger.close()),
      }) as unknown as ProviderSession;
    mkdirSync(join(usb, '..', 'restored'), { recursive: true });
    Ledger.open(target, T0).close();
    const r = await restoreInto(
      Promise.resolve(sessionOn(Ledger.open(target, T0))),
      backup,
      () => Promise.resolve(sessionOn(Ledger.open(target, T0))),
      () => Date.now(),
      (lines) => shown.push(...lines),
    );
    expect('result' in r).toBe(true);
    expect(shown.map((s) => s.reason).sort()).toEqual(FORGERIES.map((f) => f.reason).sort());
    expect(books(r.session.ledger).dues).toEqual([30_000, 0, 30_000]);
    await r.session.close();
    expect(dump(target)).toEqual(dump(file));

    const again = await replayOnto(target, usb, T0, books);
    expect(again.dues).toEqual([30_000, 0, 30_000]);
    expect(dump(target)).toEqual(dump(file));
  });
});
