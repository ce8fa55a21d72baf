import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openHarness, until, type TestHarness } from '../flow/harness-client';
import { saveSandboxAccount, testSandbox } from '../../../support/live-harness';

let h: TestHarness;

beforeEach(async () => {
  h = await openHarness({ acceptWeakTokenProtection: true, demoPendingMs: 200 });
});

afterEach(() => h.dispose());

const codes = async () => (await h.ok('app:notices')).items.map((n) => n.outcome.code);

describe("the practice account's notices", () => {
  it('go when the counter goes live: a practice late failure is not told beside the real account', async () => {
    const { txn } = await h.ok('recharge:submit', { number: '9876542222', operator: 'JIO', amount: 100 });
    expect(txn.status).toBe('Pending');
    await until(async () => {
      await h.ok('txn:check', { refId: txn.refId });
      return (await codes()).includes('txn_failed_late');
    });
    const sandbox = await testSandbox();
    await saveSandboxAccount(h, sandbox);
    expect((await h.ok('app:info')).mode).toBe('live');
    expect(await codes()).not.toContain('txn_failed_late');
  });

  it("a notice not about the practice account's money stays", async () => {
    h.core.notices.add('warning', { code: 'callback_listener_failed', params: { port: 8899, cue: 'EADDRINUSE' } });
    await saveSandboxAccount(h, await testSandbox());
    expect(await codes()).toContain('callback_listener_failed');
  });
});
