import { randomInt } from 'node:crypto';
import { LETTERS_FORM, LETTERS_LENGTH, refIdForm, refIdStart, type RefIdForm, type RefLimits } from '../../../shared/ref-id-shape';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A provider that takes any 16 letters and digits: the form every install made before profiles. */
const ANY_SIXTEEN: RefLimits = { maxLength: LETTERS_LENGTH, digitsOnly: false };

/** Digits-only ids count time from here: 10^13 ms later (the year 2341) their count runs out. */
const DIGITS_EPOCH = Date.UTC(2025, 0, 1);

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
export function refIdCeiling(prefix: string, now: number, form: RefIdForm = LETTERS_FORM): string {
  if (form.kind === 'letters') return `${prefix}${time36(Math.min(now + FLOOR_AHEAD_MAX_MS, TIME_MAX))}`;
  const digits = digitsClock(form);
  return refIdStart(prefix, form) + String(Math.min(digits.slot(now + FLOOR_AHEAD_MAX_MS), digits.end - 1)).padStart(form.timeDigits, '0');
}

/** A digits form's count of time: the slot a moment falls in, and the first count it cannot write. */
function digitsClock(form: RefIdForm & { kind: 'digits' }) {
  const scale = 10 ** Math.abs(form.timeDigits - 13);
  const since = (ms: number) => Math.trunc(ms) - DIGITS_EPOCH;
  return {
    slot: form.timeDigits >= 13 ? (ms: number) => since(ms) * scale : (ms: number) => Math.floor(since(ms) / scale),
    end: 10 ** form.timeDigits,
  };
}

/**
 * A ref_id generator for this install, in the form the provider's limits allow
 * (shared/ref-id-shape.ts). Time keeps ids unique on this install even if the ledger is ever
 * replaced (a reused ref_id would make the provider report an old recharge as ours); a count
 * within the same moment keeps ids from one process strictly increasing; the prefix keeps installs
 * sharing an account apart. `after` is the newest ref_id of this form already in the ledger (a
 * restored one may be newer than the clock, which can be behind): every new id comes after it.
 */
export function createRefIdGenerator(
  prefix: string,
  now: () => number = Date.now,
  after: string | null = null,
  limits: RefLimits = ANY_SIXTEEN,
): () => string {
  if (!/^[0-9A-Z]{4}$/.test(prefix)) throw new Error('install prefix must be 4 letters or digits');
  const form = refIdForm(limits);
  if (form === null) throw new Error(`no ref_id fits in ${limits.maxLength} characters`);
  return form.kind === 'letters' ? lettersGenerator(prefix, now, after) : digitsGenerator(prefix, form, now, after);
}

/**
 * 16 upper-case letters and digits: the install prefix, the time in base 36, a sequence within the
 * millisecond, and one random character, which covers a clock set back with no ledger to follow.
 */
function lettersGenerator(prefix: string, now: () => number, after: string | null): () => string {
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

/**
 * Digits: the prefix's digits, then a count of time slots since DIGITS_EPOCH, as fine as the length
 * allows (13 digits of time count milliseconds, each digit fewer a slot ten times longer, each
 * more ten times shorter), so every length lasts until 2341. Two ids in one slot take the next
 * slot: the count runs ahead of the clock for a burst and the clock catches it up. There is no
 * random figure to spare, so a clock set back is covered by the ledger's newest id alone.
 */
function digitsGenerator(prefix: string, form: RefIdForm & { kind: 'digits' }, now: () => number, after: string | null): () => string {
  const head = refIdStart(prefix, form);
  const { slot, end } = digitsClock(form);
  const ours = after !== null && after.length === form.length && /^\d+$/.test(after) && after.startsWith(head);
  const floor = ours ? Number(after.slice(head.length)) : -1;
  // As for letters: a newest id more than a year ahead of the clock is crafted or broken, not followed.
  let last = floor <= slot(now() + FLOOR_AHEAD_MAX_MS) ? floor : -1;
  return () => {
    last = Math.max(slot(now()), last + 1);
    if (last >= end) throw new Error('ref_id count spent');
    return head + String(last).padStart(form.timeDigits, '0');
  };
}
