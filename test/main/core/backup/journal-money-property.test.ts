import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Database from 'better-sqlite3';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ledger } from '../../../../src/main/core/ledger/ledger';
import { KhataService } from '../../../../src/main/core/khata/khata-service';
import { MoneyFollowService } from '../../../../src/main/core/sales/money-follow-service';
import { UserFacingError } from '../../../../src/main/core/errors/user-facing-error';
import { settingsSchema } from '../../../../src/shared/settings-schema';
import { replayOnto, snapshotThenJournal } from '../../../support/journal-replay';

const T0 = Date.parse('2026-11-20T06:00:00Z');
const DAY = '2026-11-20';
const CUSTOMERS = ['9876545555', '9812345555', '9823455555'];
const ref = (n: number) => `AAAA${String(n).padStart(12, '0')}`;

type Honest =
  | { op: 'credit_sale'; who: number; rupees: number; fails: boolean }
  | { op: 'pay'; who: number; percent: number }
  | { op: 'correct'; who: number; rupees: number }
  | { op: 'cash_fails_given_back'; who: number; rupees: number };
const who = fc.nat({ max: CUSTOMERS.length - 1 });
const rupees = fc.integer({ min: 10, max: 500 });
const honest: fc.Arbitrary<Honest> = fc.oneof(
  fc.record({ op: fc.constant('credit_sale' as const), who, rupees, fails: fc.boolean() }),
  fc.record({ op: fc.constant('pay' as const), who, percent: fc.integer({ min: 1, max: 100 }) }),
  fc.record({ op: fc.constant('correct' as const), who, rupees: fc.integer({ min: 0, max: 600 }) }),
  fc.record({ op: fc.constant('cash_fails_given_back' as const), who, rupees }),
);

const FORGED_KINDS = [
  'stranger_due',
  'above_due',
  'reversed_success',
  'given_back_success',
  'replayed_later',
  'missing_entry',
  'dated_1970',
] as const;
type Forged = { kind: (typeof FORGED_KINDS)[number]; who: number; where: number };
const forged: fc.Arbitrary<Forged> = fc.record({ kind: fc.constantFrom(...FORGED_KINDS), who, where: fc.nat() });
const REFUSED_AS: Record<Forged['kind'], string> = {
  stranger_due: 'no_such_entry',
  above_due: 'above_due',
  reversed_success: 'money_not_back',
  given_back_success: 'money_not_back',
  replayed_later: 'exists_with_different_content',
  missing_entry: 'no_such_entry',
  dated_1970: 'date_outside',
};

/** Before the snapshot: each customer bought ₹400 on credit and ₹199 in cash, both recharged. */
function before(l: Ledger) {
  CUSTOMERS.forEach((number, i) => {
    sale(l, 1 + i, number, { method: 'credit', cash: 0, upi: 0, credit: 40_000 }, T0 + i * 1000, false);
    sale(l, 11 + i, number, { method: 'cash', cash: 19_900, upi: 0, credit: 0 }, T0 + i * 1000 + 500, false);
  });
}

function sale(
  l: Ledger,
  n: number,
  number: string,
  parts: { method: 'credit' | 'cash'; cash: number; upi: number; credit: number },
  at: number,
  fails: boolean,
) {
  const amount = parts.cash + parts.credit;
  l.insertSubmitting({ refId: ref(n), number, operator: 'JIO', amount, rechargeDate: DAY, now: at, sale: { saleRef: null, ...parts } });
  l.update(ref(n), { status: fails ? 'Failure' : 'Success', nextCheckAt: null }, 'reply', at + 1);
}

/** The counter's own actions, through the live services (the money law's live path). */
function after(ops: Honest[]) {
  return (l: Ledger) => {
    let now = T0 + 3_600_000;
    const clock = () => now;
    const settings = settingsSchema.parse({ version: 1, installPrefix: 'AAAA' });
    const khata = new KhataService({ ledger: l, now: clock, settings: () => settings });
    const money = new MoneyFollowService({ ledger: l, now: clock });
    ops.forEach((o, i) => {
      now += 60_000;
      const number = CUSTOMERS[o.who]!;
      try {
        if (o.op === 'credit_sale') sale(l, 100 + i, number, { method: 'credit', cash: 0, upi: 0, credit: o.rupees * 100 }, now, o.fails);
        if (o.op === 'pay') {
          const due = l.khata.due(number);
          if (due > 0) khata.pay(number, Math.max(1, Math.floor((due / 100) * (o.percent / 100))), 'cash');
        }
        if (o.op === 'correct') khata.correct(number, { id: null, refId: ref(1 + o.who) }, o.rupees, true);
        if (o.op === 'cash_fails_given_back') {
          sale(l, 100 + i, number, { method: 'cash', cash: o.rupees * 100, upi: 0, credit: 0 }, now, true);
          money.settle(ref(100 + i), 'given_back');
        }
      } catch (e) {
        // The counter's own refusals (a correction that changes nothing) are part of the honest story.
        if (!(e instanceof UserFacingError)) throw e;
      }
    });
  };
}

