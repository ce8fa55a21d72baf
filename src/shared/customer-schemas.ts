import * as z from 'zod';
import { TXN_STATUSES } from './status';

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

const customerNumber = z.string().min(1).max(32);
const paise = z.number().int();

/** One recharge in a customer's story, newest first. */
export const recentSchema = z.object({
  refId: z.string(),
  amount: paise,
  operator: z.string(),
  status: z.enum(TXN_STATUSES),
  createdAt: z.number(),
});

export const customerSchema = z.object({
  number: z.string(),
  /** '' when the shopkeeper has not named this number. */
  name: z.string(),
  operator: z.string().nullable(),
  circle: z.enum(CIRCLES).nullable(),
  /** The last successful recharge, its India-time date and amount. */
  lastAt: z.number().nullable(),
  lastDate: z.string().nullable(),
  lastAmount: paise.nullable(),
  /** India-time date the pack runs out: last success + the validity set for its amount. */
  dueDate: z.string().nullable(),
  /** The amount this number is recharged with most often (recent successes), for a repeat. */
  usualAmount: paise.nullable(),
});
export type Customer = z.infer<typeof customerSchema>;

export const validitySchema = z.object({
  defaultDays: z.number().int(),
  items: z.array(z.object({ amount: paise, days: z.number().int() })),
});

export const customerChannels = {
  get: {
    request: z.strictObject({ number: customerNumber }),
    response: z.object({ customer: customerSchema.nullable(), recent: z.array(recentSchema) }),
  },
  save: {
    // Wire bounds only: the service names what is wrong (too long, control characters) in words.
    request: z.strictObject({
      number: customerNumber,
      name: z.string().max(500),
      operator: z.string().max(16).nullable().default(null),
      circle: z.enum(CIRCLES).nullable().default(null),
    }),
    response: z.object({ customer: customerSchema }),
  },
  find: {
    request: z.strictObject({ query: z.string().max(64), limit: z.number().int().min(1).max(50).default(8) }),
    response: z.object({ items: z.array(customerSchema) }),
  },
  names: {
    // The numbers on screen (a page of history): which of them the shopkeeper has named.
    request: z.strictObject({ numbers: z.array(customerNumber).max(500) }),
    response: z.object({ items: z.array(z.object({ number: z.string(), name: z.string() })) }),
  },
  due: {
    request: z.strictObject({}),
    /** today: the shop's India-time date; each item is due (or lapsed) within DUE_WINDOW_DAYS of it. */
    response: z.object({ today: z.string(), items: z.array(customerSchema) }),
  },
  validity: { request: z.strictObject({}), response: validitySchema },
  setValidity: {
    request: z.strictObject({
      amount: z.number().int().positive().max(1_000_000),
      // null: back to the default. Out of range is refused by the service in words.
      days: z.number().int().min(-100_000).max(100_000).nullable(),
    }),
    response: validitySchema,
  },
};
