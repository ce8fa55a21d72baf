import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '../../../shared/ipc/contract';
import { findOperator } from '../../../shared/operators';
import { groupForReading } from '../../../shared/subscriber-number';
import { Money } from '../../components/Money';
import { Fact } from '../../components/Fact';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import { ReceiptDialog } from '../receipts/ReceiptDialog';

type Answer = ResponseOf<'recharge:submit'>;

const LOOK: Record<Answer['outcome'], { icon: string; tone: string; title: string; help?: string }> = {
  success: { icon: '✓', tone: 'good', title: 'result.success' },
  pending: { icon: '◔', tone: 'wait', title: 'result.pending', help: 'result.pendingHelp' },
  unknown: { icon: '◔', tone: 'wait', title: 'result.unknown', help: 'result.unknownHelp' },
  failure: { icon: '✕', tone: 'bad', title: 'result.failure', help: 'result.failureHelp' },
  refunded: { icon: '↩', tone: 'bad', title: 'result.refunded', help: 'result.failureHelp' },
  rejected: { icon: '✕', tone: 'bad', title: 'result.rejected', help: 'result.rejectedHelp' },
  not_sent: { icon: '✕', tone: 'bad', title: 'result.notSent', help: 'result.notSentHelp' },
};

/** What happened, in words and an icon (never colour alone), and the way to the next customer. */
export function ResultCard({ desk, answer, onNext }: { desk: DeskApi; answer: Answer; onNext: () => void }) {
  const { t } = useTranslation();
  const [receipt, setReceipt] = useState(false);
  const next = useRef<HTMLButtonElement>(null);
  useEffect(() => next.current?.focus(), []);
  const look = LOOK[answer.outcome];
  const { txn } = answer;
  return (
    <section
      className={`result result-${look.tone}`}
      role="status"
      aria-labelledby="result-title"
      onKeyDown={(e) => e.key === 'Escape' && onNext()}
    >
      <h2 id="result-title">
        <span aria-hidden="true" className="result-icon">
          {look.icon}
        </span>{' '}
        {t(look.title)}
      </h2>
      <p className="result-what">
        {groupForReading(txn.number)} · {findOperator(txn.operator)?.name} · <Money value={txn.amount} />
      </p>
      {look.help && <p>{t(look.help)}</p>}
      {answer.outcome === 'rejected' && txn.message && <p className="provider-words">“{txn.message}”</p>}
      <dl className="result-facts">
        {txn.optId && <Fact label={t('result.operatorRef')}>{txn.optId}</Fact>}
        {answer.outcome === 'success' && (
          <Fact label={t('result.commission')}>
            <Money value={txn.margin} />
          </Fact>
        )}
        {txn.balanceAfter !== null && (
          <Fact label={t('result.newBalance')}>
            <Money value={txn.balanceAfter} />
          </Fact>
        )}
        <Fact label={t('result.ref')} className="mono">
          {txn.refId}
        </Fact>
      </dl>
      <button ref={next} type="button" className="button-primary" onClick={onNext}>
        {t('result.nextCustomer')}
      </button>
      <p className="keys-hint">{t('result.nextKeys')}</p>
      {answer.outcome !== 'not_sent' && (
        <button type="button" className="button-secondary" onClick={() => setReceipt(true)}>
          {t('receipt.open')}
        </button>
      )}
      {receipt && <ReceiptDialog desk={desk} refId={txn.refId} onClose={() => setReceipt(false)} />}
    </section>
  );
}
