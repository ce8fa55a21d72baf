/**
 * A correction (signed paise, in the due's direction) that lowers what a customer owes — a due
 * wiped, a payment made larger — moves the shop's money away from the counter's cash: only the
 * owner's word may record it. One that raises the due takes nothing from the till.
 */
export function correctionNeedsOwner(amount: number): boolean {
  return amount < 0;
}
