import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { findOperator } from '../../../shared/operators';
import { groupForReading } from '../../../shared/subscriber-number';
import { rupeesToPaise } from '../../../shared/money';
import type { OutcomeTxn } from '../../../shared/outcomes/outcome-registry';
import type { IpcError } from '../../../shared/result';
import { OutcomeText } from '../../components/OutcomeText';
import { Money } from '../../components/Money';
import { useFormat } from '../../hooks/use-format';
import { useAge } from '../../hooks/use-age';
import type { PaymentChoice, RechargeForm, Step } from '../../stores/recharge-store';
import { PAYMENT_KEYS, PaymentPicker } from './PaymentPicker';
import { SendingNotice } from './SendingNotice';
import { OpenForNumber } from './OpenForNumber';
import { overLimit, type CreditStanding } from '../khata/use-credit-standing';
import { AccountChoice, candidatesOf, useRoute } from './AccountChoice';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import type { UnusualAmount } from '../../../shared/unusual-amount';

interface Props {
  form: RechargeForm;
  step: Step;
  /** The recharge the warning matched (number, amount, time), as the core found it. */
  duplicateOf: OutcomeTxn | null;
  duplicateOutcome: IpcError | null;
  /** The repeat dialog's warning is about an earlier recharge still open (not just a recent one). */
  openWarning?: boolean;
  /** Another counter of the shop has this number: its words, from the shop ledger. */
  shopWarning?: boolean;
  /** A mobile-shaped number on a DTH operator that does not know it: sent only on a second, deliberate choice. */
  mobileOnDth?: boolean;
  /** A regular customer one slip away from this new number (the wrong-number guard): the same care. */
  nearRegular?: { number: string; name: string } | null;
  /** An amount far from this regular's usual one (a stray key): named, with "don't send" under Enter. */
  unusual?: UnusualAmount | null;
  /** The number's khata (due and limit), for the credit-limit warning; null until read. */
  creditStanding?: CreditStanding | null;
  /** How the customer pays; changed by one key (C, U, K, S) or a click. */
  payment: PaymentChoice;
  onPayment: (patch: Partial<Pick<PaymentChoice, 'method' | 'splitCash'>>) => void;
  /** `overLimit`: the credit-limit warning was shown, so this send is the shopkeeper's "on credit anyway". */
  onSend: (seen: { overLimit: boolean }) => void;
  onBack: () => void;
  desk: DeskApi;
  /** The account the shopkeeper picked with the key (issue 29); null: the route's first. */
  account: string | null;
  onAccount: (account: string | null) => void;
}

function DuplicateWarning({ form, earlier }: { form: RechargeForm; earlier: OutcomeTxn | null }) {
  const { t } = useTranslation();
  const f = useFormat();
  const age = useAge(earlier?.createdAt);
  const text = earlier
    ? t('confirm.duplicateEarlier', {
        amount: f.money(earlier.amount),
        number: groupForReading(form.number),
        time: f.time(earlier.createdAt),
        age,
        status: t(`status.${earlier.status}`),
      })
    : // Until the ledger names the earlier recharge, a plain sentence in the screen's language.
      t('confirm.duplicateGeneric', { amount: f.rupees(Number(form.amount)) });
  return (
    <p role="alert" className="warning">
      <span aria-hidden="true">⚠ </span>
      {text} {t('confirm.duplicateAdvice')}
    </p>
  );
}

/**
 * The last look before money moves: number grouped for reading aloud, operator and amount large.
 * Enter sends (the button has focus), Esc goes back. A repeat within the window asks again, and
 * there the safe choice ("don't send") has the focus: a second recharge takes a deliberate click
 * or Tab + Enter. A held-down Enter (key repeat) never sends.
 */
