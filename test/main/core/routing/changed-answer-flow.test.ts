import { afterEach, describe, expect, it } from 'vitest';
import { untilStatus, type TestHarness } from '../flow/harness-client';
import { openTwoProviders, secondAttempt, sentTo } from './two-providers';

// Issue 35 items 1 and 2 with routing on, through the harness against two real simulators.

let h: TestHarness | undefined;
afterEach(async () => {
  await h?.dispose();
  h = undefined;
});

describe('a changed answer on a routed sale', () => {
  it('an earlier attempt that flips to Success after the spare recharged: Success in the ledger, both charges counted, flagged as a possible double', async () => {
    const opened = await openTwoProviders();
    const { main, spare } = opened;
    const t = (h = opened.t);
    main.admin.setPlans({ failure: 1 });
    spare.admin.setPlans({ success: 1 });
    const r = await t.ok('recharge:submit', { number: '9876541234', operator: 'JIO', amount: 239 });
    const items = await secondAttempt(t, r.txn.refId, 6000);
    await untilStatus(t, items[1]!.refId, 'Success', 4000);

    const first = main.admin.allTransactions().find((x) => x.refId === r.txn.refId)!;
    main.admin.reverseFailure(first.txnId);
    await t.ok('txn:check', { refId: r.txn.refId });

    const attempts = (await t.ok('txn:attempts', { saleId: r.txn.refId })).items;
    // Both providers charged: the ledger's money says so (two successes), and nothing more was sent.
    expect(attempts.map((a) => [a.accountName, a.status])).toEqual([
      ['Main Provider', 'Success'],
      ['Spare Provider', 'Success'],
    ]);
    expect(sentTo(main)).toEqual([r.txn.refId]);
    expect(sentTo(spare)).toEqual([items[1]!.refId]);
    expect((await t.ok('sale:doubles')).items).toEqual([
      expect.objectContaining({ saleId: r.txn.refId, first: expect.objectContaining({ refId: r.txn.refId }) }),
    ]);
    const notices = (await t.ok('app:notices')).items;
    expect(notices.find((n) => n.outcome.code === 'answer_changed')).toMatchObject({
      level: 'error',
      outcome: { params: { refId: r.txn.refId, double: true, collect: 0, putBack: 0 } },
    });
    expect(notices.some((n) => n.outcome.code === 'possible_double_recharge')).toBe(true);
  });

  it('a first reply of Failure is confirmed by a few checks at most, never a loop; its later Success is a changed answer, and nothing goes to the spare', async () => {
    // The provider carries the recharge out 300 ms after its Failure, before the first confirming check.
    const opened = await openTwoProviders({ main: { plans: { 'failure-reversed': 1 }, reversalMs: 300 } });
    const { main, spare } = opened;
    const t = (h = opened.t);
    const r = await t.ok('recharge:submit', { number: '9876541234', operator: 'JIO', amount: 239 });
    expect(r.txn.status).toBe('Failure');
    const done = await untilStatus(t, r.txn.refId, 'Success', 8000);
    expect(done.txn.moneyNote).toBe('answer_changed');
    // Long enough for a loop to show itself (on the code before, about a check a second).
    await new Promise((res) => setTimeout(res, 6000));
    expect(main.admin.statusLookups(r.txn.refId)).toBeLessThanOrEqual(3);
    expect(sentTo(spare)).toEqual([]);
    expect(main.admin.submissionCount(r.txn.refId)).toBe(1);
    // Its next check is the follow-up schedule's, minutes away.
    expect(done.txn.nextCheckAt! - Date.now()).toBeGreaterThan(60_000);
  });
});
