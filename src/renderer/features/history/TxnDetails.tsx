import { useState } from 'react';
import { AnswerChangedNote } from '../../components/AnswerChangedNote';
import { useTranslation } from 'react-i18next';
import { ProviderWords } from '../../components/ProviderWords';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import type { ResponseOf } from '../../../shared/ipc/contract';
import { findOperator } from '../../../shared/operators';
import { groupForReading } from '../../../shared/subscriber-number';
import { useFormat } from '../../hooks/use-format';
import { useNow } from '../../hooks/use-now';
import { isOverdue, neverLeft } from '../../stores/open-money';
import { Money } from '../../components/Money';
import { Fact } from '../../components/Fact';
import { StatusText } from '../../components/StatusText';
import { ComplaintDialog } from '../complaints/ComplaintDialog';
import { ReceiptDialog } from '../receipts/ReceiptDialog';
import { errorText } from '../../i18n/setup';
import { PaidBy, UpiStatus } from '../recharge/SalePayment';
import { MoneyBack } from '../recharge/MoneyBack';
import { SaleAttempts } from '../recharge/SaleAttempts';
import { DoubleNote } from './DoubleNote';

type Detail = ResponseOf<'txn:get'>;

interface Props {
  desk: DeskApi;
  detail: Detail;
  onRepeat: (txn: Detail['txn']) => void;
  onChanged: () => void;
}

/** A refund that came after the recharge had succeeded: the customer got it and the money came back. */
function refundedAfterSuccess(events: Detail['events']): Detail['events'][number] | null {
  const success = events.findIndex((e) => e.toStatus === 'Success');
  if (success < 0) return null;
  return events.slice(success + 1).find((e) => e.toStatus === 'Refunded') ?? null;
}

/**
 * Who said so. A recharge that never left had no provider reply: its first answer is this
 * computer's own (the connection was refused), and it was tried, not sent.
 */
function timelineSource(txn: Detail['txn'], e: Detail['events'][number]): string {
  if (neverLeft(txn) && e.source === 'submit') return 'details.source.tried';
  if (neverLeft(txn) && e.source === 'reply') return 'details.source.notReached';
  return `details.source.${e.source}`;
}

