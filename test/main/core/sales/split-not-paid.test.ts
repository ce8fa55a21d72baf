import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../../src/sandbox';
import { heldClock, openMoneySession } from '../../../support/money-session';
import { ledgerDb } from '../../../support/ledger-db';
import type { ProviderSession } from '../../../../src/main/core/session/provider-session';
import type { PaymentChoice } from '../../../../src/shared/payment/payment-parts';
import { UserFacingError } from '../../../../src/main/core/errors/user-facing-error';
import { istDate } from '../../../../src/shared/ist-date';

// Issue 40's leftover: a split sale (₹100 cash + ₹99 UPI) whose recharge failed and whose UPI part
// never came. "Given back" booked ₹199 as cash handed back, so the close expected the drawer short by
// ₹99; "the customer did not pay" was refused (the cash was paid). split_not_paid hands back the cash
// and books the UPI part as never paid.

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const START = Date.parse('2026-11-23T06:00:00Z');
const DAY = istDate(START);
const SPLIT: PaymentChoice = { method: 'split', cashRupees: 100 };

async function open() {
  const clock = heldClock(START);
  const sandbox = await startSandbox({ pendingMs: 60_000, now: clock.now });
  cleanups.push(() => sandbox.close());
  const opened = await openMoneySession({ baseUrl: sandbox.url, now: clock.now, upi: { vpa: 'shop@upi', payee: 'Shop' } });
  cleanups.push(opened.close);
  return { clock, sandbox, session: opened.session, notices: opened.notices };
}

/** A recharge sold at the counter; the sandbox recharges numbers ending 5555, fails those ending 0000 at once and 2222 after a wait. */
const sell = async (session: ProviderSession, number: string, amount: number, payment: PaymentChoice) =>
  (await session.recharge.submit({ number, operator: 'JIO', amount, confirmDuplicate: false, payment })).txn;

const code = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e instanceof UserFacingError ? e.code : String(e);
  }
  return 'no error';
};

/** A day's sales: ₹239 cash and ₹149 UPI (received) that went through, and the ₹199 split whose recharge failed after a wait. */
async function dayWithFailedSplit() {
  const o = await open();
  const { session, clock, sandbox } = o;
  await sell(session, '9876545555', 239, { method: 'cash' });
  const upi = await sell(session, '9876515555', 149, { method: 'upi' });
  session.sales.markReceived(upi.refId);
  const split = await sell(session, '9876542222', 199, SPLIT);
  expect(split.status).toBe('Pending');
  clock.advance(60_001);
  sandbox.admin.tick();
  await session.poller.checkNow(split.refId, 'poll');
  expect(session.ledger.get(split.refId)?.status).toBe('Failure');
  return { ...o, split: split.refId };
}

