import { afterEach, describe, expect, it } from 'vitest';
import { Agent, request } from 'undici';
import type { Sandbox } from '../../../../src/sandbox';
import { openHarness, until, type TestHarness } from './harness-client';
import { saveSandboxAccount, testSandbox } from '../../../support/live-harness';
import { freePort } from '../../../support/free-port';

let sandbox: Sandbox | undefined;
let h: TestHarness | undefined;
afterEach(async () => {
  await h?.dispose();
  await sandbox?.close();
  h = sandbox = undefined;
});

describe('a flood of forged callbacks', () => {
  it('1,000 for one ref_id run at most 2 status checks, and "check now" on another recharge answers at once', async () => {
    const port = await freePort();
    h = await openHarness({ acceptWeakTokenProtection: true });
    // Polling is made slow so that every check seen here came from a callback or the shopkeeper.
    await h.ok('settings:update', { poller: { firstCheckSeconds: 600 }, callbackListener: { enabled: true, port } });
    const base = (await h.ok('auth:status')).callbackUrl!;
    sandbox = await testSandbox({ token: 'cb-flood-123456' });
    await saveSandboxAccount(h, sandbox);
    const target = await h.ok('recharge:submit', { number: '9811104444', operator: 'JIO', amount: 10 });
    const other = await h.ok('recharge:submit', { number: '9822204444', operator: 'JIO', amount: 20 });
    expect([target.txn.status, other.txn.status]).toEqual(['Pending', 'Pending']);
    const attempts = async (refId: string) => (await h!.ok('txn:get', { refId })).txn.attempts;
    const before = await attempts(target.txn.refId);

    const agent = new Agent({ connections: 32 });
    const flood = Promise.all(
      Array.from({ length: 1000 }, async () => {
        const res = await request(`${base}1?refId=${target.txn.refId}&status=Success`, { dispatcher: agent });
        await res.body.dump();
        return res.statusCode;
      }),
    );
    // While the flood arrives, the shopkeeper presses "Check now" on the other recharge.
    await new Promise((r) => setTimeout(r, 100));
    const t0 = performance.now();
    const checked = await Promise.race([
      h.ok('txn:check', { refId: other.txn.refId }),
      new Promise((_, reject) => setTimeout(() => reject(new Error('"check now" waited more than 3 s')), 3_000)),
    ]);
    const checkMs = performance.now() - t0;
    expect(checked).toBeTruthy();
    expect(checkMs).toBeLessThan(1_000);
    expect((await flood).every((s) => s === 200)).toBe(true);
    await agent.close();

    // The one waiting check runs once its gap has passed; nothing more comes after it.
    await until(async () => (await attempts(target.txn.refId)) - before >= 2, 8_000, 'the waiting check');
    await new Promise((r) => setTimeout(r, 1_000));
    expect((await attempts(target.txn.refId)) - before).toBe(2);
  }, 30_000);
});
