import { describe, expect, it } from 'vitest';
import { RE2JS } from 're2js';
import { literalTest } from '../../../src/shared/profiles/literal-pattern';

// Issue 39: a pattern of words is searched for, not compiled by RE2; it must answer as RE2 does.
const re2 = (pattern: string, text: string) => RE2JS.compile(pattern, RE2JS.CASE_INSENSITIVE).matcher(text).find();
const SINGLES = [...'abcdefghijklmnopqrstuvwxyz0123456789 '];

describe('a pattern of letters, digits and spaces', () => {
  it('matches each character of every code point exactly as case-insensitive RE2 does', () => {
    const any = RE2JS.compile('[a-z0-9 ]', RE2JS.CASE_INSENSITIVE);
    const others: string[] = [];
    let takenByRe2 = 0;
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const c = String.fromCodePoint(cp);
      if (!any.matcher(c).find()) {
        others.push(c);
        continue;
      }
      takenByRe2 += 1;
      for (const x of SINGLES) expect(literalTest(x)!(c), `${x} in U+${cp.toString(16)}`).toBe(re2(x, c));
    }
    // ASCII letters in both cases, digits, the space, the Kelvin sign and the long s.
    expect(takenByRe2).toBe(65);
    const rest = others.join('');
    for (const x of SINGLES) expect(literalTest(x)!(rest), x).toBe(false);
  });

  it('finds its words anywhere in the field, in any case, as RE2 does', () => {
    const fields = ['Status KISS pending', 'kiſſ', 'Kiss', 'KİSS', 'kıss', 'in  progress', 'IN PROGRESS now', 'xin progressx', '', 'ki ss'];
    for (const pattern of ['kiss', 'in progress', 'KiSs', 's', ' ', '404'])
      for (const field of fields) expect(literalTest(pattern)!(field), `${pattern} in ${field}`).toBe(re2(pattern, field));
  });

  it('anything else is left to RE2', () => {
    for (const pattern of ['timed? ?out', '^pending$', 'a.b', 'try (again|after)', 'काम', 'in-progress', 'a\\d'])
      expect(literalTest(pattern), pattern).toBeNull();
  });
});
