/**
 * A correction (signed paise, in the due's direction) that lowers what a customer owes — a due
 * wiped, a payment made larger — moves the shop's money away from the counter's cash: only the
 * owner's word may record it. One that raises the due by more than the customer's credit limit
 * (which only the owner sets) needs it too, so no correction reaches ₹1 crore on staff's word.
 */
export function correctionNeedsOwner(amount: number, limit: number): boolean {
  return amount < 0 || amount > limit;
}
