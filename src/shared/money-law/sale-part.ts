import type { MoneyEntryKind, Sale } from '../payment/payment';
import { settleAmount } from './split-not-paid';

/** A sale as the part rule reads it: how it was paid, in paise per part. */
type SalePartsOf = Pick<Sale, 'method' | 'cash' | 'upi' | 'credit'>;

/**
 * The one rule for how much of its sale an entry that follows the sale carries (issue 37): the UPI
 * marked received is the sale's UPI; the credit taken off the due when the recharge failed is its
 * credit; a settle carries what settleAmount makes of it. The app only ever writes these exact
 * amounts (the triggers and the settle statement), so a line with another amount was not written
 * by it: the journal's replay and another counter's pulled record are held to the same number.
 */
const PART_OF: Readonly<Partial<Record<MoneyEntryKind, (s: SalePartsOf) => number>>> = {
  upi_received: (s) => s.upi,
  credit_reversed: (s) => s.credit,
  given_back: (s) => settleAmount('given_back', s),
  kept_as_credit: (s) => settleAmount('kept_as_credit', s),
  not_paid: (s) => settleAmount('not_paid', s),
  split_not_paid: (s) => settleAmount('split_not_paid', s),
};

/** Kinds that name a sale and carry a part of it (payments and corrections do not). */
export function followsSale(kind: MoneyEntryKind): boolean {
  return PART_OF[kind] !== undefined;
}

/** The entry's amount is its sale's part, and that part is money: a part of 0 cannot be followed. */
export function isSalePart(kind: MoneyEntryKind, sale: SalePartsOf, amount: number): boolean {
  const part = PART_OF[kind]?.(sale);
  return part !== undefined && part > 0 && amount === part;
}
