import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { redactSecrets } from '../../../../src/main/core/reseller/redact';
import { ENCODINGS } from '../../../support/token-encodings';

// Characters a token may hold that some encoding changes: / + space " \ & % = ? # < > ' non-ASCII.
// ("*" is left out: the redaction mark itself is made of it.)
const tricky = fc.constantFrom('/', '+', ' ', '"', '\\', '&', '%', '=', '?', '#', '<', '>', "'", 'é', 'ह', '😀', '\n');
const plain = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.~');
const token = fc
  .array(fc.oneof({ weight: 3, arbitrary: plain }, { weight: 1, arbitrary: tricky }), { minLength: 8, maxLength: 64 })
  .map((c) => c.join(''));

describe('redactSecrets', () => {
  it('property: the token is gone from any text, in every encoding a reply can carry it', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(
        token,
        fc.constantFrom(...Object.keys(ENCODINGS)),
        fc.string({ maxLength: 40 }),
        fc.string({ maxLength: 40 }),
        (t, name, before, after) => {
          const encode = ENCODINGS[name]!;
          const out = redactSecrets(`${before}${encode(t)}${after}`, [t]);
          for (const form of Object.values(ENCODINGS)) expect(out).not.toContain(form(t));
          expect(out).toContain('***');
        },
      ),
      { numRuns: 600 },
    );
  });

  it('property: text without the token is left as it was', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(token, fc.string({ maxLength: 200 }), (t, text) => {
        fc.pre(!text.toLowerCase().includes('api_token'));
        fc.pre(Object.values(ENCODINGS).every((e) => !text.toLowerCase().includes(e(t).toLowerCase().slice(0, 4))));
        expect(redactSecrets(text, [t])).toBe(text);
      }),
      { numRuns: 1000 },
    );
  });

  it('an echoed query string loses its api_token, however the "=" is spelled', () => {
    for (const q of ['api_token=abc/def&x=1', 'api_token%3Dabc%2Fdef&x=1', '"api_token":"abc\\/def","x":1', 'api_token\\u003dabc&x'])
      expect(redactSecrets(q)).not.toMatch(/abc/);
  });

  it('is fast on a large reply', () => {
    const t = 'tok/en+with spaces é😀'.repeat(3);
    const body = 'x'.repeat(256 * 1024);
    const start = performance.now();
    redactSecrets(body, [t]);
    // Linear, not backtracking: even a loaded CI machine does this well under a second.
    expect(performance.now() - start).toBeLessThan(1000);
  });
});
