import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../../src/sandbox';
import { testConnection } from '../../../../src/main/core/auth/connection-test';
import { builtinEngine } from '../../../../src/shared/profiles/builtin-profiles';
import { accountCredentials } from '../../../../src/main/core/reseller/client-credentials';
import { startScriptedProvider } from '../../../support/scripted-provider';

// "Test connection" names the part to fix: an owner told to check the address when the address
// is right and the provider profile is the wrong one changes the address and breaks the account.
const TOKEN = 'fault-test-token';
let sandbox: Sandbox | undefined;

afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

async function provider(dialect: 'document' | 'caps-json', garbage = 0) {
  sandbox = await startSandbox({ token: TOKEN, dialect, balance: 1000, faults: { garbage } });
  return accountCredentials({ baseUrl: sandbox.url, username: sandbox.credentials.username, token: TOKEN });
}

describe('connection test, by the real fault', () => {
  it('says the profile does not fit when the provider answers in another dialect', async () => {
    const account = await provider('caps-json');
    expect(await testConnection(account, builtinEngine('document'))).toMatchObject({ ok: false, reason: 'profile_mismatch' });
    // The same provider with its own profile connects: the address was right all along.
    expect(await testConnection(account, builtinEngine('caps-json'))).toMatchObject({ ok: true, buyer: 100000 });
  });

  it('says the profile does not fit when the answer is well-formed but in fields the profile does not read', async () => {
    const p = await startScriptedProvider(() => ({ body: { Result: 'OK', Wallet: { Main: '1000.00' } } }));
    try {
      const account = accountCredentials({ baseUrl: p.url, username: '9876543210', token: TOKEN });
      expect(await testConnection(account, builtinEngine('document'))).toMatchObject({ ok: false, reason: 'profile_mismatch' });
    } finally {
      await p.close();
    }
  });

  it('still says to check the address when what answers is no provider at all', async () => {
    const account = await provider('document', 1);
    expect(await testConnection(account, builtinEngine('document'))).toMatchObject({ ok: false, reason: 'provider_error' });
  });
});