const entry = (e: object) => ({
  kind: 'money',
  entry: {
    id: 90_000,
    kind: 'credit_payment',
    refId: null,
    method: 'cash',
    amount: 1_000,
    corrects: null,
    entryDate: DAY,
    at: T0 + 9e6,
    ...e,
  },
});

/** The journal with the forged lines put in among the honest ones; a replayed line goes after its original. */
function forge(usb: string, forgeries: Forged[]): string[] {
  const file = join(usb, 'journal.ndjson');
  const lines = existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
  const moneyAt = lines.flatMap((l, i) => (l.startsWith('{"kind":"money"') ? [i] : []));
  const inserts: { after: number; line: object }[] = [];
  const expected: string[] = [];
  forgeries.forEach((f, n) => {
    const number = CUSTOMERS[f.who]!;
    const id = 90_000 + n;
    const anywhere = (f.where % (lines.length + 1)) - 1;
    let line: object;
    let afterLine = anywhere;
    switch (f.kind) {
      case 'stranger_due':
        line = entry({ id, kind: 'correction', number: '9000000001', method: null, amount: 100_000_000 });
        break;
      case 'above_due':
        line = entry({ id, number, amount: 100_000_000 });
        break;
      case 'reversed_success':
        line = entry({ id, kind: 'credit_reversed', refId: ref(1 + f.who), number, method: null, amount: 40_000 });
        break;
      case 'given_back_success':
        line = entry({ id, kind: 'given_back', refId: ref(11 + f.who), number, amount: 19_900 });
        break;
      case 'missing_entry':
        line = entry({ id, kind: 'correction', number, method: null, amount: -1_000, corrects: 80_000 });
        break;
      case 'dated_1970':
        line = entry({ id, number, amount: 100, entryDate: '1970-01-01', at: 0 });
        break;
      case 'replayed_later': {
        if (moneyAt.length === 0) return;
        afterLine = moneyAt[f.where % moneyAt.length]!;
        const original = JSON.parse(lines[afterLine]!) as { entry: { at: number } };
        line = { ...original, entry: { ...original.entry, at: original.entry.at + 1 } };
        break;
      }
    }
    inserts.push({ after: afterLine, line });
    expected.push(REFUSED_AS[f.kind]);
  });
  const out = [...inserts.filter((x) => x.after < 0).map((x) => JSON.stringify(x.line))];
  lines.forEach((l, i) => {
    out.push(l);
    for (const x of inserts) if (x.after === i) out.push(JSON.stringify(x.line));
  });
  mkdirSync(usb, { recursive: true });
  writeFileSync(file, `${out.join('\n')}\n`);
  return expected.sort();
}

function dump(file: string) {
  const db = new Database(file, { readonly: true });
  try {
    const all = (table: string) => db.prepare(`SELECT * FROM ${table} ORDER BY 1`).all();
    return Object.fromEntries(['sales', 'money_entries', 'khata', 'give_back_waiting'].map((t) => [t, all(t)] as const));
  } finally {
    db.close();
  }
}

const dues = (l: Ledger) => ({ dues: CUSTOMERS.map((n) => l.khata.due(n)) });

describe('replay obeys the money law, whatever is mixed into the journal (issue 35 item 9)', () => {
  it('after replay every due is the one the honest entries alone make, every forged line is refused by name, twice changes nothing', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(honest, { maxLength: 14 }), fc.array(forged, { maxLength: 6 }), async (ops, forgeries) => {
        const { file, snapshot, usb } = await snapshotThenJournal(`journal-law-property-${run++}`, T0, before, after(ops));
        const expected = forge(usb, forgeries);
        const first = await replayOnto(snapshot, usb, T0, dues);
        const shop = dump(file);
        // A payment of ₹10 lakh is above the due, or, once the customer has paid it all, on nothing due.
        const names = first.refused.map((r) => (r.reason === 'nothing_due' ? 'above_due' : r.reason));
        expect(names.sort()).toEqual(expected);
        const counter = Ledger.open(file, T0);
        const honestDues = dues(counter);
        counter.close();
        expect(first.dues).toEqual(honestDues.dues);
        expect(dump(snapshot)).toEqual(shop);
        await replayOnto(snapshot, usb, T0, dues);
        expect(dump(snapshot)).toEqual(shop);
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});
