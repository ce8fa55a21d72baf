import { afterEach, describe, expect, it } from 'vitest';
import { openHarness, type TestHarness } from '../flow/harness-client';
import { saveSandboxAccount, testSandbox } from '../../../support/live-harness';
import { libraryProfileFile } from '../../../../src/shared/profiles/library/library-profiles';
import { twoAccountRules } from '../../../support/two-account-rules';
import { failOverToSpare, sentTo } from './two-providers';

// Issue 36 items 1 and 2 for every routing account: a spare account on a version 2 library
// profile (PinWallet: one bearer token, no username) is sent its own declared credential, to its
// own host, never the first account's.
let h: TestHarness | undefined;
afterEach(async () => {
  await h?.dispose();
  h = undefined;
});

const BEARER = 'pinwallet-bearer-4711';

/** A library file as a shop whose provider is played on loopback runs it: its hosts url-less. */
function onLoopback(id: 'pinwallet' | 'joloapi'): string {
  const file = libraryProfileFile(id) as { version: number; hosts: Record<string, { label: unknown }> };
  const hosts = Object.fromEntries(Object.entries(file.hosts).map(([name, x]) => [name, { label: x.label }]));
  return JSON.stringify({ ...file, version: file.version + 1, hosts });
}

describe('a spare account on a version 2 profile', () => {
  it('is asked exactly its declared fields, and a sale failed over to it carries its own bearer token to its own host', async () => {
    const main = await testSandbox({ username: '9000000001', token: 'main-token-123456' });
    const spare = await testSandbox({ username: '9000000002', token: BEARER, dialect: 'pinwallet' });
    h = await openHarness({ acceptWeakTokenProtection: true });
    await h.ok('profile:use', { text: onLoopback('pinwallet'), hosts: { main: null } });
    await h.ok('profile:use', { id: 'document' });
    await saveSandboxAccount(h, main);

    const base = twoAccountRules(spare);
    const rules = { ...base, accounts: [base.accounts[0]!, { ...base.accounts[1]!, profile: 'pinwallet', username: '', values: {} }] };
    const saved = await h.ok('routing:save', { rules });
    expect(saved.accounts['spare']?.fields.map((f) => f.label)).toEqual([{ en: 'Bearer token', hi: 'बेयरर टोकन' }]);
    expect(saved.accounts['spare']?.hosts).toEqual([{ label: { en: 'PinWallet', hi: 'PinWallet' }, address: spare.url }]);
    // The first account's token is not the spare's: nothing is sent to it until its own is typed.
    expect(saved.tokens['spare']).toBe('none');
    expect(await h.call('routing:setToken', { account: 'spare', credentials: { token: 'short' } })).toMatchObject({
      ok: false,
      error: { code: 'credential_invalid' },
    });
    expect((await h.ok('routing:setToken', { account: 'spare', credentials: { token: BEARER } })).tokens['spare']).toBe('saved');
    const txn = await failOverToSpare(h, main);
    expect(txn).toMatchObject({ providerStatus: expect.any(String) });
    expect(txn.status).not.toBe('Unknown');
    // The PinWallet sandbox takes a recharge only with its account's bearer token: it took this one.
    expect(sentTo(spare)).toEqual([txn.refId]);
  });

  it("is sent references in its own provider's form, not the first account's (JOLO takes 14 digits at most)", async () => {
    const main = await testSandbox({ username: '9000000001', token: 'main-token-123456' });
    const key = 'joloKey12345678';
    const spare = await testSandbox({ username: '9000000002', token: key, dialect: 'joloapi' });
    h = await openHarness({ acceptWeakTokenProtection: true });
    await h.ok('profile:use', { text: onLoopback('joloapi'), hosts: { main: null } });
    await h.ok('profile:use', { id: 'document' });
    await saveSandboxAccount(h, main);
    const base = twoAccountRules(spare);
    const rules = {
      ...base,
      accounts: [base.accounts[0]!, { ...base.accounts[1]!, profile: 'joloapi', username: '9000000002', values: {} }],
    };
    await h.ok('routing:save', { rules });
    expect((await h.ok('routing:setToken', { account: 'spare', credentials: { token: key } })).tokens['spare']).toBe('saved');
    const txn = await failOverToSpare(h, main);
    expect(txn.refId).toMatch(/^\d{1,14}$/);
    expect(txn.status).not.toBe('Unknown');
    expect(sentTo(spare)).toEqual([txn.refId]);
    // The first account's references keep their own form.
    const first = await h.ok('txn:get', { refId: txn.saleId! });
    expect(first.txn.refId).toMatch(/^[0-9A-Z]{16}$/);
  });
});
