import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { EncryptedVault, type OsEncryption } from '../../../../src/main/core/vault/encrypted-vault';
import { FileVault } from '../../../../src/main/adapters/file-vault';
import type { Sandbox } from '../../../../src/sandbox';
import { openHarness, type TestHarness } from '../flow/harness-client';
import { outcomeText } from '../../../../src/shared/words/outcome-text';
import { tempDir } from '../../../support/temp-dir';
import { openLiveHarness, testSandbox } from '../../../support/live-harness';

/** safeStorage as the OS gives it: a key per user profile; a new key cannot open the old ciphertext. */
function fakeOs(): OsEncryption & { key: string; available: boolean } {
  return {
    key: 'profile-key-1',
    available: true,
    isEncryptionAvailable() {
      return this.available;
    },
    getSelectedStorageBackend: () => 'gnome_libsecret',
    encryptString(plain) {
      return Buffer.from(`${this.key}|${plain}`);
    },
    decryptString(cipher) {
      const [key, plain] = cipher.toString().split('|');
      if (key !== this.key) throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
      return plain ?? '';
    },
  };
}

function memoryStore() {
  let value: string | undefined;
  return { get: () => value, set: (v: string) => (value = v), delete: () => (value = undefined), peek: () => value };
}

describe('the safeStorage vault logic, under Node with a fake safeStorage', () => {
  it('tells "no token" from "a token this computer can no longer decrypt"', () => {
    const os = fakeOs();
    const store = memoryStore();
    const vault = new EncryptedVault(os, store, 'linux');
    expect(vault.read()).toEqual({ kind: 'none' });
    vault.set('tok-123456');
    expect(store.peek()).not.toContain('tok-123456');
    expect(vault.read()).toEqual({ kind: 'saved', token: 'tok-123456' });
    os.key = 'profile-key-2'; // a new Windows password, a changed keyring, a copied profile
    expect(vault.read()).toMatchObject({ kind: 'unreadable', detail: expect.stringMatching(/decrypt/) });
    os.available = false; // the keyring is not running at all
    expect(vault.read()).toMatchObject({ kind: 'unreadable' });
    os.available = true;
    vault.set('tok-654321');
    expect(vault.read()).toEqual({ kind: 'saved', token: 'tok-654321' });
    vault.clear();
    expect(vault.read()).toEqual({ kind: 'none' });
  });
});

const TOKEN = 'live-token-abcdef';
let sandbox: Sandbox | undefined;
let h: TestHarness | undefined;
afterEach(async () => {
  await h?.dispose();
  h = sandbox = undefined;
});

describe('a live account whose token cannot be read', () => {
  it('stays live, says so, holds recharges, and works again once the token is pasted', async () => {
    const dir = tempDir('vault');
    sandbox = await testSandbox({ token: TOKEN, balance: 5000 });
    h = await openLiveHarness(sandbox, { keepDir: dir });
    const before = await h.ok('recharge:submit', { number: '9876545555', operator: 'JIO', amount: 10 });
    await h.dispose();

    // The next start: the OS key changed, the saved token no longer decrypts.
    h = await openHarness({ keepDir: dir, vault: new FileVault(join(dir, 'token.secret'), { keyChanged: true }) });
    expect((await h.ok('app:info')).mode).toBe('live');
    expect(await h.ok('auth:status')).toMatchObject({ mode: 'live', token: 'unreadable', configured: false });
    // Raised at start, before anyone listened: kept on the notice board, read when the screen opens.
    const notice = (await h.ok('app:notices')).items.find((n) => n.outcome.code === 'token_unreadable');
    expect(notice).toMatchObject({ level: 'error', outcome: { code: 'token_unreadable', params: {} } });
    expect(outcomeText('en', notice!.outcome)).toMatch(/paste the API token again/);
    // The live history is in view, not an empty demo ledger.
    expect((await h.ok('txn:history', { limit: 10 })).items.map((t) => t.refId)).toEqual([before.txn.refId]);
    const held = await h.call('recharge:submit', { number: '9876541234', operator: 'JIO', amount: 10 });
    expect(held).toEqual({ ok: false, error: { code: 'token_unreadable', params: {} } });
    if (!held.ok) expect(outcomeText('en', held.error)).toMatch(/Recharges are on hold/);
    expect(Object.keys(sandbox.admin.submissions())).toEqual([before.txn.refId]);
    // Saving the account without a token does not pretend the old one is fine.
    expect(await h.call('auth:save', { baseUrl: sandbox.url, username: sandbox.credentials.username })).toMatchObject({
      ok: false,
      error: { code: 'token_unreadable' },
    });

    expect(await h.ok('auth:save', { baseUrl: sandbox.url, username: sandbox.credentials.username, token: TOKEN })).toMatchObject({
      mode: 'live',
      token: 'saved',
    });
    expect((await h.ok('recharge:submit', { number: '9876541234', operator: 'JIO', amount: 10 })).txn.status).toBe('Success');
  });
});
