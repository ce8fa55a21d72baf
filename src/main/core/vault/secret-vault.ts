/**
 * What the vault holds. "unreadable" is not "none": a token was saved but this computer can no
 * longer decrypt it (a new Windows password, a changed keyring, a copied profile). The live account
 * is still there, so the app asks for the token again instead of falling back to demo.
 */
export type TokenRead = { kind: 'none' } | { kind: 'saved'; token: string } | { kind: 'unreadable'; detail: string };

/**
 * Where the API token is kept. In the app it is encrypted with the OS keychain (safeStorage); the
 * harness and tests use a file or memory. The token never leaves the main process.
 */
export interface SecretVault {
  /** e.g. "safeStorage (dpapi)", "file". */
  readonly backend: string;
  /** True when the protection is weak (Linux basic_text, a plain file). */
  readonly weak: boolean;
  read(): TokenRead;
  set(token: string): void;
  clear(): void;
}

export class MemoryVault implements SecretVault {
  readonly backend = 'memory';
  readonly weak = true;
  private token: string | null = null;
  read(): TokenRead {
    return this.token ? { kind: 'saved', token: this.token } : { kind: 'none' };
  }
  set(token: string): void {
    this.token = token;
  }
  clear(): void {
    this.token = null;
  }
}
