/**
 * The shapes our ref_ids take (recharge/ref-id.ts makes them), in one place: every check of a
 * ref_id from a file, a backup or another counter accepts exactly these.
 *
 * - letters: 16 upper-case letters and digits, the install prefix first (a provider that takes 16
 *   or more characters, any of them);
 * - digits: 12 to 19 digits, the first 3 (4 from 16 digits on) taken from the install prefix, the
 *   rest a count of time (a provider that takes digits only, or fewer than 16 characters).
 */

/** What a provider accepts as our reference (profile `reference`). */
export interface RefLimits {
  readonly maxLength: number;
  readonly digitsOnly: boolean;
}

/**
 * The shortest reference we make. Below 12 digits there is no room for both a prefix that keeps
 * installs on one account apart and a count of time that lasts centuries at a useful pace: with
 * 3 prefix digits, 8 digits of time would be 100-second slots, and a counter sends faster.
 */
export const REF_ID_FLOOR = 12;
export const LETTERS_LENGTH = 16;
/** 4 prefix digits and 15 of time (hundredths of a millisecond); longer would outgrow a safe integer. */
export const DIGITS_MAX_LENGTH = 19;

export type RefIdForm =
  | { readonly kind: 'letters'; readonly length: typeof LETTERS_LENGTH }
  | { readonly kind: 'digits'; readonly length: number; readonly prefixDigits: number; readonly timeDigits: number };

/** The form of every ref_id made before profiles, and of any provider that takes 16 characters. */
export const LETTERS_FORM: RefIdForm = { kind: 'letters', length: LETTERS_LENGTH };

/** The form a provider's limits call for, or null when none fits (shorter than the floor). */
export function refIdForm(limits: RefLimits): RefIdForm | null {
  if (limits.maxLength < REF_ID_FLOOR) return null;
  if (!limits.digitsOnly && limits.maxLength >= LETTERS_LENGTH) return LETTERS_FORM;
  return digitsForm(Math.min(limits.maxLength, DIGITS_MAX_LENGTH));
}

function digitsForm(length: number): RefIdForm {
  const prefixDigits = length >= 16 ? 4 : 3;
  return { kind: 'digits', length, prefixDigits, timeDigits: length - prefixDigits };
}

/** Any ref_id we can have made, whatever profile it was sent with. */
export const REF_ID_SHAPE = new RegExp(`^(?:[0-9A-Z]{${LETTERS_LENGTH}}|[0-9]{${REF_ID_FLOOR},${DIGITS_MAX_LENGTH}})$`);

/** The install prefix's digits for a digits-only ref_id: the 4 characters as a base-36 number, cut. */
export function digitsPrefix(installPrefix: string, digits: number): string {
  return String(parseInt(installPrefix, 36) % 10 ** digits).padStart(digits, '0');
}

/**
 * The start of every ref_id of this form from this install. A letters id always has a letter in
 * its time (from 1994 to 2059 the first figure of the time is one), so it never reads as digits.
 */
export function refIdStart(installPrefix: string, form: RefIdForm): string {
  return form.kind === 'letters' ? installPrefix : digitsPrefix(installPrefix, form.prefixDigits);
}

/** The form a ref_id of our shape is in, read from it alone. */
export function formOf(refId: string): RefIdForm | null {
  if (!REF_ID_SHAPE.test(refId)) return null;
  if (/[A-Z]/.test(refId)) return refId.length === LETTERS_LENGTH ? LETTERS_FORM : null;
  return digitsForm(refId.length);
}

/** True when a ref_id of our shape was made by the install with this prefix. */
export function refIdOwnedBy(refId: string, installPrefix: string): boolean {
  const form = formOf(refId);
  return form !== null && refId.startsWith(refIdStart(installPrefix, form));
}
