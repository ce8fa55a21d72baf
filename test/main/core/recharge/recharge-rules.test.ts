import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createRefIdGenerator, newInstallPrefix } from '../../../../src/main/core/recharge/ref-id';
import { nextStatus } from '../../../../src/shared/money-law/transitions';
import { validateRecharge } from '../../../../src/main/core/recharge/validate';
import { isFinal, TXN_STATUSES, PROVIDER_STATUSES } from '../../../../src/shared/status';
import { cleanNumber, groupForReading } from '../../../../src/shared/subscriber-number';
import { refusal } from '../../../support/refusal';
import { outcomeText } from '../../../../src/shared/words/outcome-text';

describe('ref_id', () => {
  it('is 16 letters and digits with the install prefix, unique and increasing even within one millisecond', () => {
    const gen = createRefIdGenerator('AB12', () => 1_790_000_000_000);
    const list = Array.from({ length: 10_000 }, gen);
    expect(new Set(list).size).toBe(10_000);
    const order = list.map((id) => id.slice(0, 15));
    expect([...order].sort()).toEqual(order);
    const ids = new Set(list);
    for (const id of [...ids].slice(0, 50)) expect(id).toMatch(/^AB12[0-9A-Z]{12}$/);
    expect(newInstallPrefix()).toMatch(/^[0-9A-Z]{4}$/);
    expect(() => createRefIdGenerator('ab-1')).toThrow();
  });

  it('grows with time, so ids from different days never meet', () => {
    const a = createRefIdGenerator('AB12', () => 1_790_000_000_000)();
    const b = createRefIdGenerator('AB12', () => 1_790_000_000_000 + 86_400_000)();
    expect(a.slice(4, 13) < b.slice(4, 13)).toBe(true);
  });
});

describe('status transitions', () => {
  it('property: a final status never reopens; an unknown word never closes', () => {
    fc.assert(
      fc.property(fc.constantFrom(...TXN_STATUSES), fc.constantFrom(...PROVIDER_STATUSES, 'Unknown' as const), (current, reported) => {
        const next = nextStatus(current, reported);
        if (isFinal(current)) expect(isFinal(next)).toBe(true);
        if (reported === 'Unknown') expect(isFinal(next)).toBe(isFinal(current));
      }),
    );
    expect(nextStatus('Success', 'Refunded')).toBe('Refunded');
    expect(nextStatus('Success', 'Pending')).toBe('Success');
    expect(nextStatus('Submitting', 'Unknown')).toBe('Unknown');
    expect(nextStatus('Pending', 'Unknown')).toBe('Pending');
    expect(nextStatus('Unknown', 'Accepted')).toBe('Accepted');
  });
});

describe('validation and number cleaning', () => {
  it('cleans pasted numbers', () => {
    expect(cleanNumber('+91 98765-43210', 'mobile')).toBe('9876543210');
    expect(cleanNumber('09876543210', 'mobile')).toBe('9876543210');
    expect(cleanNumber('919876543210', 'mobile')).toBe('9876543210');
    expect(cleanNumber('0123 456 7890', 'dth')).toBe('01234567890');
    expect(groupForReading('9876543210')).toBe('98765 43210');
    expect(groupForReading('01234567890')).toBe('0123 4567 890');
  });

  it('returns the clean number and the operator, or a plain-words error code', () => {
    expect(validateRecharge({ number: '+91 98765 43210', operator: 'jio', amount: 199 })).toMatchObject({
      number: '9876543210',
      operator: { code: 'JIO' },
      amountRupees: 199,
    });
    const shortNumber = refusal(() => validateRecharge({ number: '98765', operator: 'JIO', amount: 199 }));
    expect(shortNumber).toEqual({ code: 'invalid_number', params: { operator: 'JIO' } });
    expect(outcomeText('en', shortNumber)).toMatch(/a mobile number \(10 digits starting with 6, 7, 8 or 9\)/);
    const dth = refusal(() => validateRecharge({ number: '3123456789', operator: 'TATASKY', amount: 199 }));
    expect(dth).toEqual({ code: 'invalid_number', params: { operator: 'TATASKY' } });
    expect(outcomeText('en', dth)).toMatch(/a Tata Play subscriber ID \(10 digits starting with 1\)/);
    const small = refusal(() => validateRecharge({ number: '9876543210', operator: 'JIO', amount: 9 }));
    expect(small).toEqual({ code: 'amount_out_of_range', params: { operator: 'JIO', min: 10, max: 10_000 } });
    expect(outcomeText('en', small)).toMatch(/Jio takes ₹10 to ₹10,000\./);
    const overLimit = refusal(() => validateRecharge({ number: '9876543210', operator: 'JIO', amount: 500 }, { max: 400 }));
    expect(overLimit).toEqual({ code: 'amount_out_of_range', params: { operator: 'JIO', min: 10, max: 400 } });
    expect(outcomeText('en', overLimit)).toMatch(/₹10 to ₹400\./);
    expect(outcomeText('hi', overLimit)).toContain('400');
    expect(refusal(() => validateRecharge({ number: '9876543210', operator: 'JIO', amount: 10.5 }))).toEqual({
      code: 'amount_not_whole',
      params: { min: 10, max: 10_000 },
    });
    expect(refusal(() => validateRecharge({ number: '9876543210', operator: 'NOPE', amount: 10 }))).toEqual({
      code: 'unknown_operator',
      params: { typed: 'NOPE' },
    });
  });
});
