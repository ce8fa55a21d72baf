import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../../src/sandbox';
import { openHarness, until, untilStatus, type TestHarness } from '../flow/harness-client';
import { saveSandboxAccount, testSandbox } from '../../../support/live-harness';
import { openTwoProviders, sentTo, type TwoProviderOptions } from './two-providers';

let h: TestHarness | undefined;
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await h?.dispose();
  h = undefined;
  for (const close of closers.splice(0)) await close();
});

/** Jio goes to the first account only: a sale of it ends with its one attempt. */
const jioMainOnly: TwoProviderOptions['change'] = (r) => ({ ...r, routes: { ...r.routes, JIO: [{ account: 'main' }] } });

/**
 * A credit sale sent to a first account that is not listening, so it is "not sent"; `between` runs
 * before the provider comes back on that port and the status checks close it as never sent.
 * Routing as the owner saves it (the harness's fixed rules cannot be switched off).
 */
async function closedAsNotSent(routed: boolean, between: (t: TestHarness) => Promise<void>) {
  const main = await testSandbox({ username: '9000000001', token: 'main-token-123456' });
  const port = Number(new URL(main.url).port);
  h = await openHarness({ acceptWeakTokenProtection: true, notSentRule: { lookups: 2, afterMs: 1000 } });
  const t = h;
  await t.ok('settings:update', { poller: { firstCheckSeconds: 1 } });
  await saveSandboxAccount(t, main);
  if (routed) {
    const rules = (await t.ok('routing:get')).rules;
    await t.ok('routing:save', { rules: { ...rules, enabled: true } });
  }
  await main.close();
  const r = await t.ok('recharge:submit', { number: '9876545555', operator: 'JIO', amount: 239, payment: { method: 'credit' } });
  expect(r.txn).toMatchObject({ status: 'Unknown', notSent: true });
  expect((await t.ok('khata:get', { number: '9876545555', lines: 0 })).due).toBe(23_900);
  await between(t);
  const back = await startSandbox({ port, username: main.credentials.username, token: main.credentials.token });
  closers.push(() => back.close());
  const closed = await untilStatus(t, r.txn.refId, 'Error', 15_000);
  expect(closed.txn.moneyNote).toBe('not_sent');
  return { t, refId: r.txn.refId };
}

describe('money follows the sale when it ends, however it ends (issue 35 item 6)', () => {
  it('routing off: a sale closed as not sent takes its credit off the due at once', async () => {
    const { t } = await closedAsNotSent(false, async () => {});
    // The customer owes nothing for a recharge they never got, without a restart.
    expect((await t.ok('khata:get', { number: '9876545555', lines: 0 })).due).toBe(0);
  });

  it('a routed sale whose routing was switched off before its not-sent close: the credit comes off the due at once', async () => {
    const { t } = await closedAsNotSent(true, async (t) => {
      const rules = (await t.ok('routing:get')).rules;
      expect(rules.enabled).toBe(true);
      await t.ok('routing:save', { rules: { ...rules, enabled: false } });
    });
    expect((await t.ok('khata:get', { number: '9876545555', lines: 0 })).due).toBe(0);
  });

  it('a routed sale whose last attempt fails with nowhere left to go gives its cash back at once, as routing off', async () => {
    const { t, spare } = await openTwoProviders({ change: jioMainOnly });
    h = t;
    // The first reply says Failure; the status check will confirm it later, but no account is left to try.
    const r = await t.ok('recharge:submit', { number: '9876540000', operator: 'JIO', amount: 239 });
    expect(r.txn).toMatchObject({ status: 'Failure', accountId: 'main' });
    expect((await t.ok('sale:toGiveBack', {})).items).toMatchObject([{ refId: r.txn.refId, cash: 23_900 }]);
    await t.ok('sale:settle', { refId: r.txn.refId, choice: 'given_back' });
    // The status check confirms the Failure: the money is not moved twice, and nothing is sent anywhere.
    await until(async () => (await t.ok('txn:get', { refId: r.txn.refId })).txn.failureConfirmed, 6000, 'the confirmed Failure');
    expect((await t.ok('sale:toGiveBack', {})).items).toEqual([]);
    expect(sentTo(spare)).toEqual([]);
  });
});
