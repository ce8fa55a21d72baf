import { istDate } from '../../../shared/ist-date';
import type { Sale, ToGiveBack } from '../../../shared/payment/payment';
import type { SettleChoice } from '../../../shared/payment/payment-parts';
import { moneyBackFault } from '../../../shared/money-law/money-entry-law';
import { UPI_NEVER_CAME } from '../../../shared/money-law/split-not-paid';
import { UserFacingError } from '../errors/user-facing-error';
import type { Ledger } from '../ledger/ledger';
import type { NoticeBoard } from '../notices/notice-board';
import { MONEY_BACK_NOTICES, takeBackSaleNotices } from '../notices/sale-notices';

/** A short list beside the counter's tray, as the UPI one: a handful, never a report. */
const TO_GIVE_BACK_SHOWN = 20;

/**
 * The customer's money after a recharge fails or is refunded (issue 30 item 4). The credit part
 * needs no one: the ledger takes it off the due with the status change. The paid part is the
 * shopkeeper's to hand back or keep as the customer's credit, or, for a UPI sale whose UPI never
 * came, to say the customer did not pay (issue 40), or for a split whose UPI part never came, to hand
 * back the cash and say the UPI was not paid; what they did is recorded once, dated the day
 * they did it.
 */
export class MoneyFollowService {
  constructor(
    private readonly deps: {
      ledger: Pick<Ledger, 'sales' | 'moneyFollow' | 'saleFate' | 'attemptsOf'>;
      now: () => number;
      notices?: Pick<NoticeBoard, 'clearKey'>;
    },
  ) {}

  toGiveBack(): ToGiveBack[] {
    return this.deps.ledger.moneyFollow.toGiveBack(TO_GIVE_BACK_SHOWN);
  }

  settle(refId: string, choice: SettleChoice): Sale {
    const { sales, moneyFollow, saleFate } = this.deps.ledger;
    // The money law's rule, the one a replayed give-back meets too: only money that came back.
    if (moneyBackFault(saleFate.attempts(refId))) throw new UserFacingError('nothing_to_give_back', {});
    const at = this.deps.now();
    // Said twice (two clicks, two screens): the first answer stands and the second changes nothing.
    if (!moneyFollow.settle(refId, choice, at, istDate(at))) {
      const sale = sales.forRef(refId);
      if (!sale?.settledAs)
        throw new UserFacingError(UPI_NEVER_CAME.includes(choice) && sale ? 'not_paid_but_paid' : 'nothing_to_give_back', {});
      return sale;
    }
    const sale = sales.forRef(refId);
    if (!sale) throw new Error(`${refId}: settled but no sale`);
    takeBackSaleNotices(this.deps, sale.refId, MONEY_BACK_NOTICES);
    return sale;
  }
}
