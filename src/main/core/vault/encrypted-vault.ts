import { errorFacts } from '../errors/error-facts';
import type { SecretVault, TokenRead } from './secret-vault';

/** The part of Electron's `safeStorage` the vault uses (a fake stands in under Node). */
export interface OsEncryption {
  isEncryptionAvailable(): boolean;
  /** Linux only: which keyring encrypts ("basic_text" is a fixed key). */
  getSelectedStorageBackend(): string;
  encryptString(plain: string): Buffer;
  decryptString(cipher: Buffer): string;
}

/** Where the ciphertext is kept (electron-store in the app). */
export interface CipherStore {
  get(): string | undefined;
  set(value: string): void;
  delete(): void;
}

/**
 * The token encrypted by the OS keychain (DPAPI, Keychain, libsecret/kwallet); only ciphertext is
 * stored. Linux's `basic_text` backend uses a fixed key, so it counts as weak: the core refuses to
 * save there unless the shopkeeper accepted that in Settings. A saved token that no longer decrypts
 * is reported as unreadable, never as "no token".
 */
export class EncryptedVault implements SecretVault {
  readonly backend: string;
  readonly weak: boolean;

  constructor(
    private readonly os: OsEncryption,
    private readonly store: CipherStore,
    platform: string,
  ) {
    const available = os.isEncryptionAvailable();
    const linuxBackend = platform === 'linux' ? os.getSelectedStorageBackend() : null;
    this.backend = !available ? 'none' : linuxBackend ? `safeStorage (${linuxBackend})` : 'safeStorage';
    this.weak = !available || linuxBackend === 'basic_text' || linuxBackend === 'unknown';
  }

  read(): TokenRead {
    const stored = this.store.get();
    if (!stored) return { kind: 'none' };
    if (stored.startsWith('plain:')) return { kind: 'saved', token: stored.slice(6) };
    if (!this.os.isEncryptionAvailable()) return { kind: 'unreadable', detail: 'the keychain is not available' };
    try {
      const token = this.os.decryptString(Buffer.from(stored, 'base64'));
      return token ? { kind: 'saved', token } : { kind: 'unreadable', detail: 'it decrypted to nothing' };
    } catch (e) {
      return { kind: 'unreadable', detail: errorFacts(e).message.slice(0, 200) };
    }
  }

  set(token: string): void {
    // Without any encryption the shopkeeper has accepted weak protection (the core checks first).
    const value = this.os.isEncryptionAvailable() ? this.os.encryptString(token).toString('base64') : `plain:${token}`;
    this.store.set(value);
  }

  clear(): void {
    this.store.delete();
  }
}
