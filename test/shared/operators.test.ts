import { outcomeText } from '../../src/shared/words/outcome-text';
import { describe, expect, it } from 'vitest';
import {
  OPERATORS,
  checkAmount,
  findOperator,
  isMobileNumber,
  isValidNumberFor,
  operatorsIn,
  withoutMobilePrefix,
} from '../../src/shared/operators';

describe('operator table', () => {
  it('holds exactly the codes of the API document, section 2.4', () => {
    expect(operatorsIn('mobile').map((o) => o.code)).toEqual(['JIO', 'AT', 'VI', 'BSNL', 'BSNLSTV']);
    expect(operatorsIn('dth').map((o) => o.code)).toEqual(['ATDTH', 'DISHTV', 'SUNDTH', 'TATASKY', 'VDDTH']);
  });

  it('finds operators whatever the letter case a deployment echoes', () => {
    expect(findOperator('jio')?.name).toBe('Jio');
    expect(findOperator(' tatasky ')?.code).toBe('TATASKY');
    expect(findOperator('BT')).toBeUndefined();
  });

  it('uses the field notes default limits', () => {
    expect([findOperator('JIO'), findOperator('AT'), findOperator('VI')].map((o) => [o?.minAmount, o?.maxAmount])).toEqual([
      [10, 10_000],
      [10, 10_000],
      [10, 10_000],
    ]);
    expect(findOperator('BSNL')?.maxAmount).toBe(5_000);
    for (const o of operatorsIn('dth')) expect([o.minAmount, o.maxAmount]).toEqual([50, 20_000]);
  });

  it('keeps popular amounts within each operator limits', () => {
    for (const o of OPERATORS) {
      for (const a of o.popularAmounts) expect(checkAmount(o, a)).toEqual({ ok: true });
    }
  });

  it('accepts 10-digit Indian mobile numbers and refuses anything else', () => {
    const jio = findOperator('JIO')!;
    expect(isValidNumberFor(jio, '9876543210')).toBe(true);
    expect(isValidNumberFor(jio, '6000000000')).toBe(true);
    for (const bad of ['987654321', '98765432100', '5876543210', '98765 43210', '+919876543210', '']) {
      expect(isValidNumberFor(jio, bad)).toBe(false);
    }
  });

  it('checks DTH subscriber IDs by operator', () => {
    expect(isValidNumberFor(findOperator('ATDTH')!, '3012345555')).toBe(true);
    expect(isValidNumberFor(findOperator('ATDTH')!, '1012345555')).toBe(false);
    expect(isValidNumberFor(findOperator('TATASKY')!, '1012345555')).toBe(true);
    expect(isValidNumberFor(findOperator('DISHTV')!, '01234565555')).toBe(true);
    expect(isValidNumberFor(findOperator('VDDTH')!, '12345')).toBe(false);
  });

  it('refuses amounts that are not whole rupees or outside the limits', () => {
    const bsnl = findOperator('BSNL')!;
    expect(checkAmount(bsnl, 9)).toEqual({ ok: false, reason: 'below_min' });
    expect(checkAmount(bsnl, 5_001)).toEqual({ ok: false, reason: 'above_max' });
    expect(checkAmount(bsnl, 10.5)).toEqual({ ok: false, reason: 'not_integer' });
    expect(checkAmount(bsnl, 0)).toEqual({ ok: false, reason: 'not_integer' });
    expect(checkAmount(bsnl, Number.NaN)).toEqual({ ok: false, reason: 'not_integer' });
  });
});

describe('ID shapes', () => {
  it('check a number and explain the rule from the same data', () => {
    const tata = findOperator('TATASKY')!;
    const says = (operator: string) => outcomeText('en', { code: 'invalid_number', params: { operator } });
    expect(says('TATASKY')).toContain('(10 digits starting with 1)');
    expect(isValidNumberFor(tata, '1234567890')).toBe(true);
    expect(isValidNumberFor(tata, '3234567890')).toBe(false);
    expect(says('JIO')).toContain('(10 digits starting with 6, 7, 8 or 9)');
    expect(says('DISHTV')).toContain('(10 or 11 digits)');
    expect(says('VDDTH')).toContain('(6 to 12 digits)');
    for (const o of OPERATORS) {
      expect(isValidNumberFor(o, '9'.repeat(o.idShape.maxDigits + 1))).toBe(false);
      expect(isValidNumberFor(o, '1'.repeat(Math.max(0, o.idShape.minDigits - 1)))).toBe(false);
    }
  });
});

describe('the mobile-number rule, written once', () => {
  it('isMobileNumber: 10 digits starting 6 to 9, as every mobile operator takes them', () => {
    for (const good of ['9876543210', '6000000000', '7123456789', '8999999999']) expect(isMobileNumber(good)).toBe(true);
    for (const bad of ['5876543210', '987654321', '98765432100', '98765 43210', '+919876543210', '0987654321', '']) {
      expect(isMobileNumber(bad)).toBe(false);
    }
    // The same rule as the mobile operators' own ID shape.
    for (const o of operatorsIn('mobile')) {
      for (const n of ['9876543210', '5876543210', '98765432101']) expect(isValidNumberFor(o, n)).toBe(isMobileNumber(n));
    }
  });

  it('withoutMobilePrefix drops a country code or trunk 0, and nothing else', () => {
    expect(withoutMobilePrefix('919876543210')).toBe('9876543210');
    expect(withoutMobilePrefix('09876543210')).toBe('9876543210');
    expect(withoutMobilePrefix('9876543210')).toBe('9876543210');
    expect(withoutMobilePrefix('9198765')).toBe('9198765');
    expect(withoutMobilePrefix('0987654321')).toBe('0987654321');
  });
});
