import { afterEach, describe, expect, it } from 'vitest';
import { openHarness, type TestHarness } from '../flow/harness-client';
import { saveSandboxAccount, testSandbox } from '../../../support/live-harness';
import { libraryProfileFile } from '../../../../src/shared/profiles/library/library-profiles';
import { twoAccountRules } from '../../../support/two-account-rules';
import { sentTo } from './two-providers';

// Issue 36 items 1 and 2 for every routing account: a spare account on a version 2 library
// profile (JOLO) is sent its own declared credentials, to its own host, never the first account's.
let h: TestHarness | undefined;
afterEach(async () => {
  await h?.dispose();
  h = undefined;
});

const JOLO_KEY = 'joloKey12345';

/** The library's JOLO file as a shop whose provider is played on loopback runs it: its host url-less. */
function joloOnLoopback(): string {
  const file = libraryProfileFile('joloapi') as { version: number; hosts: Record<string, { label: unknown }> };
  const hosts = Object.fromEntries(Object.entries(file.hosts).map(([name, x]) => [name, { label: x.label }]));
  return JSON.stringify({ ...file, version: file.version + 1, hosts });
}

describe('a spare account on a version 2 profile', () => {
  it('a sale failed over to it carries its own user id and API key to its own host', async () => {
    const main = await testSandbox({ username: '9000000001', token: 'main-token-123456' });
    const spare = await testSandbox({ username: '9000000002', token: JOLO_KEY, dialect: 'joloapi' });
    h = await openHarness({ acceptWeakTokenProtection: true });
    const text = joloOnLoopback();
    await h.ok('profile:use', { text, hosts: { main: null } });
    await h.ok('profile:use', { id: 'document' });
    await saveSandboxAccount(h, main);

    const base = twoAccountRules(spare);
    const rules = { ...base, accounts: [base.accounts[0]!, { ...base.accounts[1]!, profile: 'joloapi', username: '9000000002', values: {} }] };
    const saved = await h.ok('routing:save', { rules });
    expect(saved.accounts['spare']?.fields.map((f) => f.label.en)).toEqual(['JOLO user ID', 'API key (Account Manage, API Key)']);
    expect(saved.accounts['spare']?.hosts).toEqual([{ label: { en: 'JOLO API', hi: 'JOLO एपीआई' }, address: spare.url }]);
    // The first account's token is not the spare's: nothing is sent to it until its own key is typed.
    expect(saved.tokens['spare']).toBe('none');
    expect(await h.call('routing:setToken', { account: 'spare', credentials: { token: 'bad key!' } })).toMatchObject({
      ok: false,
      error: { code: 'credential_invalid' },
    });
    expect((await h.ok('routing:setToken', { account: 'spare', credentials: { token: JOLO_KEY } })).tokens['spare']).toBe('saved');

    main.admin.suspend(main.credentials.username, true);
    const r = await h.ok('recharge:submit', { number: '9876545555', operator: 'JIO', amount: 239 });
    expect(r.txn).toMatchObject({ status: 'Success', accountId: 'spare', attemptNo: 2 });
    // The JOLO sandbox takes a recharge only with its account's user id and key: it took this one.
    expect(sentTo(spare)).toEqual([r.txn.refId]);
    expect(spare.admin.transactions().total).toBe(1);
  });
});
