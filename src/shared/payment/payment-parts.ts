/**
 * How the customer paid, and the parts of a sale, without zod: the counter's window reads these in
 * its first script (the schemas load later, payment.ts).
 */

/** How the customer paid. Split is cash and UPI together; credit goes to the customer's khata. */
export const PAYMENT_METHODS = ['cash', 'upi', 'credit', 'split'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * What became of the paid part of a sale whose recharge failed or was refunded: handed back, kept
 * as the customer's credit, (a UPI sale whose UPI never came) the customer did not pay at all, or
 * (a split whose UPI part never came) its cash handed back and its UPI not paid.
 */
export const SETTLE_CHOICES = ['given_back', 'kept_as_credit', 'not_paid', 'split_not_paid'] as const;
export type SettleChoice = (typeof SETTLE_CHOICES)[number];

/** What the parts are computed from: the method, and for a split its cash part in rupees. */
export interface PaymentChoice {
  readonly method: PaymentMethod;
  readonly cashRupees?: number | undefined;
}

export interface SaleParts {
  readonly cash: number;
  readonly upi: number;
  readonly credit: number;
}

/**
 * The parts in paise of a payment of `amount` paise, or the reason it cannot be:
 * 'split_parts' when a split's cash is not strictly between nothing and everything.
 */
export function saleParts(payment: PaymentChoice, amount: number): SaleParts | 'split_parts' {
  switch (payment.method) {
    case 'cash':
      return { cash: amount, upi: 0, credit: 0 };
    case 'upi':
      return { cash: 0, upi: amount, credit: 0 };
    case 'credit':
      return { cash: 0, upi: 0, credit: amount };
    case 'split': {
      const cash = (payment.cashRupees ?? 0) * 100;
      if (cash <= 0 || cash >= amount) return 'split_parts';
      return { cash, upi: amount - cash, credit: 0 };
    }
  }
}
