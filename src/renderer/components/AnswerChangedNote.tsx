import { useEffect, useState } from 'react';
import type { DeskApi } from '../../shared/ipc/desk-api';
import type { Outcome } from '../../shared/outcomes/outcome-registry';
import type { TxnView } from '../../shared/ipc/txn-schemas';
import { OutcomeText } from './OutcomeText';

/**
 * A Failure or refusal the provider's status check later called a Success (issue 35 item 1): the
 * notice's own words (both answers and their times, what the customer's money needs now, a
 * possible double), said loudly on the result card and in History's details.
 */
export function AnswerChangedNote({ desk, txn }: { desk: DeskApi; txn: Pick<TxnView, 'refId' | 'moneyNote' | 'updatedAt'> }) {
  const [change, setChange] = useState<Outcome | null>(null);
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
  if (!changed || !change) return null;
  return (
    <div className="double-note answer-changed-note" role="alert">
      <p>
        <span aria-hidden="true">↺ </span>
        <OutcomeText outcome={change} />
      </p>
    </div>
  );
}
