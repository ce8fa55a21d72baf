import { safeStorage } from 'electron';
import Store from 'electron-store';
import { EncryptedVault } from '../core/vault/encrypted-vault';

/** The OS keychain vault: Electron's safeStorage and electron-store, wired to the core's logic. */
export function createSafeStorageVault(name = 'vault', key = 'token'): EncryptedVault {
  // 'vault' holds the provider tokens, one key per account (tokenKeyFor: `token` is the first
  // account's, as before routing); 'shop-vault' the shop ledger's password (issue 16).
  const store = new Store<Record<string, string | undefined>>({ name });
  return new EncryptedVault(
    safeStorage,
    { get: () => store.get(key), set: (v) => store.set(key, v), delete: () => store.delete(key) },
    process.platform,
  );
}
