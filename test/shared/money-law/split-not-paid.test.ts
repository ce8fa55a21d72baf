import { describe, expect, it } from 'vitest';
import { mayBeSplitNotPaid, settleAmount, upiNeverCame } from '../../../src/shared/money-law/split-not-paid';
import { SETTLE_CHOICES } from '../../../src/shared/payment/payment-parts';

const split = { method: 'split' as const, cash: 10_000, upi: 9_900, upiReceivedAt: null };
const upi = { method: 'upi' as const, cash: 0, upi: 19_900, upiReceivedAt: null };
const cash = { method: 'cash' as const, cash: 19_900, upi: 0, upiReceivedAt: null };

describe('a split whose UPI part never came (issue 40)', () => {
  it('may be said only of a split whose UPI was never marked received', () => {
    expect(mayBeSplitNotPaid(split)).toBe(true);
    expect(mayBeSplitNotPaid({ ...split, upiReceivedAt: 1 })).toBe(false);
    expect(mayBeSplitNotPaid(upi)).toBe(false);
    expect(mayBeSplitNotPaid(cash)).toBe(false);
  });

  it('books the cash part as handed back; each other settle carries what it always did, and none can be said of the wrong sale', () => {
    expect(Object.fromEntries(SETTLE_CHOICES.map((c) => [c, [split, upi, cash].map((s) => settleAmount(c, s))]))).toEqual({
      given_back: [19_900, 19_900, 19_900],
      kept_as_credit: [19_900, 19_900, 19_900],
      not_paid: [0, 19_900, 0],
      split_not_paid: [10_000, 0, 0],
    });
  });

  it('says the UPI never came for both kinds of "not paid" only', () => {
    expect(SETTLE_CHOICES.filter(upiNeverCame)).toEqual(['not_paid', 'split_not_paid']);
    expect(upiNeverCame(null)).toBe(false);
  });
});
