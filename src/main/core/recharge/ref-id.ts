import { randomInt } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A per-install prefix: 4 characters, chosen once and kept in settings. */
export function newInstallPrefix(): string {
  let out = '';
  for (let i = 0; i < 4; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

/**
 * ref_ids are 16 upper-case letters and digits: the install prefix, the time in base 36, and three
 * random characters. Time keeps them unique on this install even if the ledger is ever replaced
 * (a reused ref_id would make the provider report an old recharge as ours); the prefix keeps
 * installs sharing an account apart; the random tail covers a clock set back.
 */
export function createRefIdGenerator(prefix: string, now: () => number = Date.now): () => string {
  if (!/^[0-9A-Z]{4}$/.test(prefix)) throw new Error('install prefix must be 4 letters or digits');
  return () => {
    let tail = '';
    for (let i = 0; i < 3; i++) tail += ALPHABET[randomInt(ALPHABET.length)];
    return `${prefix}${now().toString(36).toUpperCase().padStart(9, '0')}${tail}`;
  };
}
