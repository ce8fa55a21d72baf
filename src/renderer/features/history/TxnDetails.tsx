import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import type { ResponseOf } from '../../../shared/ipc/contract';
import { findOperator } from '../../../shared/operators';
import { groupForReading } from '../../../shared/subscriber-number';
import { istDate, istTime } from '../../../shared/ist-date';
import { Money } from '../../components/Money';
import { Fact } from '../../components/Fact';
import { StatusText } from '../../components/StatusText';
import { ComplaintDialog } from '../complaints/ComplaintDialog';
import { ReceiptDialog } from '../receipts/ReceiptDialog';

type Detail = ResponseOf<'txn:get'>;

interface Props {
  desk: DeskApi;
  detail: Detail;
  onRepeat: (txn: Detail['txn']) => void;
  onChanged: () => void;
}

const when = (at: number) => `${istDate(at)} ${istTime(at)}`;

/** One transaction in full: its facts, its timeline, and what can be done with it. */
export function TxnDetails({ desk, detail, onRepeat, onChanged }: Props) {
  const { t } = useTranslation();
  const { txn, events, complaints } = detail;
  const [checking, setChecking] = useState(false);
  const [copied, setCopied] = useState(false);
  const [complaining, setComplaining] = useState(false);
  const [receipt, setReceipt] = useState(false);
  const check = async () => {
    setChecking(true);
    await desk.txn.check({ refId: txn.refId });
    setChecking(false);
    onChanged();
  };
  const copy = async () => {
    const text = [`ref_id ${txn.refId}`, txn.txnId && `txn_id ${txn.txnId}`, txn.optId && `operator ref ${txn.optId}`]
      .filter(Boolean)
      .join('\n');
    await navigator.clipboard?.writeText(text).catch(() => {});
    setCopied(true);
  };
  return (
    <aside className="details" aria-labelledby="details-title">
      <h2 id="details-title">
        {groupForReading(txn.number)} · <Money value={txn.amount} />
      </h2>
      <p>
        <StatusText status={txn.status} /> · {findOperator(txn.operator)?.name ?? txn.operator}
      </p>
      {txn.message && <p className="provider-words">“{txn.message}”</p>}
      <dl className="result-facts">
        <Fact label={t('details.when')}>{when(txn.createdAt)}</Fact>
        <Fact label={t('result.ref')} className="mono">
          {txn.refId}
        </Fact>
        {txn.txnId && (
          <Fact label={t('details.txnId')} className="mono">
            {txn.txnId}
          </Fact>
        )}
        {txn.optId && <Fact label={t('result.operatorRef')}>{txn.optId}</Fact>}
        {txn.margin !== null && txn.status === 'Success' && (
          <Fact label={t('result.commission')}>
            <Money value={txn.margin} />
          </Fact>
        )}
        {complaints.map((c) => (
          <Fact key={c.complainId} label={t('details.complaint')}>
            {c.complainId}
          </Fact>
        ))}
      </dl>
      <h3>{t('details.timeline')}</h3>
      <ol className="timeline">
        {events.map((e) => (
          <li key={e.id}>
            <span className="timeline-time">{istTime(e.at)}</span> <StatusText status={e.toStatus} />{' '}
            <span className="timeline-source">{t(`details.source.${e.source}`)}</span>
          </li>
        ))}
      </ol>
      <div className="details-actions">
        <button type="button" className="button-secondary" onClick={() => void check()} disabled={checking}>
          {checking ? t('tray.checking') : t('details.check')}
        </button>
        <button type="button" className="button-secondary" onClick={() => setComplaining(true)} disabled={!txn.txnId}>
          {t('details.complain')}
        </button>
        <button type="button" className="button-secondary" onClick={() => onRepeat(txn)}>
          {t('details.repeat')}
        </button>
        <button type="button" className="button-secondary" onClick={() => setReceipt(true)}>
          {t('receipt.open')}
        </button>
        <button type="button" className="button-quiet" onClick={() => void copy()}>
          {copied ? t('details.copied') : t('details.copy')}
        </button>
      </div>
      {receipt && <ReceiptDialog desk={desk} refId={txn.refId} onClose={() => setReceipt(false)} />}
      {complaining && (
        <ComplaintDialog
          desk={desk}
          txn={txn}
          onClose={(done) => {
            setComplaining(false);
            if (done) onChanged();
          }}
        />
      )}
    </aside>
  );
}
