import { describe, expect, it } from 'vitest';
import { canOnlyBeDth, findOperator, isValidNumberFor, withoutMobilePrefix } from '../../src/shared/operators';
import { cleanNumber } from '../../src/shared/subscriber-number';

// Issue 40: every shape a shopkeeper types or pastes, and what the Mobile tab (and the core) make
// of it. A mobile's +91 / 91 / 0 goes only when what is left can only be a mobile number; any
// other ID keeps every digit.
const MOBILE_TAB: [typed: string, kept: string][] = [
  ['9876543210', '9876543210'],
  ['98765 43210', '9876543210'],
  ['98765-43210', '9876543210'],
  ['+91 98765 43210', '9876543210'],
  ['+91-98765-43210', '9876543210'],
  ['+919876543210', '9876543210'],
  ['919876543210', '9876543210'],
  ['91 98765 43210', '9876543210'],
  ['09876543210', '9876543210'],
  ['0 98765 43210', '9876543210'],
  ['(0) 98765-43210', '9876543210'],
  // DTH IDs typed on the Mobile tab, where every new customer starts: never cut.
  ['01234565555', '01234565555'],
  ['0123 456 5555', '01234565555'],
  ['911234565555', '911234565555'],
  ['91 1234 565 555', '911234565555'],
  ['00123456789', '00123456789'],
  ['05123456789', '05123456789'],
  // Tata Play's 10 digits starting 1 and Airtel DTH's starting 3: a mobile's length, kept as typed.
  ['1012345555', '1012345555'],
  ['3012345555', '3012345555'],
  // Too short or too long to be a mobile with a prefix: nothing taken away.
  ['0987654321', '0987654321'],
  ['9198765', '9198765'],
  ['98765432101', '98765432101'],
  ['919876543', '919876543'],
];

describe('the Mobile tab keeps every digit of what is not a mobile number', () => {
  it.each(MOBILE_TAB)('%s becomes %s', (typed, kept) => {
    expect(cleanNumber(typed, 'mobile')).toBe(kept);
  });

  it('withoutMobilePrefix cuts only a prefix that leaves a mobile number', () => {
    expect(withoutMobilePrefix('919876543210')).toBe('9876543210');
    expect(withoutMobilePrefix('09876543210')).toBe('9876543210');
    expect(withoutMobilePrefix('01234565555')).toBe('01234565555');
    expect(withoutMobilePrefix('911234565555')).toBe('911234565555');
    expect(withoutMobilePrefix('915876543210')).toBe('915876543210');
    expect(withoutMobilePrefix('05876543210')).toBe('05876543210');
  });

  it('the DTH tab keeps even a mobile-looking prefix: an ID is sent as typed', () => {
    for (const typed of ['09876543210', '919876543210', '01234565555', '911234565555', '0 1234 565 555'])
      expect(cleanNumber(typed, 'dth')).toBe(typed.replace(/\s/g, ''));
  });

  it('a 12-digit ID after 91 that no mobile is goes to the DTH operators, a mobile with a stray key does not', () => {
    expect(canOnlyBeDth('911234565555')).toBe(true);
    expect(canOnlyBeDth('01234565555')).toBe(true);
    expect(canOnlyBeDth('1012345555')).toBe(true);
    expect(canOnlyBeDth('9112345678')).toBe(false);
    expect(canOnlyBeDth('98765432101')).toBe(false);
    expect(canOnlyBeDth('919876543210')).toBe(false);
    expect(isValidNumberFor(findOperator('VDDTH')!, '911234565555')).toBe(true);
  });
});
