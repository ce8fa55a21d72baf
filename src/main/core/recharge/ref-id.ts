import { randomInt } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A per-install prefix: 4 characters, chosen once and kept in settings. */
export function newInstallPrefix(): string {
  let out = '';
  for (let i = 0; i < 4; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

/** How far ahead of the clock a ledger's newest id may be and still be continued from. */
const FLOOR_AHEAD_MAX_MS = 366 * 24 * 3600_000;
/** The largest time that still fits 9 base-36 digits with a millisecond to spare. */
const TIME_MAX = 36 ** 9 - 2;

/** The time part of a ref_id, 9 base-36 digits. */
const time36 = (ms: number) => ms.toString(36).toUpperCase().padStart(9, '0');

/** An id this generator could have made for this prefix: 16 letters and digits, a time that fits. */
export function isOurRefId(prefix: string, refId: string): boolean {
  return /^[0-9A-Z]{16}$/.test(refId) && refId.startsWith(prefix) && parseInt(refId.slice(4, 13), 36) <= TIME_MAX;
}

/**
 * The ids the ledger's newest is looked for below: this prefix, a time at most a year past the
 * clock (further is a crafted or broken id, not a clock that was ahead).
 */
export function refIdCeiling(prefix: string, now: number): string {
  return `${prefix}${time36(Math.min(now + FLOOR_AHEAD_MAX_MS, TIME_MAX))}`;
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
  // Only an id of our own shape counts: a crafted one (a restored file is outside input) must not
  // push every later id to 17 characters or into another century.
  const floor = after !== null && isOurRefId(prefix, after) ? parseInt(after.slice(4, 13), 36) : NaN;
  if (Number.isSafeInteger(floor) && floor < now() + FLOOR_AHEAD_MAX_MS) {
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
    const time = time36(lastMs);
    const sequence = seq.toString(36).toUpperCase().padStart(2, '0');
    return `${prefix}${time}${sequence}${ALPHABET[randomInt(ALPHABET.length)]}`;
  };
}
