import type { SecretVault, TokenRead } from './secret-vault';

/**
 * A vault whose readable answers are kept in memory until it is written through: the shop's log
 * asks for the secrets on every line it redacts (two lines a recharge), and in the app each ask was
 * a settings-file read and an OS decryption per vault. Every write goes through here (one core
 * per data folder), so what is kept is what the vault holds. After a write the next read goes to
 * the vault again (the save's read-back check still reaches the OS), and an unreadable answer is
 * never kept, so a keychain that comes back is seen at the next read.
 */
export function rememberedVault(vault: SecretVault): SecretVault {
  let kept: TokenRead | null = null;
  return {
    get backend() {
      return vault.backend;
    },
    get weak() {
      return vault.weak;
    },
    read() {
      if (kept) return kept;
      const read = vault.read();
      if (read.kind !== 'unreadable') kept = read;
      return read;
    },
    set(token) {
      kept = null;
      vault.set(token);
    },
    clear() {
      kept = null;
      vault.clear();
    },
  };
}
