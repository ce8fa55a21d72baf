import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { Ledger } from '../../../../src/main/core/ledger/ledger';
import { DEFAULT_POLLER, Poller } from '../../../../src/main/core/poller/poller';
import { ResellerClient } from '../../../../src/main/core/reseller/reseller-client';
import { istDate } from '../../../../src/shared/ist-date';
import { startScriptedProvider } from '../../../support/scripted-provider';
import { tempDir } from '../../../support/temp-dir';

/**
 * Quitting stops the poller and waits for it (provider-session's close): checks under way must
 * end at once, not when the provider answers or the rate cap lets them go, and write nothing.
 */
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const ANSWER_MS = 4000;

async function setup(ratePerSecond: number) {
  const provider = await startScriptedProvider((call) => ({
    body: { status: 'Pending', ref_id: call.query['ref_id'] ?? '', txn_id: 'RT1', message: '' },
    delayMs: ANSWER_MS,
  }));
  cleanups.push(() => provider.close());
  const dir = tempDir('poller-stop');
  const ledger = Ledger.open(join(dir, 'ledger.db'));
  cleanups.push(() => ledger.close());
  const client = new ResellerClient(() => ({ baseUrl: provider.url, username: '9876543210', token: 'stop-test-token' }), {
    connectMs: 1000,
    headersMs: 10_000,
    bodyMs: 10_000,
    totalMs: 10_000,
  });
  cleanups.push(() => client.close());
  const checked: string[] = [];
  const poller = new Poller({
    ledger,
    client,
    settings: () => ({ ...DEFAULT_POLLER, maxInFlight: 3, ratePerSecond }),
    onChange: () => {},
    onConnection: () => {},
    onChecked: (refId) => checked.push(refId),
  });
  cleanups.push(() => poller.stop());
  const at = Date.now() - 60_000;
  for (const refId of ['A', 'B', 'C']) {
    ledger.insertSubmitting({ refId, number: '9876544444', operator: 'JIO', amount: 1000, rechargeDate: istDate(at), now: at });
    ledger.update(refId, { status: 'Pending', nextCheckAt: at }, 'reply', at);
  }
  return { ledger, poller, provider, checked };
}

async function stopAndTime(poller: Poller): Promise<number> {
  const t0 = performance.now();
  poller.stop();
  await poller.idle();
  return performance.now() - t0;
}

describe('stopping the poller (the quit)', () => {
  it('ends checks waiting for the provider at once, and writes nothing of them', async () => {
    const { ledger, poller, provider, checked } = await setup(50);
    const before = ['A', 'B', 'C'].map((r) => ledger.get(r));
    poller.start();
    await new Promise((r) => setTimeout(r, 300));
    expect(provider.calls.filter((c) => c.api === 'statusByRefId')).toHaveLength(3);
    expect(await stopAndTime(poller)).toBeLessThan(1000);
    // As they were: the next start's reconciliation asks again.
    expect(['A', 'B', 'C'].map((r) => ledger.get(r))).toEqual(before);
    expect(ledger.events('A').map((e) => e.toStatus)).toEqual(['Submitting', 'Pending']);
    // Nor reported as checked: a number waiting for its start-up check stays held.
    expect(checked).toEqual([]);
  });

  it('ends checks waiting their turn under the rate cap, without asking', async () => {
    const { ledger, poller, provider } = await setup(1);
    poller.start();
    await new Promise((r) => setTimeout(r, 300));
    // The first went; the other two wait a second each for a token.
    expect(provider.calls).toHaveLength(1);
    expect(await stopAndTime(poller)).toBeLessThan(1000);
    await new Promise((r) => setTimeout(r, 2200));
    expect(provider.calls).toHaveLength(1);
    expect(ledger.get('B')).toMatchObject({ status: 'Pending', attempts: 0 });
  });

  it('checks again once started again', async () => {
    const { poller, provider } = await setup(50);
    poller.start();
    await new Promise((r) => setTimeout(r, 200));
    poller.stop();
    await poller.idle();
    poller.start();
    await new Promise((r) => setTimeout(r, 300));
    expect(provider.calls.length).toBeGreaterThan(3);
  });
});

describe('closing the provider client', () => {
  it('ends a balance read under way at once, and waits for a recharge under way to be answered', async () => {
    const provider = await startScriptedProvider((call) =>
      call.api === 'balance'
        ? { body: { status: 'Success', buyer_balance: '100.00' }, delayMs: ANSWER_MS }
        : { body: { status: 'Success', ref_id: call.query['ref_id'] ?? '', txn_id: 'RT9', opt_id: 'OP9', amount: '10' }, delayMs: 600 },
    );
    cleanups.push(() => provider.close());
    const client = new ResellerClient(() => ({ baseUrl: provider.url, username: '9876543210', token: 'stop-test-token' }));
    const balance = client.balance();
    const recharge = client.recharge({ number: '9876544444', amountRupees: 10, operator: 'JIO', refId: 'R1' });
    await new Promise((r) => setTimeout(r, 200));
    const t0 = performance.now();
    await client.close();
    const closeMs = performance.now() - t0;
    expect(closeMs).toBeLessThan(ANSWER_MS - 1000);
    expect(closeMs).toBeGreaterThan(300);
    expect((await balance).kind).toBe('unknown');
    expect(await recharge).toMatchObject({ kind: 'answer', reply: { status: { status: 'Success' }, txnId: 'RT9' } });
  });
});
