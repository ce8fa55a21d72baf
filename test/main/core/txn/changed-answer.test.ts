import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../../src/sandbox';
import { heldClock, openMoneySession } from '../../../support/money-session';
import { FIRST_FOLLOW_UP_MS } from '../../../../src/main/core/txn/follow-up';
import type { ProviderSession } from '../../../../src/main/core/session/provider-session';
import type { NoticeBoard } from '../../../../src/main/core/notices/notice-board';
import { ledgerDb } from '../../../support/ledger-db';
import type { PaymentChoice } from '../../../../src/shared/payment/payment-parts';
import { outcomeText } from '../../../../src/shared/words/outcome-text';

// Issue 35 item 1: a recharge whose first reply was Failure, which the provider then carries out
// and its status check calls Success. The checked word is the truth: the ledger takes it, keeps
// both words, tells it loudly with what the customer's money now needs, and sends nothing.

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const MIN = 60_000;

async function open(o: Parameters<typeof startSandbox>[0] = {}) {
  const clock = heldClock(Date.parse('2026-11-23T06:00:00Z'));
  const sandbox: Sandbox = await startSandbox({ pendingMs: 60_000, now: clock.now, ...o });
  cleanups.push(() => sandbox.close());
  const opened = await openMoneySession({ baseUrl: sandbox.url, now: clock.now, upi: { vpa: 'shop@upi', payee: 'Shop' } });
  cleanups.push(opened.close);
  return { clock, sandbox, session: opened.session, notices: opened.notices };
}

/** Lets the poller run whatever is due at the held clock, then waits for it to finish. */
async function runDue(session: ProviderSession) {
  session.poller.start();
  for (let i = 0; i < 30; i++) {
    await new Promise((r) => setTimeout(r, 20));
    await session.poller.idle();
  }
  session.poller.stop();
}

const changed = (notices: NoticeBoard) => notices.list().filter((n) => n.outcome.code === 'answer_changed');

/** A failed recharge of ₹239 that the provider then carries out; its first follow-up finds the Success. */
async function failedThenDone(
  o: Awaited<ReturnType<typeof open>>,
  payment: 'cash' | 'credit' | 'upi' | PaymentChoice,
  beforeChange?: (refId: string) => void,
) {
  const { clock, sandbox, session } = o;
  const { txn } = await session.recharge.submit({
    number: '9876540000',
    operator: 'JIO',
    amount: 239,
    confirmDuplicate: false,
    payment: typeof payment === 'string' ? { method: payment } : payment,
  });
  expect(txn.status).toBe('Failure');
  // Asked about again, as a success is: the first follow-up 2 minutes after the answer.
  expect(session.ledger.get(txn.refId)?.nextCheckAt).toBe(clock.t + FIRST_FOLLOW_UP_MS);
  beforeChange?.(txn.refId);
  sandbox.admin.reverseFailure(sandbox.admin.transactions().items[0]!.txnId);
  clock.t += FIRST_FOLLOW_UP_MS;
  await runDue(session);
  return txn.refId;
}

