import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatInr, paise, paiseToDecimalString, parseAmountToPaise, rupeesToPaise } from '../../src/shared/money';

describe('money', () => {
  it('parses the API decimal strings exactly', () => {
    expect(parseAmountToPaise('12.50')).toBe(1250);
    expect(parseAmountToPaise('12.5')).toBe(1250);
    expect(parseAmountToPaise('12')).toBe(1200);
    expect(parseAmountToPaise('0.01')).toBe(1);
    expect(parseAmountToPaise('1,234.5')).toBe(123450);
    expect(parseAmountToPaise('1,23,456.00')).toBe(12345600);
    expect(parseAmountToPaise(' 4999.99 ')).toBe(499999);
    expect(parseAmountToPaise('-3.00')).toBe(-300);
    expect(parseAmountToPaise('12.500')).toBe(1250);
  });

  it('reads -0.00 as zero, not negative zero', () => {
    expect(Object.is(parseAmountToPaise('-0.00'), 0)).toBe(true);
  });

  it('refuses garbage instead of guessing', () => {
    for (const bad of [
      '',
      'abc',
      '12.345',
      '1,,2',
      ',5',
      '12.',
      '.',
      '1.2.3',
      'NaN',
      'Infinity',
      '₹12',
      '12 50',
      '1e3',
      '--1',
      '99999999999999999999',
    ]) {
      expect(parseAmountToPaise(bad), bad).toBeNull();
    }
    expect(parseAmountToPaise(null)).toBeNull();
    expect(parseAmountToPaise({})).toBeNull();
    expect(parseAmountToPaise(Number.POSITIVE_INFINITY)).toBeNull();
  });

  it('accepts JSON numbers some deployments send, without floating point drift', () => {
    expect(parseAmountToPaise(0.1 + 0.2)).toBeNull();
    expect(parseAmountToPaise(12.5)).toBe(1250);
    expect(parseAmountToPaise(1999)).toBe(199900);
  });

  it('formats amounts the Indian way', () => {
    expect(formatInr(paise(12345600))).toBe('₹1,23,456.00');
    expect(formatInr(paise(1234567890))).toBe('₹1,23,45,678.90');
    expect(formatInr(paise(99900))).toBe('₹999.00');
    expect(formatInr(paise(5))).toBe('₹0.05');
    expect(formatInr(paise(-120000))).toBe('-₹1,200.00');
    expect(formatInr(paise(100000), { symbol: false })).toBe('1,000.00');
  });

  it('takes integer rupees only', () => {
    expect(rupeesToPaise(499)).toBe(49900);
    expect(() => rupeesToPaise(10.5)).toThrow();
  });

  it('property: paise round-trip through the API decimal string and Indian formatting', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (n) => {
        const p = paise(n);
        expect(parseAmountToPaise(paiseToDecimalString(p))).toBe(n === 0 ? 0 : n);
        expect(parseAmountToPaise(formatInr(p, { symbol: false }))).toBe(n === 0 ? 0 : n);
      }),
      { numRuns: 3000 },
    );
  });

  it('property: arbitrary provider strings never throw and parse to a safe integer or null', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-ascii' }), (s) => {
        const v = parseAmountToPaise(s);
        if (v !== null) expect(Number.isSafeInteger(v)).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });
});