describe('a failed split sale whose UPI part never came (issue 40)', () => {
  it('hands back the ₹100 cash only: the close expects the cash sales less ₹100, and its UPI expected does not move', async () => {
    const { session, clock, notices, split } = await dayWithFailedSplit();
    const before = session.dayClose.get(DAY).money;
    // The split's cash was taken into the drawer with the sale.
    expect(before?.cash).toMatchObject({ sales: 23_900 + 10_000, givenBack: 0, expected: 33_900 });
    expect(before?.upi.expected).toBe(14_900);
    expect(session.moneyFollow.toGiveBack().map((s) => s.refId)).toEqual([split]);
    expect(session.sales.unreceived().map((s) => s.refId)).toEqual([split]);
    expect(notices.list().map((n) => `${n.outcome.code}:${n.key}`)).toContain(`txn_failed_late:${split}`);

    clock.advance(3600_000);
    expect(session.moneyFollow.settle(split, 'split_not_paid')).toMatchObject({ settledAs: 'split_not_paid', settledAt: clock.t });

    const after = session.dayClose.get(DAY).money;
    expect(after?.cash).toEqual({ sales: 33_900, payments: 0, givenBack: 10_000, expected: 33_900 - 10_000 });
    expect(after?.upi).toEqual(before?.upi);
    // Not an advance held for the customer either, and off both lists and the notice bar.
    expect(session.ledger.khata.due('9876542222')).toBe(0);
    expect(session.moneyFollow.toGiveBack()).toEqual([]);
    expect(session.sales.unreceived()).toEqual([]);
    expect(notices.list().map((n) => n.key)).not.toContain(split);
    expect(session.dayClose.get(DAY).toGiveBack).toEqual({ count: 0, amount: 0 });
  });

  it('is settled once: a second choice, the same one again, and a UPI marked received after it change nothing', async () => {
    const { session, split } = await dayWithFailedSplit();
    const settled = session.moneyFollow.settle(split, 'split_not_paid');
    for (const choice of ['split_not_paid', 'given_back', 'kept_as_credit', 'not_paid'] as const) {
      expect(session.moneyFollow.settle(split, choice)).toEqual(settled);
    }
    expect(code(() => session.sales.markReceived(split))).toBe('upi_marked_split_not_paid');
    const db = ledgerDb(session.ledger);
    const kinds = () => db.prepare('SELECT kind, method, amount FROM money_entries WHERE ref_id = ? ORDER BY id').all(split);
    expect(kinds()).toEqual([{ kind: 'split_not_paid', method: 'cash', amount: 10_000 }]);
    // The ledger holds the line itself, whoever writes (a peer, a forged row).
    const write = (kind: string, method: string, amount: number) =>
      db
        .prepare(`INSERT INTO money_entries (kind, ref_id, number, method, amount, entry_date, at) VALUES (?, ?, '9876542222', ?, ?, ?, ?)`)
        .run(kind, split, method, amount, DAY, START);
    expect(() => write('upi_received', 'upi', 9_900)).toThrow(/either paid by UPI or not paid/);
    for (const kind of ['split_not_paid', 'given_back', 'kept_as_credit', 'not_paid']) {
      expect(() => write(kind, 'cash', 10_000)).toThrow(/UNIQUE/);
    }
    expect(kinds()).toHaveLength(1);
    // The failure written again (a check saying the same) does not put it back on either list.
    session.ledger.update(split, { status: 'Failure', nextCheckAt: null }, 'poll', START + 7200_000);
    expect(session.moneyFollow.toGiveBack()).toEqual([]);
    expect(session.sales.unreceived()).toEqual([]);
  });

  it('is refused once its UPI was marked received (the UPI came), and for a sale that was not a split', async () => {
    const { session, split } = await dayWithFailedSplit();
    session.sales.markReceived(split);
    expect(code(() => session.moneyFollow.settle(split, 'split_not_paid'))).toBe('not_paid_but_paid');
    const upi = await sell(session, '9876520000', 149, { method: 'upi' });
    const cash = await sell(session, '9876530000', 149, { method: 'cash' });
    for (const ref of [upi.refId, cash.refId])
      expect(code(() => session.moneyFollow.settle(ref, 'split_not_paid'))).toBe('not_paid_but_paid');
    const db = ledgerDb(session.ledger);
    expect(() =>
      db
        .prepare(
          `INSERT INTO money_entries (kind, ref_id, number, method, amount, entry_date, at) VALUES ('split_not_paid', ?, '9876542222', 'cash', 10000, ?, ?)`,
        )
        .run(split, DAY, START),
    ).toThrow(/either paid by UPI or not paid/);
    // Still to give back: the whole ₹199 came, and the shopkeeper hands it back or keeps it.
    expect(
      session.moneyFollow
        .toGiveBack()
        .map((s) => s.refId)
        .sort(),
    ).toEqual([split, upi.refId, cash.refId].sort());
    expect(db.prepare(`SELECT count(*) AS n FROM money_entries WHERE kind = 'split_not_paid'`).get()).toEqual({ n: 0 });
  });

  it('a changed answer after it (recharged after all) says to collect all ₹199, ₹99 of it never paid', async () => {
    const { session, split } = await dayWithFailedSplit();
    session.moneyFollow.settle(split, 'split_not_paid');
    expect(session.ledger.answerChanges.money(split)).toMatchObject({ collect: 19_900, unpaid: 9_900, putBackOnDue: 0 });
  });
});
