import { safeStorage } from 'electron';
import Store from 'electron-store';
import { EncryptedVault } from '../core/vault/encrypted-vault';

/** The OS keychain vault: Electron's safeStorage and electron-store, wired to the core's logic. */
export function createSafeStorageVault(name = 'vault'): EncryptedVault {
  // 'vault' holds the provider token; 'shop-vault' the shop ledger's password (issue 16).
  const store = new Store<{ token?: string }>({ name });
  return new EncryptedVault(
    safeStorage,
    { get: () => store.get('token'), set: (v) => store.set('token', v), delete: () => store.delete('token') },
    process.platform,
  );
}
