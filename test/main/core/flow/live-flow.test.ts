import { afterEach, describe, expect, it } from 'vitest';
import type { Sandbox, StartOptions } from '../../../../src/sandbox';
import { openHarness, until, type TestHarness } from './harness-client';
import { tempDir } from '../../../support/temp-dir';
import { openLiveHarness, testSandbox } from '../../../support/live-harness';

const TOKEN = 'live-token-abcdef';
const FAST = { connectMs: 1000, headersMs: 600, bodyMs: 600, totalMs: 2500 };
let sandbox: Sandbox | undefined;
let h: TestHarness | undefined;

afterEach(async () => {
  await h?.dispose();
  h = sandbox = undefined;
});

async function live(o: StartOptions = {}, keepDir?: string): Promise<{ s: Sandbox; t: TestHarness }> {
  sandbox ??= await testSandbox({ token: TOKEN, pendingMs: 200, balance: 5000, ...o });
  h = await openLiveHarness(sandbox, { timeouts: FAST, keepDir, settings: { poller: { firstCheckSeconds: 1 } } });
  return { s: sandbox, t: h };
}

async function settle(t: TestHarness, refId: string, status = 'Success') {
  return until(
    async () => {
      const txn = (await t.ok('txn:get', { refId })).txn;
      return txn.status === status ? txn : undefined;
    },
    10_000,
    `${refId} to become ${status}`,
  );
}

