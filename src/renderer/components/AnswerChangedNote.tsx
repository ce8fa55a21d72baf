import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../shared/ipc/desk-api';
import type { Outcome } from '../../shared/outcomes/outcome-registry';
import type { TxnView } from '../../shared/ipc/txn-schemas';
import type { IpcError } from '../../shared/result';
import { ANSWER_FIXES, type AnswerFix } from '../../shared/money-law/changed-answer-money';
import { useFormat } from '../hooks/use-format';
import { OutcomeText } from './OutcomeText';
import { ErrorBanner } from './ErrorBanner';

const FIX_WORDS: Record<AnswerFix, string> = { collected: 'answerFix.collected', on_due: 'answerFix.onDue' };

/**
 * A Failure or refusal the provider's status check later called a Success (issue 35 item 1): the
 * notice's own words (both answers and their times, what the customer's money needs now, a
 * possible double), said loudly on the result card and in History's details. Money handed back or
 * taken off the due is offered, never guessed: collected, or put on the due, recorded once.
 */
export function AnswerChangedNote({ desk, txn }: { desk: DeskApi; txn: Pick<TxnView, 'refId' | 'moneyNote' | 'updatedAt'> }) {
  const { t } = useTranslation();
  const f = useFormat();
  const [change, setChange] = useState<Outcome | null>(null);
  const [error, setError] = useState<IpcError | null>(null);
  const changed = txn.moneyNote === 'answer_changed';
  useEffect(() => {
    if (!changed) return;
    let live = true;
    void desk.txn.answerChange({ refId: txn.refId }).then((answer) => {
      if (live && answer.ok) setChange(answer.data.change);
    });
    return () => {
      live = false;
    };
  }, [desk, txn.refId, txn.updatedAt, changed]);
  if (!changed || change?.code !== 'answer_changed') return null;
  const { collect, putBack, fixed } = change.params;
  // Money handed back can be collected; money only taken off the due can only go back on it.
  const choices = fixed || collect + putBack === 0 ? [] : collect > 0 ? ANSWER_FIXES : (['on_due'] as const);
  const fix = async (choice: AnswerFix) => {
    const answer = await desk.sale.answerFix({ refId: txn.refId, choice });
    if (answer.ok) setChange(answer.data.change);
    else setError(answer.error);
  };
  return (
    <div className="double-note answer-changed-note" role="alert">
      <p>
        <span aria-hidden="true">↺ </span>
        <OutcomeText outcome={change} />
      </p>
      {choices.length > 0 && (
        <div className="dialog-actions">
          {choices.map((choice) => (
            <button key={choice} type="button" className="button-secondary" onClick={() => void fix(choice)}>
              {t(FIX_WORDS[choice], { amount: f.money(choice === 'collected' ? collect : collect + putBack) })}
            </button>
          ))}
        </div>
      )}
      <ErrorBanner error={error} />
    </div>
  );
}
