/**
 * Where the API token is kept. In the app it is encrypted with the OS keychain (safeStorage); the
 * harness and tests use a file or memory. The token never leaves the main process.
 */
export interface SecretVault {
  /** e.g. "safeStorage (dpapi)", "file". */
  readonly backend: string;
  /** True when the protection is weak (Linux basic_text, a plain file). */
  readonly weak: boolean;
  get(): string | null;
  set(token: string): void;
  clear(): void;
}

export class MemoryVault implements SecretVault {
  readonly backend = 'memory';
  readonly weak = true;
  private token: string | null = null;
  get(): string | null {
    return this.token;
  }
  set(token: string): void {
    this.token = token;
  }
  clear(): void {
    this.token = null;
  }
}
