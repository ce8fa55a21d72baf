import { nameWords } from '../../../shared/customer-schemas';

/** More words than this add nothing to finding one customer, and each is another index range. */
const MAX_WORDS = 3;

/**
 * SQL for the numbers whose customer name has a word starting with each typed word, on the
 * words' own index (customer_name_words (word, number)): "ram ku" finds "Ramesh Kumar". Null when
 * nothing typed can be part of a name. Params are added to `params` under `prefix`.
 *
 * Each word is one range of that index and the ranges are intersected: a few contiguous pages
 * each. Checking the other words per customer of the first ("ramesh" names ~1,400 of 17,000)
 * was a seek each, scattered over the whole (number, word) index: ~50 ms after a restart.
 */
export function nameMatchSql(text: string, params: Record<string, string | number>, prefix = 'w'): string | null {
  const words = nameWords(text).slice(0, MAX_WORDS);
  if (words.length === 0) return null;
  return words
    .map((word, i) => {
      params[`${prefix}${i}`] = word;
      // U+10FFFF sorts after every character: [word, word + U+10FFFF) is every word it begins.
      params[`${prefix}${i}End`] = `${word}\u{10FFFF}`;
      return `SELECT number FROM customer_name_words WHERE word >= @${prefix}${i} AND word < @${prefix}${i}End`;
    })
    .join(' INTERSECT ');
}
