/**
 * A pattern of letters, digits and spaces alone ("in progress", "gateway": most of a profile's) is
 * its words anywhere in the field, in any case. Matched as a search for them, it needs no RE2
 * program: compiling one and timing it were most of a fresh process's first import (issue 39), and
 * a substring search cannot be slow. The answer is RE2's own: case-insensitive RE2 takes an ASCII
 * letter for its other case and, for k and s, the Kelvin sign and the long s (Unicode's simple case
 * folding; literal-pattern.test.ts checks every code point against RE2).
 */
const LITERAL = /^[A-Za-z0-9 ]+$/;

/** The field's characters as case-insensitive RE2 compares them with a letter, digit or space, one for one. */
const fold = (text: string): string =>
  text.replace(/[A-Z\u212A\u017F]/g, (c) => (c === '\u212A' ? 'k' : c === '\u017F' ? 's' : c.toLowerCase()));

/** A test for the pattern's words when it is literal; null when it needs RE2. */
export function literalTest(pattern: string): ((text: string) => boolean) | null {
  if (!LITERAL.test(pattern)) return null;
  const words = pattern.toLowerCase();
  return (text) => fold(text).includes(words);
}
