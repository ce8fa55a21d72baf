import { DueNow, PaidBy, UpiStatus } from './SalePayment';
import type { Sale } from '../../../shared/payment/payment';
import { AnswerChangedNote } from '../../components/AnswerChangedNote';
import { MoneyBack } from './MoneyBack';
import { customerGotNothing } from '../../../shared/money-law/status-money';
import { SaleAttempts } from './SaleAttempts';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ProviderWords } from '../../components/ProviderWords';
import type { ResponseOf } from '../../../shared/ipc/contract';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import type { TxnView } from '../../../shared/ipc/txn-schemas';
import { findOperator } from '../../../shared/operators';
import { groupForReading } from '../../../shared/subscriber-number';
import { rupeesToPaise } from '../../../shared/money';
import { Money } from '../../components/Money';
import { Fact } from '../../components/Fact';
import { useNow } from '../../hooks/use-now';
import { isOverdue } from '../../stores/open-money';
import { useOpenTxnsStore } from '../../stores/open-txns-store';
import { useRechargeStore, type RechargeForm } from '../../stores/recharge-store';
import { refusalAdviceKey } from './refusal';
import { useFormat } from '../../hooks/use-format';
import { ReceiptDialog } from '../receipts/ReceiptDialog';
import { useSettingsStore } from '../../stores/settings-store';

type Answer = ResponseOf<'recharge:submit'>;
type Look = { icon: string; tone: string; title: string; help?: string };

const LOOK: Record<Answer['outcome'] | 'refundedAfterSuccess' | 'attention', Look> = {
  success: { icon: '✓', tone: 'good', title: 'result.success' },
  pending: { icon: '◔', tone: 'wait', title: 'result.pending', help: 'result.pendingHelp' },
  unknown: { icon: '◔', tone: 'wait', title: 'result.unknown', help: 'result.unknownHelp' },
  failure: { icon: '✕', tone: 'bad', title: 'result.failure', help: 'result.failureHelp' },
  refunded: { icon: '↩', tone: 'bad', title: 'result.refunded', help: 'result.failureHelp' },
  refundedAfterSuccess: { icon: '↩', tone: 'bad', title: 'result.refundedAfterSuccess', help: 'result.refundedAfterSuccessHelp' },
  rejected: { icon: '✕', tone: 'bad', title: 'result.rejected', help: 'result.rejectedHelp' },
  not_sent: { icon: '✕', tone: 'bad', title: 'result.notSent', help: 'result.notSentHelp' },
  attention: { icon: '⚠', tone: 'warn', title: 'result.attention', help: 'result.attentionHelp' },
};

/** The card follows the recharge as it changes after the reply (pending → success, success → refunded). */
function lookOf(answer: Answer): Look {
  const { outcome, txn } = answer;
  switch (txn.status) {
    case 'Success':
      return LOOK.success;
    case 'Failure':
      return LOOK.failure;
    case 'Refunded':
      return outcome === 'success' || outcome === 'pending' || outcome === 'unknown' ? LOOK.refundedAfterSuccess : LOOK.refunded;
    case 'Pending':
    case 'Accepted':
      return LOOK.pending;
    case 'NeedsAttention':
      return LOOK.attention;
    default:
      return LOOK[outcome];
  }
}

function OverdueFlag({ txn }: { txn: TxnView }) {
  const { t } = useTranslation();
  const now = useNow(30_000);
  if (!isOverdue(txn, now)) return null;
  return (
    <p className="overdue warning" role="alert">
      <span aria-hidden="true">⚠ </span>
      {t('overdue.card')}
    </p>
  );
}

/** Esc starts the next customer; a digit starts the next customer's number with it. */
function nextCustomerKeys(onNext: (digits?: string) => void) {
  return (e: KeyboardEvent) => {
    if (e.key === 'Escape') onNext();
    else if (/^\d$/.test(e.key) && !e.ctrlKey && !e.altKey && !e.metaKey) {
      e.preventDefault();
      onNext(e.key);
    }
  };
}

