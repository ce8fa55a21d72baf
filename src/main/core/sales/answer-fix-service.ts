import { istDate } from '../../../shared/ist-date';
import type { OutcomeOf } from '../../../shared/outcomes/outcome-registry';
import type { AnswerFix } from '../../../shared/money-law/changed-answer-money';
import { UserFacingError } from '../errors/user-facing-error';
import type { Ledger } from '../ledger/ledger';
import type { NoticeBoard } from '../notices/notice-board';
import { takeBackSaleNotices } from '../notices/sale-notices';
import { answerChangeOutcome } from '../session/changed-answer-notice';

/**
 * The customer's money after a changed answer (issue 35 item 6): the customer was recharged after
 * all, so money handed back or taken off their due is owed to the shop. It is offered, never
 * guessed: the shopkeeper says whether they collected it or put it on the due, recorded once.
 */
export class AnswerFixService {
  constructor(
    private readonly deps: {
      ledger: Pick<Ledger, 'get' | 'answerChanges' | 'attemptsOf'>;
      now: () => number;
      notices?: Pick<NoticeBoard, 'clearKey'>;
    },
  ) {}

  fix(refId: string, choice: AnswerFix): OutcomeOf<'answer_changed'> {
    const { ledger } = this.deps;
    const txn = ledger.get(refId);
    if (!txn) throw new UserFacingError('txn_not_found', {});
    const at = this.deps.now();
    // Said twice (two clicks, two screens): the first answer stands and the second changes nothing.
    ledger.answerChanges.fix(txn.saleId ?? txn.refId, choice, at, istDate(at));
    const change = answerChangeOutcome(ledger, txn);
    if (!change) throw new UserFacingError('txn_not_found', {});
    // Recorded: the notice asking to collect or put it on the due has been answered.
    takeBackSaleNotices(this.deps, txn.saleId ?? txn.refId, ['answer_changed']);
    return change;
  }
}
