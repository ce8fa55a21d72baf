import type { Sale } from '../payment/payment';

/**
 * Whether "the customer did not pay" may be said of a failed sale (issue 40): only a sale paid
 * wholly by UPI whose UPI was never marked received. A split's cash was handed over, and a UPI
 * marked received came. The ledger's settle statement (money-follow-sql.ts) and migration 21's
 * triggers hold the same line on what is written; this decides what the screens offer.
 */
export function mayBeNotPaid(sale: Pick<Sale, 'method' | 'cash' | 'upi' | 'upiReceivedAt'>): boolean {
  return sale.method === 'upi' && sale.cash === 0 && sale.upi > 0 && sale.upiReceivedAt === null;
}
