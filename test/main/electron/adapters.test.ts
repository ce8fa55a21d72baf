import { beforeEach, describe, expect, it, vi } from 'vitest';
import { tempDir } from '../../support/temp-dir';

// Electron cannot start here: its modules are stood in for, and the adapters' own logic is run.
const state = vi.hoisted(() => ({
  dir: '',
  platform: 'linux',
  backend: 'gnome_libsecret' as string,
  available: true,
  files: new Map<string, Record<string, unknown>>(),
}));

vi.mock('electron', () => ({
  safeStorage: {
    isEncryptionAvailable: () => state.available,
    getSelectedStorageBackend: () => state.backend,
    encryptString: (s: string) => Buffer.from(`enc(${s})`),
    decryptString: (b: Buffer) => {
      const text = b.toString();
      if (!text.startsWith('enc(')) throw new Error('bad ciphertext');
      return text.slice(4, -1);
    },
  },
  Notification: class {
    static isSupported = () => true;
    show() {}
  },
}));

// Like electron-store's engine: one JSON file per store in the user-data folder, and a file that
// is not JSON throws when the store opens. The vault keeps its values in memory for inspection.
vi.mock('electron-store', async () => {
  const fs = await import('node:fs');
  return {
    default: class {
      readonly path: string;
      private readonly name: string;
      /** electron-store reads "a.b" as the field b inside a unless told otherwise. */
      private readonly dots: boolean;
      constructor(o: { name: string; accessPropertiesByDotNotation?: boolean }) {
        this.name = o.name;
        this.dots = o.accessPropertiesByDotNotation !== false;
        this.path = `${state.dir}/${o.name}.json`;
        if (o.name === 'vault') {
          if (!state.files.has(o.name)) state.files.set(o.name, {});
        } else if (fs.existsSync(this.path)) {
          JSON.parse(fs.readFileSync(this.path, 'utf8'));
        }
      }
      get store(): Record<string, unknown> {
        if (this.name === 'vault') return state.files.get(this.name)!;
        return fs.existsSync(this.path) ? (JSON.parse(fs.readFileSync(this.path, 'utf8')) as Record<string, unknown>) : {};
      }
      set store(v: Record<string, unknown>) {
        fs.writeFileSync(this.path, JSON.stringify(v));
      }
      get(k: string) {
        const file = state.files.get(this.name)!;
        if (!this.dots || !k.includes('.')) return file[k];
        const [outer = '', inner = ''] = k.split('.');
        const nested = file[outer];
        return typeof nested === 'object' && nested !== null ? (nested as Record<string, unknown>)[inner] : undefined;
      }
      set(k: string, v: unknown) {
        const file = state.files.get(this.name)!;
        if (!this.dots || !k.includes('.')) file[k] = v;
        else {
          const [outer = '', inner = ''] = k.split('.');
          file[outer] = { ...(typeof file[outer] === 'object' ? (file[outer] as object) : {}), [inner]: v };
        }
      }
      delete(k: string) {
        delete state.files.get(this.name)![k];
      }
    },
  };
});

beforeEach(() => {
  state.dir = tempDir('electron-store');
  state.files.clear();
  state.backend = 'gnome_libsecret';
  state.available = true;
});

describe('safeStorage vault', () => {
  it('keeps only ciphertext on disk and reads the token back', async () => {
    const { createSafeStorageVault } = await import('../../../src/main/electron/safe-storage-vault');
    const vault = createSafeStorageVault();
    vault.set('super-secret-token');
    const stored = JSON.stringify(state.files.get('vault'));
    expect(stored).not.toContain('super-secret-token');
    expect(vault.read()).toEqual({ kind: 'saved', token: 'super-secret-token' });
    expect(vault.weak).toBe(false);
    vault.clear();
    expect(vault.read()).toEqual({ kind: 'none' });
  });

  it('keeps each provider account’s token under its own key beside the first account’s, which stays where it was', async () => {
    const { createSafeStorageVault } = await import('../../../src/main/electron/safe-storage-vault');
    const { tokenKeyFor } = await import('../../../src/main/core/routing/vault-keys');
    const main = createSafeStorageVault('vault', tokenKeyFor('main'));
    const spare = createSafeStorageVault('vault', tokenKeyFor('spare'));
    main.set('first-account-token');
    spare.set('spare-account-token');
    expect(Object.keys(state.files.get('vault')!).sort()).toEqual(['token', 'token.spare']);
    expect(createSafeStorageVault().read()).toEqual({ kind: 'saved', token: 'first-account-token' });
    expect(spare.read()).toEqual({ kind: 'saved', token: 'spare-account-token' });
    spare.clear();
    expect(main.read()).toEqual({ kind: 'saved', token: 'first-account-token' });
  });

  it("counts Linux's basic_text backend, and no encryption at all, as weak", async () => {
    const { createSafeStorageVault } = await import('../../../src/main/electron/safe-storage-vault');
    state.backend = 'basic_text';
    expect(createSafeStorageVault()).toMatchObject({ weak: true, backend: 'safeStorage (basic_text)' });
    state.available = false;
    expect(createSafeStorageVault()).toMatchObject({ weak: true, backend: 'none' });
  });
});
