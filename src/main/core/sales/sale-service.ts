import { istDate } from '../../../shared/ist-date';
import type { Sale, UnreceivedSale } from '../../../shared/payment/payment';
import { UserFacingError } from '../errors/user-facing-error';
import type { Ledger } from '../ledger/ledger';

/** A short list: the counter shows the few UPI payments still to be seen arriving, not a report. */
const UNRECEIVED_SHOWN = 20;

/**
 * The customer's UPI money at the counter. No bank tells the app a payment arrived: the
 * shopkeeper looks at the UPI app and marks the sale received, once (a money entry, never edited).
 */
export class SaleService {
  constructor(private readonly deps: { ledger: Pick<Ledger, 'sales'>; now: () => number }) {}

  unreceived(): UnreceivedSale[] {
    return this.deps.ledger.sales.unreceived(UNRECEIVED_SHOWN);
  }

  markReceived(refId: string): Sale {
    const { sales } = this.deps.ledger;
    const sale = sales.forRef(refId);
    if (!sale || sale.upi === 0) throw new UserFacingError('upi_sale_not_found', {});
    if (sale.settledAs === 'not_paid') throw new UserFacingError('upi_marked_not_paid', {});
    if (sale.settledAs === 'split_not_paid') throw new UserFacingError('upi_marked_split_not_paid', {});
    // Marked twice (two clicks, two counters' screens): the first stands and the second changes nothing.
    if (sale.upiReceivedAt === null) {
      const at = this.deps.now();
      sales.markReceived(refId, at, istDate(at));
    }
    return sales.forRef(refId) ?? sale;
  }
}
