import { afterEach, describe, expect, it } from 'vitest';
import { untilStatus, type TestHarness } from '../flow/harness-client';
import { openTwoProviders, sentTo } from './two-providers';
import { testSandbox } from '../../../support/live-harness';
import type { StartOptions } from '../../../../src/sandbox';
import type { ChangedAnswerPlan } from '../../../../src/sandbox/changed-answers';

// Issue 35 item 3 through the recharge service with two accounts (main: the document's words,
// spare: hash-text). The first provider carries each sale out and then answers with a reply that
// is not about it; none of these may send the sale to the spare account.
let h: TestHarness | undefined;
afterEach(async () => {
  await h?.dispose();
  h = undefined;
});

async function twoProviders(main: StartOptions) {
  const sandboxes = {
    main: await testSandbox({ username: '9000000001', token: 'main-token-123456', pendingMs: 300, ...main }),
    spare: await testSandbox({ username: '9000000002', token: 'spare-token-123456', dialect: 'hash-text', pendingMs: 60_000 }),
  };
  const opened = await openTwoProviders({}, sandboxes);
  h = opened.t;
  return opened;
}

describe('a reply about another request never fails a sale over', () => {
  it.each<[ChangedAnswerPlan, string]>([
    ['refused-other-ref', 'a refusal naming another ref_id'],
    ['refused-429', 'an HTTP 429 with a refusal body'],
    ['gateway-504', 'a gateway 504 with {"errorcode":"504"}'],
  ])('%s (%s): unknown, the status check finds the Success, the spare is sent nothing', async (plan) => {
    const { t, main, spare } = await twoProviders({ script: [plan] });
    const r = await t.ok('recharge:submit', { number: '9876545555', operator: 'JIO', amount: 239 });
    expect(r.txn).toMatchObject({ status: 'Unknown', accountId: 'main', attemptNo: 1 });
    expect(sentTo(spare)).toEqual([]);
    await untilStatus(t, r.txn.refId, 'Success', 8000);
    expect((await t.ok('txn:attempts', { saleId: r.txn.refId })).items).toHaveLength(1);
    expect(sentTo(spare)).toEqual([]);
    expect(main.admin.submissionCount(r.txn.refId)).toBe(1);
  });

  it('a refusal for the same number and amount recently (110) is shown, and the spare is not sent a second recharge', async () => {
    const { t, main, spare } = await twoProviders({ sameNumberWindowMs: 600_000 });
    const first = await t.ok('recharge:submit', { number: '9876545555', operator: 'JIO', amount: 239 });
    expect(first.txn).toMatchObject({ status: 'Success', accountId: 'main' });
    const again = await t.ok('recharge:submit', { number: '9876545555', operator: 'JIO', amount: 239, confirmDuplicate: true });
    expect(again).toMatchObject({ outcome: 'rejected', txn: { status: 'Error', accountId: 'main', lastError: 'code 110' } });
    expect((await t.ok('txn:attempts', { saleId: again.txn.refId })).items).toHaveLength(1);
    expect(sentTo(spare)).toEqual([]);
    expect(main.admin.allTransactions()).toHaveLength(1);
  });

  it.each<[ChangedAnswerPlan, Record<string, unknown>]>([
    ['success-other-number', { number: '9876545550' }],
    ['success-other-amount', { amount: 24_000 }],
    ['success-other-operator', { operator: 'AT' }],
  ])("%s: a Success for another is told and not recorded as this sale's; the status check then decides", async (plan, said) => {
    const { t, spare } = await twoProviders({ script: [plan] });
    const r = await t.ok('recharge:submit', { number: '9876545555', operator: 'JIO', amount: 239 });
    // Not "Recharge successful · Jio": the sale is open, the number held.
    expect(r).toMatchObject({ outcome: 'unknown', txn: { status: 'Unknown', accountId: 'main' } });
    expect(r.txn.lastError).toMatch(/^not_ours: /);
    const told = (await t.ok('app:notices')).items.filter((n) => n.outcome.code === 'success_not_ours');
    expect(told).toMatchObject([
      { level: 'error', outcome: { params: { refId: r.txn.refId, number: '9876545555', amount: 23_900, operator: 'JIO', said } } },
    ]);
    expect(await t.call('recharge:submit', { number: '9876545555', operator: 'JIO', amount: 239 })).toMatchObject({
      ok: false,
      error: { code: 'open_recharge' },
    });
    // The provider's checked word about our own ref is the truth here (only its first reply lied).
    await untilStatus(t, r.txn.refId, 'Success', 8000);
    expect(sentTo(spare)).toEqual([]);
  });
});