/** One transaction in full: its facts, its timeline, and what can be done with it. */
export function TxnDetails({ desk, detail, onRepeat, onChanged }: Props) {
  const { t } = useTranslation();
  const f = useFormat();
  const now = useNow(30_000);
  const { txn, events, complaints } = detail;
  // The ledger marks a refund after success (moneyNote); the event log says when it came.
  const refund =
    txn.status === 'Refunded' || txn.moneyNote === 'refunded_after_success'
      ? (refundedAfterSuccess(events) ?? (txn.moneyNote === 'refunded_after_success' ? { at: txn.updatedAt } : null))
      : null;
  const [checking, setChecking] = useState(false);
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no');
  const [complaining, setComplaining] = useState(false);
  const [receipt, setReceipt] = useState(false);
  const [marked, setSale] = useState<Detail['sale']>(null);
  const sale = marked ?? detail.sale;
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
    // Through main: the window itself may not write to the clipboard.
    const answer = await desk.clipboard.write({ text });
    setCopied(answer.ok ? 'yes' : 'failed');
  };
  return (
    <aside className="details" aria-labelledby="details-title">
      <h2 id="details-title">
        {groupForReading(txn.number)} · <Money value={txn.amount} />
      </h2>
      <p>
        <StatusText status={txn.status} notSent={neverLeft(txn)} /> · {findOperator(txn.operator)?.name ?? txn.operator}
      </p>
      <DoubleNote desk={desk} refId={txn.refId} />
      <AnswerChangedNote desk={desk} txn={txn} />
      {refund && (
        <p className="money-note" role="note">
          <span aria-hidden="true">↩ </span>
          {t('details.refundedAfterSuccess', { amount: f.money(txn.amount), time: f.dateTime(refund.at) })}
        </p>
      )}
      {txn.moneyNote === 'not_sent' && (
        <p className="money-note" role="note">
          {t('details.notSentNote')}
        </p>
      )}
      {isOverdue(txn, now) && (
        <p className="overdue warning" role="alert">
          <span aria-hidden="true">⚠ </span>
          {t('overdue.card')}
        </p>
      )}
      {/* Only the provider's own words: the app's notes on local states are not shown in English. */}
      {txn.message && txn.providerStatus !== null && <ProviderWords message={txn.message} />}
      <UpiStatus desk={desk} sale={sale} number={txn.number} status={txn.status} showQr={false} onSale={setSale} />
      {sale && <MoneyBack desk={desk} txn={txn} sale={sale} onSale={setSale} />}
      <dl className="result-facts">
        <Fact label={t('details.when')}>{f.dateTime(txn.createdAt)}</Fact>
        <PaidBy sale={sale} />
        <Fact label={t('result.ref')} className="mono">
          <span translate="no">{txn.refId}</span>
        </Fact>
        {txn.txnId && (
          <Fact label={t('details.txnId')} className="mono">
            <span translate="no">{txn.txnId}</span>
          </Fact>
        )}
        {txn.optId && (
          <Fact label={t('result.operatorRef')}>
            <span translate="no">{txn.optId}</span>
          </Fact>
        )}
        {txn.margin !== null && txn.status === 'Success' && (
          <Fact label={t('result.commission')}>
            <Money value={txn.margin} />
          </Fact>
        )}
        {txn.untilCounted && (
          <Fact label={t('result.commission')}>
            <span className="muted">{t('details.afterCount')}</span>
          </Fact>
        )}
        {complaints.map((c) => (
          <Fact key={c.complainId} label={t('details.complaint')}>
            <span translate="no" className="mono">
              {c.complainId}
            </span>{' '}
            · {t('details.complaintRaised', { time: f.dateTime(c.createdAt) })}
            {c.message && (
              <>
                {' '}
                · {t('result.providerSaid')}{' '}
                <q translate="no" lang="en">
                  {c.message}
                </q>
              </>
            )}
          </Fact>
        ))}
      </dl>
      <SaleAttempts desk={desk} txn={txn} />
      <h3>{t('details.timeline')}</h3>
      <ol className="timeline">
        {events.map((e) => (
          <li key={e.id}>
            <span className="timeline-time">{f.dateTime(e.at)}</span>{' '}
            <StatusText status={e.toStatus} notSent={neverLeft(txn) && e.source !== 'submit'} />{' '}
            <span className="timeline-source">{t(timelineSource(txn, e))}</span>
            {e.fromStatus === 'Success' && e.toStatus === 'Refunded' && (
              <span className="timeline-note">
                {' '}
                · {t('details.refundedAfterSuccess', { amount: f.money(txn.amount), time: f.dateTime(e.at) })}
              </span>
            )}
          </li>
        ))}
      </ol>
      <div className="details-actions">
        <button type="button" className="button-secondary" onClick={() => void check()} disabled={checking}>
          {checking ? t('tray.checking') : t('details.check')}
        </button>
        {!detail.complaintsBy && (
          <button type="button" className="button-secondary" onClick={() => setComplaining(true)} disabled={!txn.txnId}>
            {t('details.complain')}
          </button>
        )}
        <button type="button" className="button-secondary" onClick={() => onRepeat(txn)}>
          {t('details.repeat')}
        </button>
        <button type="button" className="button-secondary" onClick={() => setReceipt(true)}>
          {t('receipt.open')}
        </button>
        <button type="button" className="button-quiet" onClick={() => void copy()}>
          {copied === 'yes' ? t('details.copied') : t('details.copy')}
        </button>
      </div>
      {detail.complaintsBy && (
        <p className="complaints-by" role="note" data-testid="complaints-by">
          {errorText(t, detail.complaintsBy)}
        </p>
      )}
      {copied === 'failed' && (
        <p className="warning" role="alert">
          {t('details.copyFailed')}
        </p>
      )}
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
