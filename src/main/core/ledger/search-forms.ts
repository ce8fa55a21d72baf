/** Fewer digits than this match too much of the ledger to be a search for one customer. */
const MIN_NUMBER_DIGITS = 3;
/** A run of digits this short (and at least 4 long) may be the end of a number as well as its start. */
const MAX_SUFFIX_DIGITS = 9;

export interface SearchForms {
  /** Number prefixes to look up (the typed digits, and the number without +91 / 0 when present). */
  prefixes: string[];
  /** The last digits of a number, when what was typed can be that. */
  suffix: string | null;
}

/**
 * What a shopkeeper types into the search box, read the ways they mean it: the customer's last
 * four digits ("3210"), the number grouped as read aloud ("98765 43210"), with the country code or
 * a trunk 0 ("+91 98765 43210", "09876543210"), or the start of the number ("98765").
 */
export function searchForms(search: string): SearchForms {
  const compact = search.replace(/[\s\-.()]/g, '');
  const international = /^\+91/.test(compact);
  const digits = compact.replace(/^\+/, '');
  if (!/^\d+$/.test(digits)) return { prefixes: [], suffix: null };
  const prefixes = new Set<string>();
  if (international) {
    // "+91" is never part of a number: what follows it is the number's start.
    prefixes.add(digits.slice(2));
  } else {
    // A DTH ID may itself start with 0 or 91 (Dish TV's are 11 digits from 0): keep both readings.
    prefixes.add(digits);
    if (digits.length === 12 && digits.startsWith('91')) prefixes.add(digits.slice(2));
    if (digits.length === 11 && digits.startsWith('0')) prefixes.add(digits.slice(1));
  }
  const suffix = !international && digits.length >= 4 && digits.length <= MAX_SUFFIX_DIGITS ? digits : null;
  return { prefixes: [...prefixes].filter((p) => p.length >= MIN_NUMBER_DIGITS), suffix };
}
