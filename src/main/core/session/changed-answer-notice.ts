import type { OutcomeOf } from '../../../shared/outcomes/outcome-registry';
import { customerGotNothing, isChangedAnswer } from '../../../shared/money-law/status-money';
import type { Ledger } from '../ledger/ledger';
import type { TxnRecord } from '../txn/txn-record';

type ChangeReader = Pick<Ledger, 'answerChanges' | 'attemptsOf'>;

/** Provider words are kept whole in the ledger; the notice carries a short one (the registry's bound). */
const WORD_CHARS = 40;

/**
 * The notice for a changed answer (issue 35 item 1), or null when `before` → `after` is not one.
 */
export function changedAnswerNotice(ledger: ChangeReader, before: TxnRecord, after: TxnRecord): OutcomeOf<'answer_changed'> | null {
  return isChangedAnswer(before.status, after.status) ? answerChangeOutcome(ledger, after) : null;
}

/**
 * What the newest change of this attempt's answer says, as the notice, the card and History say
 * it: both words and times as the ledger kept them, what the customer's money needs now, and
 * whether another attempt of the same sale also went through (or may have: still open), the
 * possible double. Null when its answer never changed.
 */
export function answerChangeOutcome(ledger: ChangeReader, txn: TxnRecord): OutcomeOf<'answer_changed'> | null {
  const change = ledger.answerChanges.latest(txn.refId);
  if (!change || (change.fromStatus !== 'Failure' && change.fromStatus !== 'Error')) return null;
  const saleId = txn.saleId ?? txn.refId;
  const money = ledger.answerChanges.money(saleId);
  const fix = ledger.answerChanges.fixOf(saleId);
  const double = ledger.attemptsOf(saleId).some((a) => a.refId !== txn.refId && !customerGotNothing(a.status));
  return {
    code: 'answer_changed',
    params: {
      number: txn.number,
      amount: txn.amount,
      refId: txn.refId,
      from: { status: change.fromStatus, word: change.fromWord?.slice(0, WORD_CHARS) ?? null, at: change.fromAt },
      to: { word: change.toWord?.slice(0, WORD_CHARS) ?? null, at: change.toAt },
      collect: money.collect,
      ...(money.unpaid > 0 ? { unpaid: money.unpaid } : {}),
      putBack: money.putBackOnDue,
      double,
      ...(fix ? { fixed: fix.choice } : {}),
    },
  };
}
