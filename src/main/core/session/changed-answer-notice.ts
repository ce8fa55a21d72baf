import type { OutcomeOf } from '../../../shared/outcomes/outcome-registry';
import { isChangedAnswer, MONEY_OF_STATUS } from '../../../shared/money-law/status-money';
import type { Ledger } from '../ledger/ledger';
import type { TxnRecord } from '../txn/txn-record';

/** Provider words are kept whole in the ledger; the notice carries a short one (the registry's bound). */
const WORD_CHARS = 40;

/**
 * The notice for a changed answer (issue 35 item 1), or null when `before` → `after` is not one:
 * both words and times as the ledger kept them, what the customer's money now needs, and whether
 * another attempt of the same sale also went through (or may have: still open), the possible double.
 */
export function changedAnswerNotice(
  ledger: Pick<Ledger, 'answerChanges' | 'attemptsOf'>,
  before: TxnRecord,
  after: TxnRecord,
): OutcomeOf<'answer_changed'> | null {
  if (!isChangedAnswer(before.status, after.status)) return null;
  const change = ledger.answerChanges.latest(after.refId);
  if (!change || (change.fromStatus !== 'Failure' && change.fromStatus !== 'Error')) return null;
  const saleId = after.saleId ?? after.refId;
  const money = ledger.answerChanges.money(saleId);
  const double = ledger.attemptsOf(saleId).some((a) => a.refId !== after.refId && MONEY_OF_STATUS[a.status] !== 'nothing');
  return {
    code: 'answer_changed',
    params: {
      number: after.number,
      amount: after.amount,
      refId: after.refId,
      from: { status: change.fromStatus, word: change.fromWord?.slice(0, WORD_CHARS) ?? null, at: change.fromAt },
      to: { word: change.toWord?.slice(0, WORD_CHARS) ?? null, at: change.toAt },
      collect: money.collect,
      putBack: money.putBackOnDue,
      double,
    },
  };
}
