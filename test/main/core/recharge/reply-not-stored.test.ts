import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Sandbox } from '../../../../src/sandbox';
import { until, type TestHarness } from '../flow/harness-client';
import { mountSmallDisk, type SmallDisk } from '../../../support/small-disk';
import { outcomeText } from '../../../../src/shared/words/outcome-text';
import { openLiveHarness, testSandbox } from '../../../support/live-harness';

// After the request has left, failing to store the reply on this PC must read as "sent, checking",
// never as "nothing was done": the provider may have charged, and a resend would charge twice.

const TOKEN = 'live-token-abcdef';
let sandbox: Sandbox | undefined;
let h: TestHarness | undefined;
let disk: SmallDisk | undefined;

afterEach(async () => {
  vi.restoreAllMocks();
  disk?.free();
  await h?.dispose();
  disk?.dispose();
  h = sandbox = disk = undefined;
});

async function live(keepDir?: string): Promise<{ s: Sandbox; t: TestHarness }> {
  sandbox = await testSandbox({ token: TOKEN, pendingMs: 300, balance: 5000, faults: { latencyMs: 400 } });
  h = await openLiveHarness(sandbox, { keepDir, settings: { poller: { firstCheckSeconds: 1 } } });
  return { s: sandbox, t: h };
}

async function settled(t: TestHarness, refId: string) {
  return until(
    async () => {
      const txn = (await t.ok('txn:get', { refId })).txn;
      return txn.status === 'Success' ? txn : undefined;
    },
    15_000,
    `${refId} to become Success`,
  );
}

describe('the reply cannot be stored after the recharge was sent', () => {
  it('an injected ledger write failure: "sent, checking", the row stays open, and the reply is stored once the disk recovers', async () => {
    const { s, t } = await live();
    const session = await t.core.session();
    let broken = true;
    const real = session.ledger.update.bind(session.ledger);
    vi.spyOn(session.ledger, 'update').mockImplementation((...args) => {
      if (broken && args[2] === 'reply') throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
      return real(...args);
    });

    const r = await t.ok('recharge:submit', { number: '9876545555', operator: 'JIO', amount: 10 });
    expect(r.outcome).toBe('unknown');
    // "Sent, checking": an unknown outcome on an open row, never a refusal the shopkeeper could retry.
    expect(r.txn).toMatchObject({ status: 'Unknown', message: '' });
    // The row written before sending is still open on disk, for the checks and for a restart.
    expect((await t.ok('txn:get', { refId: r.txn.refId })).txn.status).toBe('Submitting');
    // A second send for that number is refused while the first reply waits to be saved.
    const again = await t.call('recharge:submit', { number: '9876545555', operator: 'JIO', amount: 10, confirmDuplicate: true });
    expect(again).toEqual({ ok: false, error: { code: 'reply_not_stored', params: {} } });
    if (!again.ok) expect(outcomeText('en', again.error)).toMatch(/Do not send again/);

    broken = false;
    expect((await settled(t, r.txn.refId)).providerStatus?.toLowerCase()).toBe('success');
    expect(s.admin.submissionCount(r.txn.refId)).toBe(1);
  });

  it('a really full disk (a small tmpfs filled after the Submitting row was written)', async (ctx) => {
    const mounted = mountSmallDisk('4m');
    if (typeof mounted === 'string') return ctx.skip(mounted);
    disk = mounted;
    const { s, t } = await live(disk.dir);
    const sending = t.call('recharge:submit', { number: '9876545555', operator: 'JIO', amount: 10 });
    // The sandbox holds each request 400 ms: once the Submitting row is on disk, fill the disk.
    const session = await t.core.session();
    await until(() => session.ledger.openTxns().length === 1, 5000, 'the Submitting row');
    disk.fill();
    const r = await sending;
    if (!r.ok) throw new Error(`submit failed: ${r.error.code} ${JSON.stringify(r.error.params)}`);
    expect(r.data.outcome).toBe('unknown');
    expect(r.data.txn).toMatchObject({ status: 'Unknown', message: '' });

    await new Promise((done) => setTimeout(done, 1500));
    expect((await t.ok('txn:get', { refId: r.data.txn.refId })).txn.status).toBe('Submitting');
    disk.free();
    await settled(t, r.data.txn.refId);
    expect(s.admin.submissionCount(r.data.txn.refId)).toBe(1);
    expect(s.admin.transactions().total).toBe(1);
  });
});
