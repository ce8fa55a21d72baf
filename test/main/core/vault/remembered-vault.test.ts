import { describe, expect, it } from 'vitest';
import { rememberedVault } from '../../../../src/main/core/vault/remembered-vault';
import type { SecretVault, TokenRead } from '../../../../src/main/core/vault/secret-vault';

/** A vault that counts its reads and can be told to answer "unreadable". */
function countingVault() {
  let token: string | null = null;
  const inner = {
    reads: 0,
    unreadable: false,
    backend: 'counting',
    weak: false,
    read(): TokenRead {
      inner.reads++;
      if (inner.unreadable) return { kind: 'unreadable', detail: 'the keychain is locked' };
      return token ? { kind: 'saved', token } : { kind: 'none' };
    },
    set(t: string) {
      token = t;
    },
    clear() {
      token = null;
    },
  } satisfies SecretVault & Record<string, unknown>;
  return inner;
}

describe('a remembered vault (the shop log reads it on every line)', () => {
  it('reads the vault once, and again after every write through it', () => {
    const inner = countingVault();
    const vault = rememberedVault(inner);
    expect(vault.backend).toBe('counting');
    expect(vault.read()).toEqual({ kind: 'none' });
    expect(vault.read()).toEqual({ kind: 'none' });
    expect(inner.reads).toBe(1);
    vault.set('secret-token-1');
    // The save's read-back check reaches the vault itself.
    expect(vault.read()).toEqual({ kind: 'saved', token: 'secret-token-1' });
    expect(inner.reads).toBe(2);
    for (let i = 0; i < 5; i++) expect(vault.read()).toEqual({ kind: 'saved', token: 'secret-token-1' });
    expect(inner.reads).toBe(2);
    vault.clear();
    expect(vault.read()).toEqual({ kind: 'none' });
    expect(inner.reads).toBe(3);
  });

  it('never keeps an unreadable answer: a keychain that comes back is seen at the next read', () => {
    const inner = countingVault();
    inner.set('secret-token-2');
    inner.unreadable = true;
    const vault = rememberedVault(inner);
    expect(vault.read().kind).toBe('unreadable');
    expect(vault.read().kind).toBe('unreadable');
    expect(inner.reads).toBe(2);
    inner.unreadable = false;
    expect(vault.read()).toEqual({ kind: 'saved', token: 'secret-token-2' });
  });

  it('forgets what it kept even when the write fails', () => {
    const inner = countingVault();
    const vault = rememberedVault({
      ...inner,
      read: () => inner.read(),
      set: () => {
        throw new Error('disk full');
      },
      clear: () => inner.clear(),
    });
    expect(vault.read()).toEqual({ kind: 'none' });
    expect(() => vault.set('x-token')).toThrow('disk full');
    vault.read();
    expect(inner.reads).toBe(2);
  });
});
