import { randomInt } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A per-install prefix: 4 characters, chosen once and kept in settings. */
export function newInstallPrefix(): string {
  let out = '';
  for (let i = 0; i < 4; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

/**
 * ref_ids are 16 upper-case letters and digits: the install prefix, the time in base 36, a
 * sequence within the millisecond, and one random character. Time keeps them unique on this install
 * even if the ledger is ever replaced (a reused ref_id would make the provider report an old
 * recharge as ours); the sequence keeps ids from one process strictly increasing; the prefix keeps
 * installs sharing an account apart; the random character covers a clock set back.
 */
export function createRefIdGenerator(prefix: string, now: () => number = Date.now, after: string | null = null): () => string {
  if (!/^[0-9A-Z]{4}$/.test(prefix)) throw new Error('install prefix must be 4 letters or digits');
  let lastMs = 0;
  let seq = 0;
  // The newest ref_id of this install already in the ledger (a restored one may be newer than the
  // clock, which can be behind): every new id comes after it, so none can ever be reused.
  const floor = after !== null && after.startsWith(prefix) ? parseInt(after.slice(4, 13), 36) : NaN;
  if (Number.isSafeInteger(floor)) {
    lastMs = floor + 1;
    seq = -1;
  }
  return () => {
    const t = now();
    if (t > lastMs) {
      lastMs = t;
      seq = 0;
    } else if (++seq >= 36 * 36) {
      // More than 1296 in one millisecond: borrow the next millisecond rather than repeat.
      lastMs += 1;
      seq = 0;
    }
    const time = lastMs.toString(36).toUpperCase().padStart(9, '0');
    const sequence = seq.toString(36).toUpperCase().padStart(2, '0');
    return `${prefix}${time}${sequence}${ALPHABET[randomInt(ALPHABET.length)]}`;
  };
}
