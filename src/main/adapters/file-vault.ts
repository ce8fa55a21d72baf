import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { SecretVault, TokenRead } from '../core/vault/secret-vault';

/**
 * The harness's vault: a file readable only by this user. Weak by nature (no OS encryption), so it
 * says so; the packaged app uses the safeStorage vault instead.
 */
export class FileVault implements SecretVault {
  readonly backend = 'file';
  readonly weak = true;

  /**
   * `keyChanged` plays the OS key having changed since the token was saved (a new Windows password,
   * a copied profile): a saved token reads as unreadable. Tests use it.
   */
  private keyChanged: boolean;

  constructor(
    private readonly file: string,
    options: { keyChanged?: boolean } = {},
  ) {
    this.keyChanged = options.keyChanged ?? false;
  }

  read(): TokenRead {
    const token = existsSync(this.file) ? readFileSync(this.file, 'utf8') : '';
    if (!token) return { kind: 'none' };
    if (this.keyChanged) return { kind: 'unreadable', detail: 'the key it was saved with has changed' };
    return { kind: 'saved', token };
  }

  set(token: string): void {
    mkdirSync(dirname(this.file), { recursive: true });
    writeFileSync(this.file, token, { mode: 0o600 });
    // Saved again under the current key: it reads back.
    this.keyChanged = false;
  }

  clear(): void {
    rmSync(this.file, { force: true });
  }
}
