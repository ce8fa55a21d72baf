import type { Sandbox, StartOptions } from '../../src/sandbox';
import { openHarness, until, untilStatus, type TestHarness } from '../main/core/flow/harness-client';
import { saveSandboxAccount, testSandbox } from './live-harness';
import { twoAccountRules } from './two-account-rules';
import { secondAttempt } from '../main/core/routing/two-providers';

/**
 * Two loopback simulators: the first account (the document's words) and a spare on hash-text;
 * closed at the test's end, unless `start` is a file-wide one (startSandbox, closed by the caller).
 */
export async function mainAndSpare(start: (o: StartOptions) => Promise<Sandbox> = testSandbox): Promise<{ main: Sandbox; spare: Sandbox }> {
  const main = await start({ username: '9000000001', token: 'main-token-123456', pendingMs: 300, sameNumberWindowMs: 0 });
  const spare = await start({ username: '9000000002', token: 'spare-token-123456', dialect: 'hash-text', pendingMs: 60_000 });
  return { main, spare };
}

/** A harness whose sales go to the first account, then the spare. */
export async function routedHarness(p: { main: Sandbox; spare: Sandbox }, shopSyncMs: number): Promise<TestHarness> {
  const h = await openHarness({
    acceptWeakTokenProtection: true,
    shopSyncMs,
    routing: { rules: twoAccountRules(p.spare), tokens: { spare: p.spare.credentials.token } },
  });
  await h.ok('settings:update', { poller: { firstCheckSeconds: 1 } });
  await saveSandboxAccount(h, p.main);
  return h;
}

/** Waits until the spare is ready, then a sale whose first attempt fails over to it and succeeds there. */
export async function failedOverSale(
  t: TestHarness,
  p: { main: Sandbox; spare: Sandbox },
  sale: { number: string; operator: string; amount: number; payment?: { method: 'credit' } },
) {
  await until(
    async () => (await t.ok('recharge:route', { operator: sale.operator, amount: sale.amount })).steps[1]?.skipped === null || undefined,
    5000,
    'the spare ready',
  );
  p.main.admin.setPlans({ failure: 1 });
  p.spare.admin.setPlans({ success: 1 });
  const r = await t.ok('recharge:submit', sale);
  const items = await secondAttempt(t, r.txn.refId, 8000);
  await untilStatus(t, items[1]!.refId, 'Success', 5000);
  // Every recharge after it goes through at the first account.
  p.main.admin.setPlans({ success: 1 });
  return { saleId: r.txn.refId, first: items[0]!.refId, second: items[1]!.refId };
}

/** The first attempt's Failure at the first account turns Success, and the counter's check takes it: a possible double. */
export async function answerChanges(t: TestHarness, main: Sandbox, refId: string) {
  const first = main.admin.allTransactions().find((x) => x.refId === refId)!;
  main.admin.reverseFailure(first.txnId);
  await t.ok('txn:check', { refId });
  await untilStatus(t, refId, 'Success', 5000);
}
