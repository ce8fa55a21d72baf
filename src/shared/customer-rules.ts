/**
 * The customer book's rules as plain code, without zod: the counter's first script uses them
 * (looksLikeName, the circle codes) and should not carry the schemas, which load with the first answer.
 */
/** The longest name the book keeps: a first name, a surname and a word to tell two apart. */
export const MAX_CUSTOMER_NAME_CHARS = 60;
/** Validity when the shop has not set one for an amount: the common 28-day pack. */
export const DEFAULT_VALIDITY_DAYS = 28;
export const MIN_VALIDITY_DAYS = 1;
export const MAX_VALIDITY_DAYS = 365;
/** How far ahead "this week" looks, and how long a lapsed customer stays on the list to call. */
export const DUE_WINDOW_DAYS = 7;

/**
 * Telecom circles (licence service areas), as operators and providers name them. Codes only: the
 * screens say each name in the shopkeeper's language.
 */
export const CIRCLES = [
  'AP',
  'AS',
  'BR',
  'CH',
  'DL',
  'GJ',
  'HP',
  'HR',
  'JK',
  'KA',
  'KL',
  'KO',
  'MH',
  'MP',
  'MU',
  'NE',
  'OR',
  'PB',
  'RJ',
  'TN',
  'UE',
  'UW',
  'WB',
] as const;

export type NameProblem = 'customer_name_too_long' | 'customer_name_control' | 'customer_name_no_letter';

// Control characters, and the bidirectional overrides that make a name print differently from
// how it reads. Zero-width joiners stay: Devanagari spelling needs them.
const CONTROL = /[\p{Cc}\u200E\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/u;

/** Whitespace runs made one space, composed (NFC) so the same name typed twice is the same text. */
export function tidyName(name: string): string {
  return name
    .normalize('NFC')
    .replace(/[^\S\r\n\t]+/g, ' ')
    .trim();
}

/** What is wrong with a name the shopkeeper typed, or null ('' is fine: it takes the name away). */
export function nameProblem(name: string): NameProblem | null {
  if (CONTROL.test(name)) return 'customer_name_control';
  const tidy = tidyName(name);
  if ([...tidy].length > MAX_CUSTOMER_NAME_CHARS) return 'customer_name_too_long';
  // A name of digits only would read as a number in every search box.
  if (tidy !== '' && !/\p{L}/u.test(tidy)) return 'customer_name_no_letter';
  return null;
}

/**
 * The words a name is found by: lower case, split at spaces and punctuation. The search box's
 * text is cut the same way, so "ramesh k" finds "Ramesh Kumar".
 */
export function nameWords(text: string): string[] {
  return [
    ...new Set(
      tidyName(text)
        .toLowerCase()
        .split(/[\s.,;:'"()\-/&]+/u)
        .filter((w) => w !== ''),
    ),
  ];
}

/** Text the shopkeeper may mean as a name: it has a letter (a ref_id does too, and finds no name). */
export function looksLikeName(text: string): boolean {
  return /\p{L}/u.test(text);
}
