import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openHarness, until, type TestHarness } from './harness-client';
import { outcomeText } from '../../../../src/shared/words/outcome-text';
import { tempDir } from '../../../support/temp-dir';

let h: TestHarness;
beforeEach(async () => {
  h = await openHarness();
  await h.ok('settings:update', { poller: { firstCheckSeconds: 1 } });
});
afterEach(() => h.dispose());

const sandboxOf = async (t: TestHarness) => t.demoSandbox()!;

describe('recharge flow in demo mode, through the harness HTTP bridge', () => {
  it('says it is in demo mode with the practice account', async () => {
    expect(await h.ok('app:info')).toMatchObject({ mode: 'demo' });
    expect(await h.ok('auth:status')).toMatchObject({ mode: 'demo', configured: false });
    const b = await until(async () => (await h.ok('balance:get')).balance);
    expect(b.buyer).toBe(500000);
  });

  it('instant success: stored with operator reference and commission, balance updated, events sent', async () => {
    const r = await h.ok('recharge:submit', { number: '98765 45555', operator: 'JIO', amount: 199 });
    expect(r.outcome).toBe('success');
    expect(r.txn).toMatchObject({ number: '9876545555', status: 'Success', amount: 19900, margin: 497, balanceAfter: 480597 });
    expect(r.txn.refId).toMatch(/^[0-9A-Z]{16}$/);
    expect(r.txn.optId).toMatch(/^OP/);
    expect((await h.ok('balance:get')).balance?.buyer).toBe(480597);
    const statuses = h.events.filter((e) => e.event === 'txn:updated').map((e) => (e.payload as { txn: { status: string } }).txn.status);
    expect(statuses).toEqual(['Submitting', 'Success']);
    const detail = await h.ok('txn:get', { refId: r.txn.refId });
    expect(detail.events.map((e) => [e.toStatus, e.source])).toEqual([
      ['Submitting', 'submit'],
      ['Success', 'reply'],
    ]);
    expect(detail.events[1]?.providerReply).toContain('"status":"Success"');
  });

  it('pending resolves to success by polling, never by resending', async () => {
    const r = await h.ok('recharge:submit', { number: '9876541111', operator: 'AT', amount: 299 });
    expect(r.outcome).toBe('pending');
    expect((await h.ok('txn:open')).items.map((t) => t.refId)).toEqual([r.txn.refId]);
    const done = await until(async () => {
      const t = (await h.ok('txn:get', { refId: r.txn.refId })).txn;
      return t.status === 'Success' ? t : undefined;
    });
    expect(done.optId).toMatch(/^OP/);
    expect((await sandboxOf(h)).admin.submissionCount(r.txn.refId)).toBe(1);
    expect((await h.ok('txn:get', { refId: r.txn.refId })).events.at(-1)).toMatchObject({
      fromStatus: 'Pending',
      toStatus: 'Success',
      source: 'poll',
    });
    expect((await h.ok('txn:open')).items).toEqual([]);
  });

  it('pending to failure gives the money back; immediate failure too', async () => {
    const p = await h.ok('recharge:submit', { number: '9876542222', operator: 'VI', amount: 100 });
    await until(async () => (await h.ok('txn:get', { refId: p.txn.refId })).txn.status === 'Failure');
    const f = await h.ok('recharge:submit', { number: '9876540000', operator: 'VI', amount: 100 });
    expect(f).toMatchObject({ outcome: 'failure', txn: { status: 'Failure' } });
    await h.ok('balance:refresh');
    expect((await h.ok('balance:get')).balance?.buyer).toBe(500000);
  });

  it('a provider rejection is stored as Error with the provider words, and nothing moved', async () => {
    (await sandboxOf(h)).admin.suspend('9876543210', true);
    const r = await h.ok('recharge:submit', { number: '9876545555', operator: 'JIO', amount: 10 });
    expect(r.outcome).toBe('rejected');
    expect(r.txn).toMatchObject({ status: 'Error', message: 'Your account is suspended. Contact your distributor.' });
  });

  it('bad input gets a clear message and changes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ number: '12345', operator: 'JIO', amount: 10 }, 'invalid_number'],
      [{ number: '9876545555', operator: 'XX', amount: 10 }, 'unknown_operator'],
      [{ number: '9876545555', operator: 'BSNL', amount: 6000 }, 'amount_out_of_range'],
      [{ number: '3012345555', operator: 'ATDTH', amount: 20 }, 'amount_out_of_range'],
    ];
    for (const [payload, code] of cases) {
      const r = await h.call('recharge:submit', payload as never);
      expect(r, code).toMatchObject({ ok: false, error: { code } });
    }
    expect((await h.ok('txn:history', { limit: 10 })).items).toEqual([]);
  });

  it('refuses a recharge larger than the known balance before sending anything', async () => {
    await h.ok('balance:refresh');
    const r = await h.call('recharge:submit', { number: '9876545555', operator: 'JIO', amount: 5001 });
    expect(r).toMatchObject({ ok: false, error: { code: 'insufficient_balance' } });
    expect((await h.ok('txn:history', { limit: 10 })).items).toEqual([]);
  });

  it('the duplicate window needs an explicit second confirmation', async () => {
    const first = await h.ok('recharge:submit', { number: '9876545555', operator: 'JIO', amount: 149 });
    const again = await h.call('recharge:submit', { number: '9876545555', operator: 'JIO', amount: 149 });
    // The warning names the recharge it matched: its ref, amount, time and status.
    expect(again).toEqual({
      ok: false,
      error: {
        code: 'duplicate_recent',
        params: { txn: { refId: first.txn.refId, amount: 14900, createdAt: first.txn.createdAt, status: 'Success' } },
      },
    });
    if (!again.ok) {
      expect(outcomeText('en', again.error)).toMatch(/₹149\.00 sent to this number at .* \(ref [0-9A-Z]{16}\) is Success/);
      expect(outcomeText('hi', again.error)).toContain('149.00');
    }
    expect((await h.ok('recharge:submit', { number: '9876545555', operator: 'JIO', amount: 149, confirmDuplicate: true })).outcome).toBe(
      'success',
    );
    expect((await h.ok('recharge:submit', { number: '9876545555', operator: 'JIO', amount: 150 })).outcome).toBe('success');
  });

  it('double submission at once: one recharge only', async () => {
    const tries = await Promise.all(
      Array.from({ length: 5 }, () => h.call('recharge:submit', { number: '9876541111', operator: 'JIO', amount: 99 })),
    );
    expect(tries.filter((t) => t.ok)).toHaveLength(1);
    // Refused while the first is on the wire, or (it is pending) as an open recharge once it is back.
    for (const t of tries.filter((x) => !x.ok)) expect(['in_flight', 'open_recharge']).toContain(!t.ok && t.error.code);
    const counters = (await sandboxOf(h)).admin.submissions();
    expect(Object.values(counters)).toEqual([1]);
  });

  it('remembers the operator of a number from its last recharge', async () => {
    await h.ok('recharge:submit', { number: '9876545555', operator: 'VI', amount: 99 });
    expect((await h.ok('txn:lastForNumber', { number: '9876545555' })).txn?.operator).toBe('VI');
    expect((await h.ok('txn:lastForNumber', { number: '9000000000' })).txn).toBeNull();
  });

  it('complaint on a transaction: provider id stored and listed; refused without a provider id or a reason', async () => {
    const r = await h.ok('recharge:submit', { number: '9876545555', operator: 'JIO', amount: 99 });
    expect(await h.call('complaint:create', { refId: r.txn.refId, reason: '   ' })).toMatchObject({
      ok: false,
      error: { code: 'reason_required' },
    });
    // The length rule lives once, in the contract: the form and the service share its constant.
    expect(await h.call('complaint:create', { refId: r.txn.refId, reason: 'x'.repeat(501) })).toMatchObject({
      ok: false,
      error: { code: 'bad_request', params: { detail: expect.stringMatching(/Keep the reason under 500 characters/) } },
    });
    const c = await h.ok('complaint:create', { refId: r.txn.refId, reason: 'Recharge not received' });
    expect(c.complaint.complainId).toMatch(/^CM/);
    const again = await h.ok('complaint:create', { refId: r.txn.refId, reason: 'still not received' });
    expect(again.complaint.complainId).toBe(c.complaint.complainId);
    const list = await h.ok('complaint:list');
    expect(list.items).toHaveLength(1);
    expect(list.items[0]?.txn?.refId).toBe(r.txn.refId);
    (await sandboxOf(h)).admin.suspend('9876543210', true);
    const rejected = await h.ok('recharge:submit', { number: '9876545555', operator: 'AT', amount: 10 });
    expect(await h.call('complaint:create', { refId: rejected.txn.refId, reason: 'x' })).toMatchObject({
      ok: false,
      error: { code: 'no_provider_id' },
    });
  });

  it('history: newest first, keyset pages, search and filters', async () => {
    for (const [n, a] of [
      ['9876545555', 10],
      ['9876500000', 11],
      ['9876511111', 12],
    ] as const)
      await h.ok('recharge:submit', { number: n, operator: 'JIO', amount: a });
    const page = await h.ok('txn:history', { limit: 2 });
    expect(page.items.map((t) => t.amount)).toEqual([1200, 1100]);
    const rest = await h.ok('txn:history', { limit: 2, before: page.next! });
    expect(rest.items.map((t) => t.amount)).toEqual([1000]);
    expect((await h.ok('txn:history', { limit: 10, search: '9876545' })).items).toHaveLength(1);
    expect((await h.ok('txn:history', { limit: 10, statuses: ['Failure'] })).items.map((t) => t.number)).toEqual(['9876500000']);
  });

  it('a low balance is a notice on the board when it crosses the threshold, raised once', async () => {
    const lows = async () => (await h.ok('app:notices')).items.filter((n) => n.outcome.code === 'balance_low');
    await h.ok('settings:update', { lowBalanceRupees: 4950 });
    await h.ok('balance:refresh');
    await h.ok('recharge:submit', { number: '9876545555', operator: 'JIO', amount: 100 });
    expect((await lows()).map((n) => n.outcome.params)).toEqual([expect.objectContaining({ threshold: 495_000 })]);
    const first = (await lows())[0]!.id;
    await h.ok('recharge:submit', { number: '9876545555', operator: 'JIO', amount: 101 });
    expect((await lows()).map((n) => n.id)).toEqual([first]);
  });
});

