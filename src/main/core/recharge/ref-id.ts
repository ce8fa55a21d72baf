import { randomInt } from 'node:crypto';
import { LETTERS_LENGTH, refIdForm, refIdStart, type RefIdForm, type RefLimits } from '../../../shared/ref-id-shape';

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
  const floor = after !== null && after.length === LETTERS_LENGTH && after.startsWith(prefix) ? parseInt(after.slice(4, 13), 36) : NaN;
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

/**
 * Digits: the prefix's digits, then a count of time slots since DIGITS_EPOCH, as fine as the length
 * allows (13 digits of time count milliseconds, each digit fewer a slot ten times longer, each
 * more ten times shorter), so every length lasts until 2341. Two ids in one slot take the next
 * slot: the count runs ahead of the clock for a burst and the clock catches it up. There is no
 * random figure to spare, so a clock set back is covered by the ledger's newest id alone.
 */
function digitsGenerator(prefix: string, form: RefIdForm & { kind: 'digits' }, now: () => number, after: string | null): () => string {
  const head = refIdStart(prefix, form);
  const scale = 10 ** Math.abs(form.timeDigits - 13);
  const slot = form.timeDigits >= 13 ? (ms: number) => ms * scale : (ms: number) => Math.floor(ms / scale);
  const end = 10 ** form.timeDigits;
  let last =
    after !== null && after.length === form.length && /^\d+$/.test(after) && after.startsWith(head) ? Number(after.slice(head.length)) : -1;
  return () => {
    last = Math.max(slot(Math.trunc(now()) - DIGITS_EPOCH), last + 1);
    if (last >= end) throw new Error('ref_id count spent');
    return head + String(last).padStart(form.timeDigits, '0');
  };
}