export function ConfirmDialog({
  form,
  step,
  duplicateOf,
  duplicateOutcome,
  openWarning = false,
  shopWarning = false,
  mobileOnDth = false,
  nearRegular = null,
  unusual = null,
  creditStanding = null,
  payment,
  onPayment,
  onSend,
  onBack,
  desk,
  account,
  onAccount,
}: Props) {
  const { t } = useTranslation();
  const f = useFormat();
  const send = useRef<HTMLButtonElement>(null);
  const back = useRef<HTMLButtonElement>(null);
  const sending = step === 'sending';
  const duplicate = step === 'duplicate';
  // A credit sale that takes the due above the customer's limit: warned before sending; the
  // shopkeeper may still send it, deliberately (docs/khata.md).
  const credit = payment.method === 'credit' ? rupeesToPaise(Number(form.amount)) : 0;
  const pastLimit = overLimit(creditStanding, credit);
  // Any warning puts the safe choice under Enter: sending takes Tab + Enter or a click.
  const careful = duplicate || mobileOnDth || nearRegular !== null || unusual !== null || pastLimit;
  // A warning shown on the first look (not the repeat dialog's): "don't send" takes the focus.
  const warned = mobileOnDth || nearRegular !== null || unusual !== null || pastLimit;
  const operator = findOperator(form.operator ?? '');
  const route = useRoute(desk, form.operator, form.amount);
  const candidates = candidatesOf(route);
  useEffect(() => {
    if (step === 'duplicate' || (step === 'confirming' && warned)) back.current?.focus();
    else if (step === 'confirming') send.current?.focus();
  }, [step, warned]);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && e.repeat) {
      // Auto-repeat of a key held since the last step is not a decision to send.
      e.preventDefault();
      return;
    }
    if (e.key === 'Escape' && !sending) {
      e.preventDefault();
      onBack();
      return;
    }
    // One key picks the next account that may take it (routing on, more than one candidate).
    if (e.code === 'KeyA' && !sending && candidates.length > 1 && !e.ctrlKey && !e.altKey && !e.metaKey) {
      e.preventDefault();
      const at = candidates.findIndex((c) => c.account === account);
      onAccount(candidates[(Math.max(at, 0) + 1) % candidates.length]!.account);
      return;
    }
    // One key changes how the customer pays (the split's cash box takes digits only, so a letter there is this key too).
    const method = PAYMENT_KEYS[e.code];
    if (method && !sending && !e.ctrlKey && !e.altKey && !e.metaKey) {
      e.preventDefault();
      onPayment({ method });
      // Back from a split's box to the button that was under Enter.
      if (method !== 'split') (careful ? back : send).current?.focus();
    }
  };
  return (
    <div className="dialog-backdrop">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="confirm-title"
        className={`dialog confirm ${careful ? 'is-duplicate' : ''}`}
        onKeyDownCapture={onKeyDown}
      >
        <h2 id="confirm-title">
          {duplicate
            ? t('confirm.duplicateTitle')
            : mobileOnDth
              ? t('confirm.mobileOnDthTitle')
              : nearRegular
                ? t('confirm.nearRegularTitle')
                : unusual
                  ? t('confirm.unusualTitle')
                  : t('confirm.title')}
        </h2>
        {nearRegular && (
          <p role="alert" className="warning">
            <span aria-hidden="true">⚠ </span>
            {nearRegular.name
              ? t('confirm.nearRegular', { name: nearRegular.name, regular: groupForReading(nearRegular.number) })
              : t('confirm.nearRegularNoName', { regular: groupForReading(nearRegular.number) })}
          </p>
        )}
        {unusual && (
          <p role="alert" className="warning unusual-amount">
            <span aria-hidden="true">⚠ </span>
            {t(unusual.more ? 'confirm.unusualMore' : 'confirm.unusualLess', {
              amount: f.rupees(Number(form.amount)),
              ratio: unusual.ratio,
              usual: f.rupees(unusual.usual / 100),
            })}
          </p>
        )}
        {pastLimit && creditStanding && (
          <p role="alert" className="warning khata-over-limit">
            <span aria-hidden="true">⚠ </span>
            {t('khata.counter.overLimit', {
              due: f.money(creditStanding.due),
              credit: f.money(credit),
              after: f.money(creditStanding.due + credit),
              limit: f.money(creditStanding.limit),
            })}
          </p>
        )}
        {mobileOnDth && (
          <p role="alert" className="warning">
            <span aria-hidden="true">⚠ </span>
            {t('confirm.mobileOnDth', { operator: operator?.name })}
          </p>
        )}
        {duplicate && openWarning && (
          <p role="alert" className="warning">
            <span aria-hidden="true">⚠ </span>
            {t('confirm.openWarning')} {duplicateOutcome && <OutcomeText outcome={duplicateOutcome} />}
          </p>
        )}
        {duplicate && shopWarning && (
          <p role="alert" className="warning">
            <span aria-hidden="true">⚠ </span>
            {t('confirm.shopWarning')} {duplicateOutcome && <OutcomeText outcome={duplicateOutcome} />}
          </p>
        )}
        {duplicate && !openWarning && !shopWarning && <DuplicateWarning form={form} earlier={duplicateOf} />}
        {/* The last look before money moves repeats the warning the form showed. */}
        {!duplicate && <OpenForNumber number={form.number} />}
        <p className="confirm-read">{t('confirm.readAloud')}</p>
        <p className="confirm-number" aria-label={form.number}>
          {groupForReading(form.number)}
        </p>
        <p className="confirm-line">
          <span className="confirm-operator">{operator?.name}</span>
          <Money className="confirm-amount" value={rupeesToPaise(Number(form.amount))} />
        </p>
        <AccountChoice route={route} picked={account} />
        <PaymentPicker
          amount={rupeesToPaise(Number(form.amount))}
          number={form.number}
          payment={payment}
          onChange={onPayment}
          onSplitDone={() => (careful ? back : send).current?.focus()}
        />
        {sending && <SendingNotice />}
        <div className="dialog-actions">
          <button ref={back} type="button" className="button-secondary" onClick={onBack} disabled={sending}>
            {careful ? t('confirm.duplicateBack') : t('confirm.back')}
          </button>
          <button
            ref={send}
            type="button"
            className={careful ? 'button-danger' : 'button-primary'}
            onClick={() => onSend({ overLimit: pastLimit })}
            disabled={sending}
            aria-busy={sending}
          >
            {sending
              ? t('confirm.sending')
              : duplicate
                ? t('confirm.duplicateSend')
                : mobileOnDth
                  ? t('confirm.mobileOnDthSend', { operator: operator?.name })
                  : nearRegular
                    ? t('confirm.nearRegularSend')
                    : unusual
                      ? t('confirm.unusualSend', { amount: f.rupees(Number(form.amount)) })
                      : pastLimit
                        ? t('khata.counter.overLimitSend')
                        : t('confirm.send')}
          </button>
        </div>
        <p className="keys-hint">{duplicate ? t('confirm.duplicateKeys') : warned ? t('confirm.mobileOnDthKeys') : t('confirm.keys')}</p>
      </div>
    </div>
  );
}