describe('a Failure the status check later calls a Success (a changed answer)', () => {
  it('becomes Success, keeps both words, is told loudly and leaves the give-back list; nothing is sent again', async () => {
    const o = await open();
    const { session, sandbox, notices } = o;
    let listed = 0;
    const refId = await failedThenDone(o, 'cash', () => {
      listed = session.ledger.moneyFollow.toGiveBack(10).length;
    });
    expect(listed).toBe(1);
    const after = session.ledger.get(refId)!;
    expect(after).toMatchObject({ status: 'Success', moneyNote: 'answer_changed' });
    expect(session.ledger.events(refId).map((e) => `${e.fromStatus}→${e.toStatus}:${e.source}`)).toEqual([
      'null→Submitting:submit',
      'Submitting→Failure:reply',
      'Failure→Success:poll',
    ]);
    const change = session.ledger.answerChanges.latest(refId);
    expect(change).toMatchObject({ fromStatus: 'Failure', fromWord: 'Failure', toStatus: 'Success', toWord: 'Success' });
    expect(change!.toAt).toBeGreaterThan(change!.fromAt);
    // The row stays as written.
    expect(() => ledgerDb(session.ledger).exec(`UPDATE answer_changes SET from_word = 'x'`)).toThrow(/kept as written/);

    expect(session.ledger.moneyFollow.toGiveBack(10)).toEqual([]);
    const told = changed(notices);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      level: 'error',
      outcome: { params: { refId, amount: 23900, collect: 0, putBack: 0, double: false, from: { status: 'Failure', word: 'Failure' } } },
    });
    // The number is no longer held by anything, and the request was sent once.
    expect(sandbox.admin.submissionCount(refId)).toBe(1);
    // Still followed, now as a success.
    expect(after.nextCheckAt).not.toBeNull();
  });

  it('money already handed back: says to collect it from the customer', async () => {
    const o = await open();
    const refId = await failedThenDone(o, 'cash', (ref) => {
      expect(o.session.moneyFollow.settle(ref, 'given_back')).toMatchObject({ settledAs: 'given_back' });
    });
    expect(o.session.ledger.get(refId)?.status).toBe('Success');
    expect(changed(o.notices)[0]).toMatchObject({ outcome: { params: { collect: 23900, putBack: 0 } } });
    // The shopkeeper collects it: recorded once, as the due raised and paid in cash (the drawer counts it).
    const ledger = o.session.ledger;
    const fixed = o.session.answerFix.fix(refId, 'collected');
    expect(fixed.params).toMatchObject({ collect: 23900, fixed: 'collected' });
    // Answered: the notice asking to collect it is taken back (issue 40: a dealt-with notice stays no more).
    expect(changed(o.notices)).toEqual([]);
    expect(o.session.answerFix.fix(refId, 'on_due').params.fixed).toBe('collected');
    const entries = ledgerDb(ledger)
      .prepare(`SELECT kind, method, amount FROM money_entries WHERE number = '9876540000' AND kind IN ('correction', 'credit_payment')`)
      .all();
    expect(entries).toEqual([
      { kind: 'correction', method: null, amount: 23900 },
      { kind: 'credit_payment', method: 'cash', amount: 23900 },
    ]);
    expect(ledger.khata.due('9876540000')).toBe(0);
  });

  it('a UPI sale the customer never paid: says they never paid it, and to collect it (issue 40)', async () => {
    const o = await open();
    const refId = await failedThenDone(o, 'upi', (ref) => {
      expect(o.session.moneyFollow.settle(ref, 'not_paid')).toMatchObject({ settledAs: 'not_paid' });
    });
    expect(changed(o.notices)[0]).toMatchObject({ outcome: { params: { collect: 23900, unpaid: 23900, putBack: 0 } } });
    expect(o.session.answerFix.fix(refId, 'collected').params).toMatchObject({ collect: 23900, fixed: 'collected' });
    // Square again: the due raised by what they owe and paid in cash at the counter.
    expect(o.session.ledger.khata.due('9876540000')).toBe(0);
  });

  it('a split whose cash was handed back and whose UPI never came: says both, and to collect all of it (issue 40)', async () => {
    const o = await open();
    const refId = await failedThenDone(o, { method: 'split', cashRupees: 100 }, (ref) => {
      expect(o.session.moneyFollow.settle(ref, 'split_not_paid')).toMatchObject({ settledAs: 'split_not_paid' });
    });
    const notice = changed(o.notices)[0]!;
    expect(notice).toMatchObject({ outcome: { params: { collect: 23900, unpaid: 13900, putBack: 0 } } });
    expect(outcomeText('en', notice.outcome)).toContain(
      'They were given ₹100.00 cash back and their UPI ₹139.00 never came: collect ₹239.00 from them.',
    );
    expect(outcomeText('hi', notice.outcome)).toContain('कभी नहीं आया');
    expect(o.session.answerFix.fix(refId, 'collected').params).toMatchObject({ collect: 23900, fixed: 'collected' });
    expect(o.session.ledger.khata.due('9876540000')).toBe(0);
  });

  it('a credit sale whose credit came off the due: says to put it back on the due', async () => {
    const o = await open();
    const refId = await failedThenDone(o, 'credit');
    expect(o.session.ledger.get(refId)?.status).toBe('Success');
    expect(changed(o.notices)[0]).toMatchObject({ outcome: { params: { collect: 0, putBack: 23900 } } });
    expect(o.session.ledger.khata.due('9876540000')).toBe(0);
    // Put back on the due, once: the customer owes the recharge they got.
    expect(o.session.answerFix.fix(refId, 'on_due').params).toMatchObject({ fixed: 'on_due' });
    o.session.answerFix.fix(refId, 'on_due');
    expect(o.session.ledger.khata.due('9876540000')).toBe(23900);
  });

  it('a refusal (Error) the provider carried out after all is a changed answer too, found by its follow-up', async () => {
    const o = await open({ plans: { 'refused-carried-out': 1 }, reversalMs: 60_000 });
    const { session, clock, sandbox } = o;
    const { txn } = await session.recharge.submit({ number: '9876541234', operator: 'JIO', amount: 239, confirmDuplicate: false });
    expect(txn.status).toBe('Error');
    expect(session.ledger.get(txn.refId)?.nextCheckAt).toBe(clock.t + FIRST_FOLLOW_UP_MS);
    clock.t += FIRST_FOLLOW_UP_MS;
    sandbox.admin.tick();
    await runDue(session);
    expect(session.ledger.get(txn.refId)).toMatchObject({ status: 'Success', moneyNote: 'answer_changed' });
    expect(session.ledger.answerChanges.latest(txn.refId)).toMatchObject({ fromStatus: 'Error', toStatus: 'Success' });
    expect(changed(o.notices)[0]).toMatchObject({ outcome: { params: { from: { status: 'Error' } } } });
    expect(sandbox.admin.submissionCount(txn.refId)).toBe(1);
  });

  it('a Failure check changes only the schedule; a Success at a later age is still found', async () => {
    const o = await open();
    const { session, clock, sandbox } = o;
    const { txn } = await session.recharge.submit({ number: '9876540000', operator: 'JIO', amount: 239, confirmDuplicate: false });
    // The follow-up that still finds Failure moves only the schedule.
    clock.t += FIRST_FOLLOW_UP_MS;
    await runDue(session);
    expect(session.ledger.get(txn.refId)).toMatchObject({ status: 'Failure', nextCheckAt: txn.createdAt + 60 * MIN });
    expect(changed(o.notices)).toEqual([]);
    sandbox.admin.reverseFailure(sandbox.admin.transactions().items[0]!.txnId);
    clock.t = txn.createdAt + 60 * MIN;
    await runDue(session);
    expect(session.ledger.get(txn.refId)?.status).toBe('Success');
    expect(changed(o.notices)).toHaveLength(1);
  });
});
