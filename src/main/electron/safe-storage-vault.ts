import { safeStorage } from 'electron';
import Store from 'electron-store';
import type { SecretVault } from '../core/vault/secret-vault';

/**
 * The token encrypted by the OS keychain (DPAPI, Keychain, libsecret/kwallet); only ciphertext is
 * written, to electron-store. Linux's `basic_text` backend uses a fixed key, so it counts as weak:
 * the core refuses to save there unless the shopkeeper accepted that in Settings.
 */
export class SafeStorageVault implements SecretVault {
  private readonly store = new Store<{ token?: string }>({ name: 'vault' });
  readonly backend: string;
  readonly weak: boolean;

  constructor() {
    const available = safeStorage.isEncryptionAvailable();
    const linuxBackend = process.platform === 'linux' ? safeStorage.getSelectedStorageBackend() : null;
    this.backend = !available ? 'none' : linuxBackend ? `safeStorage (${linuxBackend})` : 'safeStorage';
    this.weak = !available || linuxBackend === 'basic_text' || linuxBackend === 'unknown';
  }

  get(): string | null {
    const stored = this.store.get('token');
    if (!stored) return null;
    if (stored.startsWith('plain:')) return stored.slice(6);
    try {
      return safeStorage.decryptString(Buffer.from(stored, 'base64'));
    } catch {
      return null;
    }
  }

  set(token: string): void {
    // Without any encryption the shopkeeper has accepted weak protection (the core checks first).
    const value = safeStorage.isEncryptionAvailable() ? safeStorage.encryptString(token).toString('base64') : `plain:${token}`;
    this.store.set('token', value);
  }

  clear(): void {
    this.store.delete('token');
  }
}
