import { describe, expect, it } from 'vitest';
import { followsSale, isSalePart } from '../../../src/shared/money-law/sale-part';
import { MONEY_BACK_KINDS } from '../../../src/shared/money-law/money-entry-law';
import { MONEY_ENTRY_KINDS } from '../../../src/shared/payment/payment';

const split = { method: 'split' as const, cash: 10_000, upi: 13_900, credit: 0 };
const credit = { method: 'credit' as const, cash: 0, upi: 0, credit: 23_900 };
const upi = { method: 'upi' as const, cash: 0, upi: 23_900, credit: 0 };

describe('a sale’s part: one rule for the journal and the other counters', () => {
  it('the kinds that follow a sale are the money-back kinds and the UPI marked received, no others', () => {
    const following = MONEY_ENTRY_KINDS.filter(followsSale);
    expect(new Set(following)).toEqual(new Set([...MONEY_BACK_KINDS, 'upi_received']));
  });

  it('holds each kind to its exact part: not less, not more', () => {
    expect(isSalePart('credit_reversed', credit, 23_900)).toBe(true);
    expect(isSalePart('credit_reversed', credit, 23_899)).toBe(false);
    expect(isSalePart('credit_reversed', credit, 23_901)).toBe(false);
    expect(isSalePart('given_back', split, 23_900)).toBe(true);
    expect(isSalePart('kept_as_credit', split, 10_000)).toBe(false);
    expect(isSalePart('split_not_paid', split, 10_000)).toBe(true);
    expect(isSalePart('upi_received', split, 13_900)).toBe(true);
    expect(isSalePart('not_paid', upi, 23_900)).toBe(true);
  });

  it('a part of nothing cannot be followed: no reversal of a sale with no credit, no “did not pay” of a split', () => {
    expect(isSalePart('credit_reversed', split, 0)).toBe(false);
    expect(isSalePart('not_paid', split, 0)).toBe(false);
    expect(isSalePart('upi_received', credit, 0)).toBe(false);
    expect(isSalePart('credit_payment', credit, 23_900)).toBe(false);
  });
});
