import { safeStorage } from 'electron';
import Store from 'electron-store';
import { EncryptedVault } from '../core/vault/encrypted-vault';

/** The OS keychain vault: Electron's safeStorage and electron-store, wired to the core's logic. */
export function createSafeStorageVault(name = 'vault', key = 'token'): EncryptedVault {
  // 'vault' holds the provider tokens, the first account's under 'token' and each other account's
  // under its own key (core/routing/vault-keys.ts); 'shop-vault' the shop ledger's password (issue 16).
  // Keys are names, not paths: 'token.spare' is one key beside 'token', never a field inside it.
  const store = new Store<Record<string, string>>({ name, accessPropertiesByDotNotation: false });
  return new EncryptedVault(
    safeStorage,
    { get: () => store.get(key), set: (v) => store.set(key, v), delete: () => store.delete(key) },
    process.platform,
  );
}
