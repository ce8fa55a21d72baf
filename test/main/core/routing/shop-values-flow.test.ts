import { afterEach, describe, expect, it } from 'vitest';
import { openHarness, type TestHarness } from '../flow/harness-client';
import { saveSandboxAccount, testSandbox } from '../../../support/live-harness';
import { createEngine } from '../../../../src/shared/profiles/profile-engine';
import { ownersVersion } from '../../../support/library-account';
import { twoAccountRules } from '../../../support/two-account-rules';
import { failOverToSpare, sentTo } from './two-providers';

// Issue 36 item 3 for a routing account: a spare account on RechargKit keeps its own circle in
// routing.json, and a sale failed over to it names that circle. The spare's sandbox knows the
// account in circle 12 only: it refuses a recharge naming any other.
let h: TestHarness | undefined;
afterEach(async () => {
  await h?.dispose();
  h = undefined;
});

const KEY = 'rkit-spare-password';
const profile = ownersVersion('rechargkit', { AT: '2' });

describe('a routing account’s own circle', () => {
  it('is saved with the account, shown on its card, and sent with the recharge failed over to it', async () => {
    const main = await testSandbox({ username: '9000000001', token: 'main-token-123456' });
    const spare = await testSandbox({
      username: '9000000002',
      token: KEY,
      dialectEngine: createEngine(profile, 'check'),
      shopValues: { circle: '12' },
    });
    h = await openHarness({ acceptWeakTokenProtection: true });
    await h.ok('profile:use', { text: JSON.stringify(profile), hosts: { main: null } });
    await h.ok('profile:use', { id: 'document' });
    await saveSandboxAccount(h, main);

    const base = twoAccountRules(spare);
    const account = { ...base.accounts[1]!, profile: 'rechargkit', username: '9000000002', values: {}, shop: { circle: '12' } };
    const saved = await h.ok('routing:save', { rules: { ...base, accounts: [base.accounts[0]!, account] } });
    expect(saved.accounts['spare']?.shopValues.map((v) => v.name)).toEqual(['circle']);
    expect(saved.accounts['spare']?.shopSetAside).toEqual([]);
    expect(saved.rules.accounts[1]?.shop).toEqual({ circle: '12' });
    await h.ok('routing:setToken', { account: 'spare', credentials: { token: KEY } });
    const txn = await failOverToSpare(h, main);
    expect(txn.status).not.toBe('Unknown');
    // The spare's provider takes a recharge only in the account's circle: it took this one.
    expect(sentTo(spare)).toEqual([txn.refId]);
  });

  it('a circle its profile does not offer, kept in routing.json, is named on its card with the default sent in its place', async () => {
    const spare = await testSandbox({ username: '9000000002', token: KEY, dialectEngine: createEngine(profile, 'check') });
    h = await openHarness({ acceptWeakTokenProtection: true });
    await h.ok('profile:use', { text: JSON.stringify(profile), hosts: { main: null } });
    await h.ok('profile:use', { id: 'document' });
    const base = twoAccountRules(spare);
    const account = { ...base.accounts[1]!, profile: 'rechargkit', username: '9000000002', values: {}, shop: { circle: 'north' } };
    const saved = await h.ok('routing:save', { rules: { ...base, accounts: [base.accounts[0]!, account] } });
    expect(saved.accounts['spare']?.shopSetAside).toMatchObject([{ name: 'circle', saved: 'north', sent: { en: 'Circle code 1' } }]);
  });
});