describe('OS notifications', () => {
  it('tell the shopkeeper when a pending recharge becomes final', async () => {
    const { createCore } = await import('../../../../src/main/core/create-core');
    const { JsonFileSettingsStore } = await import('../../../../src/main/adapters/json-file-settings-store');
    const { MemoryVault } = await import('../../../../src/main/core/vault/secret-vault');
    const { sandboxDemo } = await import('../../../../src/main/demo-sandbox');
    const { join } = await import('node:path');
    const dir = tempDir('notify');
    const shown: string[] = [];
    const core = await createCore({
      name: 'RechargeDesk',
      version: 't',
      dataDir: dir,
      demoProvider: sandboxDemo({ pendingMs: 100 }).provider,
      settingsStore: new JsonFileSettingsStore(join(dir, 'settings.json')),
      vault: new MemoryVault(),
      notifier: { notify: (title, body) => shown.push(`${title} | ${body}`) },
      logger: { error: () => {} },
    });
    try {
      await core.router.dispatch('settings:update', { poller: { firstCheckSeconds: 1 } });
      await core.router.dispatch('recharge:submit', { number: '9876541111', operator: 'JIO', amount: 10 });
      await until(() => shown.length > 0, 5000, 'a notification');
      expect(shown).toEqual(['Recharge successful | 98765 41111: ₹10.00']);
      // In the counter's language: Hindi when the shopkeeper chose it.
      await core.router.dispatch('settings:update', { language: 'hi' });
      await core.router.dispatch('recharge:submit', { number: '9876542222', operator: 'JIO', amount: 10 });
      await until(() => shown.length > 1, 5000, 'a second notification');
      expect(shown[1]).toBe('रिचार्ज विफल: राशि वॉलेट में वापस आ गई है | 98765 42222: ₹10.00');
    } finally {
      await core.close();
    }
  });
});
