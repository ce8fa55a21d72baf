import { describe, expect, it } from 'vitest';
import { validateRecharge } from '../../../../src/main/core/recharge/validate';
import { UserFacingError } from '../../../../src/main/core/errors/user-facing-error';

// Issue 40: the core never rewrites a number either: a DTH ID goes whole or is refused in words.
describe('the core sends the number it was given', () => {
  it('a DTH ID keeps its leading 0 or 91 on every DTH operator that takes it', () => {
    expect(validateRecharge({ number: '01234565555', operator: 'DISHTV', amount: 300 }).number).toBe('01234565555');
    expect(validateRecharge({ number: '01234565555', operator: 'SUNDTH', amount: 300 }).number).toBe('01234565555');
    expect(validateRecharge({ number: '09876543210', operator: 'DISHTV', amount: 300 }).number).toBe('09876543210');
    expect(validateRecharge({ number: '911234565555', operator: 'VDDTH', amount: 300 }).number).toBe('911234565555');
    expect(validateRecharge({ number: '919876543210', operator: 'VDDTH', amount: 300 }).number).toBe('919876543210');
  });

  it('a DTH ID sent to a mobile operator is refused in words, never cut to fit', () => {
    for (const number of ['01234565555', '911234565555']) {
      const refused = (() => {
        try {
          validateRecharge({ number, operator: 'JIO', amount: 199 });
          return null;
        } catch (e) {
          return e;
        }
      })();
      expect(refused).toBeInstanceOf(UserFacingError);
      expect((refused as UserFacingError).code).toBe('invalid_number');
    }
  });

  it('a mobile typed with +91 or 0 on a mobile operator is that mobile', () => {
    expect(validateRecharge({ number: '+91 98765 43210', operator: 'JIO', amount: 199 }).number).toBe('9876543210');
    expect(validateRecharge({ number: '09876543210', operator: 'AT', amount: 199 }).number).toBe('9876543210');
  });
});
