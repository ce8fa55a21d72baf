import type { TxnStatus } from '../status';
import { customerGotNothing } from './status-money';

/**
 * True while a sale's UPI part is still to be paid (issue 40): it is not marked received and the
 * recharge went or may have gone. A failed or refunded sale asks the customer for nothing: its
 * card, printed receipt and WhatsApp receipt carry no "Scan to pay".
 */
export function upiOwed(status: TxnStatus, sale: { upi: number; upiReceivedAt: number | null }): boolean {
  return sale.upi > 0 && sale.upiReceivedAt === null && !customerGotNothing(status);
}