describe('live account', () => {
  it('is saved only with a valid https (or loopback) address, a 10-digit username, and accepted protection', async () => {
    sandbox = await testSandbox({ token: TOKEN });
    h = await openHarness();
    const base = { baseUrl: sandbox.url, username: sandbox.credentials.username, token: TOKEN };
    expect(await h.call('auth:save', base)).toMatchObject({ ok: false, error: { code: 'weak_protection' } });
    // The renderer cannot accept weak protection for itself: only main (here the CLI flag) can.
    expect(await h.callRaw('settings:update', { acceptWeakTokenProtection: true })).toMatchObject({
      ok: false,
      error: { code: 'bad_request' },
    });
    expect(await h.call('auth:save', base)).toMatchObject({ ok: false, error: { code: 'weak_protection' } });
    expect((await h.ok('auth:status')).configured).toBe(false);
    await h.dispose();
    h = await openHarness({ acceptWeakTokenProtection: true });
    expect((await h.ok('auth:status')).weakAccepted).toBe(false);
    expect(await h.call('auth:save', { ...base, baseUrl: 'http://provider.example.com' })).toMatchObject({
      ok: false,
      error: { code: 'not_https' },
    });
    expect(await h.call('auth:save', { ...base, baseUrl: 'not a url' })).toMatchObject({ ok: false, error: { code: 'invalid_url' } });
    expect(await h.call('auth:save', { ...base, username: '12345' })).toMatchObject({ ok: false, error: { code: 'invalid_username' } });
    const status = await h.ok('auth:save', base);
    expect(status).toMatchObject({
      mode: 'live',
      configured: true,
      username: base.username,
      backend: 'file',
      weak: true,
      weakAccepted: true,
    });
    expect((await h.ok('app:info')).mode).toBe('live');
    for (const channel of ['auth:status', 'settings:get', 'app:info'] as const)
      expect(JSON.stringify(await h.ok(channel))).not.toContain(TOKEN);
  });

  it('connection test says in plain words what is wrong', async () => {
    const { s, t } = await live();
    expect(await t.ok('auth:test')).toMatchObject({ ok: true, buyer: 500000 });
    expect(await t.ok('auth:test', { token: 'wrong-token-123' })).toMatchObject({ ok: false, reason: 'bad_credentials' });
    expect(await t.ok('auth:test', { baseUrl: 'http://127.0.0.1:9', token: TOKEN })).toMatchObject({ ok: false, reason: 'unreachable' });
    // Each refusal keeps its own reason, so the screen can say which part to fix.
    expect(await t.ok('auth:test', { baseUrl: 'http://example.com' })).toMatchObject({ ok: false, reason: 'not_https' });
    expect(await t.ok('auth:test', { baseUrl: 'provider dot com' })).toMatchObject({ ok: false, reason: 'invalid_url' });
    expect(await t.ok('auth:test', { username: '12345' })).toMatchObject({ ok: false, reason: 'invalid_username' });
    s.admin.setFaults({ garbage: 1 });
    expect(await t.ok('auth:test')).toMatchObject({ ok: false, reason: 'provider_error' });
  });

  it('never mixes demo and live transactions in one ledger', async () => {
    h = await openHarness();
    await h.ok('recharge:submit', { number: '9876545555', operator: 'JIO', amount: 10 });
    await h.dispose();
    const dir = tempDir('live');
    h = await openHarness({ keepDir: dir });
    await h.ok('recharge:submit', { number: '9876545555', operator: 'JIO', amount: 10 });
    sandbox = await testSandbox({ token: TOKEN });
    await h.dispose();
    h = await openLiveHarness(sandbox, { keepDir: dir });
    expect((await h.ok('txn:history', { limit: 10 })).items).toEqual([]);
    await h.ok('recharge:submit', { number: '9876541234', operator: 'AT', amount: 20 });
    await h.ok('auth:clear');
    expect((await h.ok('auth:status')).mode).toBe('demo');
    expect((await h.ok('txn:history', { limit: 10 })).items.map((x) => x.number)).toEqual(['9876545555']);
  });

  describe('every variant of the field notes', () => {
    const variants: [string, StartOptions][] = [
      ['status in upper case', { statusCase: 'upper' }],
      ['status in lower case', { statusCase: 'lower' }],
      ['Accepted instead of Pending', { accepted: true }],
      ['errors as HTTP 4xx FAILURE', { errorStyle: 'http' }],
      ['JSON sent as text/html', { htmlContentType: true }],
      ['duplicates replayed', { duplicateRefId: 'replay' }],
    ];
    for (const [name, options] of variants) {
      it(name, async () => {
        const { s, t } = await live(options);
        const ok = await t.ok('recharge:submit', { number: '9876545555', operator: 'JIO', amount: 10 });
        expect(ok.txn.status).toBe('Success');
        const p = await t.ok('recharge:submit', { number: '9876541111', operator: 'JIO', amount: 10 });
        expect(p.txn.status).toBe(options.accepted ? 'Accepted' : 'Pending');
        expect((await settle(t, p.txn.refId)).providerStatus?.toLowerCase()).toBe('success');
        s.admin.suspend(s.credentials.username, true);
        const bad = await t.ok('recharge:submit', { number: '9876545555', operator: 'AT', amount: 11 });
        expect(bad).toMatchObject({ outcome: 'rejected', txn: { status: 'Error', message: expect.stringMatching(/suspended/) } });
      });
    }
  });

  describe('faults: unknown outcomes are resolved by the status check, never by resending', () => {
    for (const fault of ['noReply', 'resetAfter', 'garbage', 'htmlError'] as const) {
      it(fault, async () => {
        const { s, t } = await live({ faults: { [fault]: 1 }, noReplyHoldMs: 3000 });
        const r = await t.ok('recharge:submit', { number: '9876545555', operator: 'JIO', amount: 10 });
        expect(r).toMatchObject({ outcome: 'unknown', txn: { status: 'Unknown' } });
        s.admin.setFaults({ [fault]: 0 });
        await settle(t, r.txn.refId);
        expect(s.admin.submissionCount(r.txn.refId)).toBe(1);
      });
    }

    it('a 502 before processing: the status check finds nothing, and nothing is resent', async () => {
      const { s, t } = await live({ faults: { badGateway: 1 } });
      const r = await t.ok('recharge:submit', { number: '9876545555', operator: 'JIO', amount: 10 });
      expect(r.txn.status).toBe('Unknown');
      s.admin.setFaults({ badGateway: 0 });
      const checked = await until(async () => {
        const x = (await t.ok('txn:get', { refId: r.txn.refId })).txn;
        return x.lastError?.startsWith('lookup failed') ? x : undefined;
      });
      expect(checked.status).toBe('Unknown');
      expect(s.admin.submissionCount(r.txn.refId)).toBe(0);
      expect(s.admin.transactions().total).toBe(0);
    });
  });

  it('reconciles open transactions after a restart', async () => {
    const dir = tempDir('restart');
    const { s, t } = await live({ faults: { noReply: 1 }, noReplyHoldMs: 3000 }, dir);
    const r = await t.ok('recharge:submit', { number: '9876541111', operator: 'JIO', amount: 10 });
    expect(r.txn.status).toBe('Unknown');
    await t.dispose();
    s.admin.setFaults({ noReply: 0 });
    h = await openHarness({ keepDir: dir, timeouts: FAST });
    const done = await settle(h, r.txn.refId);
    expect(done.status).toBe('Success');
    expect((await h.ok('txn:get', { refId: r.txn.refId })).events.map((e) => e.source)).toContain('reconcile');
    expect(s.admin.submissionCount(r.txn.refId)).toBe(1);
  });

  it('offline: the last balance stays readable, a recharge is not sent, and the connection change is announced', async () => {
    const { s, t } = await live();
    await t.ok('balance:refresh');
    const p = await t.ok('recharge:submit', { number: '9876544444', operator: 'JIO', amount: 10 });
    await s.close();
    sandbox = undefined;
    expect(await t.call('balance:refresh')).toMatchObject({ ok: false, error: { code: 'provider_unreachable' } });
    expect((await t.ok('balance:get')).balance?.buyer).toBe(499000);
    const r = await t.ok('recharge:submit', { number: '9876545555', operator: 'JIO', amount: 10 });
    // Nothing left the machine, but the number stays held until the provider confirms it never got it.
    // The app words nothing into the row: the card says "not sent" by the outcome, in the screen's language.
    expect(r).toMatchObject({ outcome: 'not_sent', txn: { status: 'Unknown', message: '' } });
    expect(await t.call('recharge:submit', { number: '9876545555', operator: 'JIO', amount: 20 })).toMatchObject({
      ok: false,
      error: { code: 'open_recharge' },
    });
    await until(() => t.events.some((e) => e.event === 'connection:changed' && (e.payload as { online: boolean }).online === false));
    expect((await t.ok('txn:get', { refId: p.txn.refId })).txn.status).toBe('Pending');
    expect((await t.ok('balance:get')).online).toBe(false);
  });
});
