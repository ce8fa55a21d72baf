import type { Sale } from '../payment/payment';
import type { SettleChoice } from '../payment/payment-parts';

/**
 * A split sale (cash and UPI) whose recharge failed and whose UPI part never came (issue 40): the
 * customer handed over the cash part and never sent the UPI part. Given back would book both as
 * cash out of the drawer (the close would then expect the drawer short by the UPI part); the plain
 * "did not pay" (migration 21) would say the cash was never paid either. Its settle is of two
 * parts in one entry, `split_not_paid`: the cash part handed back (its amount, out of the drawer),
 * and the sale's UPI part not paid (moving no money: the UPI expected stays). One entry, so a
 * crash or a restore keeps both parts or neither.
 *
 * May be said only of a split whose UPI was never marked received; the ledger's settle statement
 * (money-follow-sql.ts) and its migration's triggers hold the same line on what is written, and
 * as with migration 21 a UPI marked received after it is refused (the UPI did come after all: the
 * shopkeeper hands that back, as the refusal says), never taken beside it.
 */
export function mayBeSplitNotPaid(sale: Pick<Sale, 'method' | 'cash' | 'upi' | 'upiReceivedAt'>): boolean {
  return sale.method === 'split' && sale.cash > 0 && sale.upi > 0 && sale.upiReceivedAt === null;
}

/** The settles that say the customer never paid the sale's UPI: of a sale paid wholly by UPI, or of a split's UPI part. */
export const UPI_NEVER_CAME: readonly SettleChoice[] = ['not_paid', 'split_not_paid'];

export function upiNeverCame(settledAs: SettleChoice | null | undefined): boolean {
  return settledAs != null && UPI_NEVER_CAME.includes(settledAs);
}

/**
 * What a settle's entry carries, in paise, for the sale it settles: the paid part for given back
 * and kept as credit, the UPI for a UPI sale not paid, the cash handed back for a split whose UPI
 * never came; 0 when that settle cannot be said of the sale.
 */
export function settleAmount(choice: SettleChoice, sale: Pick<Sale, 'method' | 'cash' | 'upi'>): number {
  switch (choice) {
    case 'given_back':
    case 'kept_as_credit':
      return sale.cash + sale.upi;
    case 'not_paid':
      return sale.method === 'upi' ? sale.upi : 0;
    case 'split_not_paid':
      return sale.method === 'split' ? sale.cash : 0;
  }
}
