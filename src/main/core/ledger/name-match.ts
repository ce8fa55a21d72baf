import { nameWords } from '../../../shared/customer-schemas';

/** More words than this add nothing to finding one customer, and each is another index range. */
const MAX_WORDS = 3;

/**
 * SQL for the numbers whose customer name has a word starting with each typed word, on the
 * words' own index (customer_name_words (word, number)): "ram ku" finds "Ramesh Kumar". Null when
 * nothing typed can be part of a name. Params are added to `params` under `prefix`.
 */
export function nameMatchSql(text: string, params: Record<string, string | number>, prefix = 'w'): string | null {
  const words = nameWords(text).slice(0, MAX_WORDS);
  if (words.length === 0) return null;
  // The longest word narrows most: it drives the lookup, the others are checked on its few rows.
  words.sort((a, b) => b.length - a.length);
  const ranges = words.map((word, i) => {
    params[`${prefix}${i}`] = word;
    // U+10FFFF sorts after every character: [word, word + U+10FFFF) is every word it begins.
    params[`${prefix}${i}End`] = `${word}\u{10FFFF}`;
    return `word >= @${prefix}${i} AND word < @${prefix}${i}End`;
  });
  const [first, ...rest] = ranges;
  return `SELECT number FROM customer_name_words WHERE ${first!}${rest
    .map((r) => ` AND number IN (SELECT number FROM customer_name_words WHERE ${r})`)
    .join('')}`;
}
