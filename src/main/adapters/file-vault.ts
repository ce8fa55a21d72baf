import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { SecretVault } from '../core/vault/secret-vault';

/**
 * The harness's vault: a file readable only by this user. Weak by nature (no OS encryption), so it
 * says so; the packaged app uses the safeStorage vault instead.
 */
export class FileVault implements SecretVault {
  readonly backend = 'file';
  readonly weak = true;

  constructor(private readonly file: string) {}

  get(): string | null {
    return existsSync(this.file) ? readFileSync(this.file, 'utf8') || null : null;
  }

  set(token: string): void {
    mkdirSync(dirname(this.file), { recursive: true });
    writeFileSync(this.file, token, { mode: 0o600 });
  }

  clear(): void {
    rmSync(this.file, { force: true });
  }
}
