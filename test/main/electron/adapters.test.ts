import { beforeEach, describe, expect, it, vi } from 'vitest';

// Electron cannot start here: its modules are stood in for, and the adapters' own logic is run.
const state = vi.hoisted(() => ({
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

vi.mock('electron-store', () => ({
  default: class {
    readonly path: string;
    constructor(o: { name: string }) {
      this.path = `/userData/${o.name}.json`;
      if (!state.files.has(o.name)) state.files.set(o.name, {});
      this.name = o.name;
    }
    private readonly name: string;
    get store() {
      return state.files.get(this.name)!;
    }
    set store(v: Record<string, unknown>) {
      state.files.set(this.name, v);
    }
    get(k: string) {
      return state.files.get(this.name)![k];
    }
    set(k: string, v: unknown) {
      state.files.get(this.name)![k] = v;
    }
    delete(k: string) {
      delete state.files.get(this.name)![k];
    }
  },
}));

beforeEach(() => {
  state.files.clear();
  state.backend = 'gnome_libsecret';
  state.available = true;
});

describe('safeStorage vault', () => {
  it('keeps only ciphertext on disk and reads the token back', async () => {
    const { SafeStorageVault } = await import('../../../src/main/electron/safe-storage-vault');
    const vault = new SafeStorageVault();
    vault.set('super-secret-token');
    const stored = JSON.stringify(state.files.get('vault'));
    expect(stored).not.toContain('super-secret-token');
    expect(vault.get()).toBe('super-secret-token');
    expect(vault.weak).toBe(false);
    vault.clear();
    expect(vault.get()).toBeNull();
  });

  it("counts Linux's basic_text backend, and no encryption at all, as weak", async () => {
    const { SafeStorageVault } = await import('../../../src/main/electron/safe-storage-vault');
    state.backend = 'basic_text';
    expect(new SafeStorageVault()).toMatchObject({ weak: true, backend: 'safeStorage (basic_text)' });
    state.available = false;
    expect(new SafeStorageVault()).toMatchObject({ weak: true, backend: 'none' });
  });
});

describe('electron-store settings', () => {
  it('reports a missing file, then saves and loads', async () => {
    const { ElectronSettingsStore } = await import('../../../src/main/electron/settings-store');
    const store = new ElectronSettingsStore();
    expect(store.load().kind).toBe('missing');
  });
});