/** What happened, in words and an icon (never colour alone), and the way to the next customer. */
export function ResultCard({ answer, onNext, desk }: { answer: Answer; onNext: (digits?: string) => void; desk: DeskApi }) {
  const { t } = useTranslation();
  const f = useFormat();
  const [receipt, setReceipt] = useState(false);
  const next = useRef<HTMLButtonElement>(null);
  const checking = useOpenTxnsStore((s) => s.checking.has(answer.txn.refId));
  const checkNow = useOpenTxnsStore((s) => s.checkNow);
  const showCommission = useSettingsStore((s) => s.settings?.shop.showCommission === true);
  useEffect(() => next.current?.focus(), []);
  // Keys sent back to the counter from beside it (a UPI marked on the list) land on the way to the next customer.
  const focus = useRechargeStore((s) => s.focus);
  const focused = useRechargeStore((s) => s.focused);
  useEffect(() => {
    if (!focus) return;
    next.current?.focus();
    focused();
  }, [focus, focused]);
  const look = lookOf(answer);
  const { txn } = answer;
  // The sale as the ledger kept it; marking its UPI received replaces it here.
  const [sale, setSale] = useState(answer.sale);
  // Marking the UPI received, or closing the receipt, removes the focused button: keep the keys on the card.
  const keepKeys = () => next.current?.focus();
  const marked = (s: Sale) => {
    setSale(s);
    keepKeys();
  };
  const advice = answer.outcome === 'rejected' ? refusalAdviceKey(txn) : null;
  const open = look === LOOK.pending || look === LOOK.unknown || look === LOOK.attention;
  return (
    <section
      className={`result result-${look.tone}`}
      role="status"
      aria-labelledby="result-title"
      onKeyDown={receipt ? undefined : nextCustomerKeys(onNext)}
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
      {advice ? <p className="advice">{t(advice)}</p> : look.help && <p>{t(look.help)}</p>}
      <OverdueFlag txn={txn} />
      {txn.moneyNote === 'refunded_after_success' && (
        <p className="money-note" role="note">
          <span aria-hidden="true">↩ </span>
          {t('details.refundedAfterSuccess', { amount: f.money(txn.amount), time: f.dateTime(txn.updatedAt) })}
        </p>
      )}
      {txn.moneyNote === 'not_sent' && (
        <p className="money-note" role="note">
          {t('details.notSentNote')}
        </p>
      )}
      <AnswerChangedNote desk={desk} txn={txn} />
      {answer.outcome === 'rejected' && txn.message && <ProviderWords message={txn.message} />}
      <UpiStatus desk={desk} sale={sale} number={txn.number} status={txn.status} showQr onSale={marked} />
      {sale && <MoneyBack desk={desk} txn={txn} sale={sale} onSale={setSale} onDone={keepKeys} />}
      <SaleAttempts desk={desk} txn={txn} />
      <dl className="result-facts">
        <PaidBy sale={sale} />
        <DueNow desk={desk} number={txn.number} sale={sale} failed={customerGotNothing(txn.status)} />
        {txn.optId && (
          <Fact label={t('result.operatorRef')} className="mono">
            <span translate="no">{txn.optId}</span>
          </Fact>
        )}
        {txn.status === 'Success' && showCommission && (
          <Fact label={t('result.commission')}>
            {txn.untilCounted ? <span className="muted">{t('details.afterCount')}</span> : <Money value={txn.margin} />}
          </Fact>
        )}
        {txn.balanceAfter !== null && (
          <Fact label={t('result.newBalance')}>
            <Money value={txn.balanceAfter} />
          </Fact>
        )}
        <Fact label={t('result.ref')} className="mono">
          <span translate="no">{txn.refId}</span>
        </Fact>
      </dl>
      <div className="dialog-actions">
        {open && (
          <button type="button" className="button-secondary" onClick={() => void checkNow(desk, txn.refId)} disabled={checking}>
            {checking ? t('tray.checking') : t('tray.checkNow')}
          </button>
        )}
        {answer.outcome !== 'not_sent' && (
          <button type="button" className="button-secondary" onClick={() => setReceipt(true)}>
            {t('receipt.open')}
          </button>
        )}
        <button ref={next} type="button" className="button-primary" onClick={() => onNext()}>
          {t('result.nextCustomer')}
        </button>
      </div>
      <p className="keys-hint">{t('result.nextKeys')}</p>
      {receipt && (
        <ReceiptDialog
          desk={desk}
          refId={txn.refId}
          onClose={() => {
            setReceipt(false);
            keepKeys();
          }}
        />
      )}
    </section>
  );
}

/**
 * The app's own link broke while a recharge was being sent: it may have gone to the provider.
 * Never "failed, try again" here; the tray and history will show it once the status is checked.
 */
export function LostAnswerCard({ form, onNext }: { form: RechargeForm; onNext: (digits?: string) => void }) {
  const { t } = useTranslation();
  const next = useRef<HTMLButtonElement>(null);
  useEffect(() => next.current?.focus(), []);
  return (
    <section className="result result-wait" role="status" aria-labelledby="result-title" onKeyDown={nextCustomerKeys(onNext)}>
      <h2 id="result-title">
        <span aria-hidden="true" className="result-icon">
          ◔
        </span>{' '}
        {t('result.lost')}
      </h2>
      <p className="result-what">
        {groupForReading(form.number)} · {findOperator(form.operator ?? '')?.name} ·{' '}
        <Money value={/^\d+$/.test(form.amount) ? rupeesToPaise(Number(form.amount)) : null} />
      </p>
      <p>{t('result.lostHelp')}</p>
      <button ref={next} type="button" className="button-primary" onClick={() => onNext()}>
        {t('result.nextCustomer')}
      </button>
      <p className="keys-hint">{t('result.nextKeys')}</p>
    </section>
  );
}
