import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { findOperator } from '../../../shared/operators';
import { groupForReading } from '../../../shared/subscriber-number';
import { rupeesToPaise } from '../../../shared/money';
import { Money } from '../../components/Money';
import type { RechargeForm, Step } from '../../stores/recharge-store';

interface Props {
  form: RechargeForm;
  step: Step;
  duplicateMessage: string | null;
  /** The repeat dialog's warning is about an earlier recharge still open (not just a recent one). */
  openWarning?: boolean;
  onSend: () => void;
  onBack: () => void;
}

/**
 * The last look before money moves: number grouped for reading aloud, operator and amount large.
 * Enter sends (the button has focus), Esc goes back. A repeat within the window asks again.
 */
export function ConfirmDialog({ form, step, duplicateMessage, openWarning = false, onSend, onBack }: Props) {
  const { t } = useTranslation();
  const send = useRef<HTMLButtonElement>(null);
  const sending = step === 'sending';
  const duplicate = step === 'duplicate';
  useEffect(() => {
    send.current?.focus();
  }, [step]);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && !sending) {
      e.preventDefault();
      onBack();
    }
  };
  return (
    <div className="dialog-backdrop">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="confirm-title"
        className={`dialog confirm ${duplicate ? 'is-duplicate' : ''}`}
        onKeyDown={onKeyDown}
      >
        <h2 id="confirm-title">{duplicate ? t('confirm.duplicateTitle') : t('confirm.title')}</h2>
        {duplicate && (
          <p role="alert" className="warning">
            <span aria-hidden="true">⚠ </span>
            {openWarning && `${t('confirm.openWarning')} `}
            {duplicateMessage}
          </p>
        )}
        <p className="confirm-read">{t('confirm.readAloud')}</p>
        <p className="confirm-number" aria-label={form.number}>
          {groupForReading(form.number)}
        </p>
        <p className="confirm-line">
          <span className="confirm-operator">{findOperator(form.operator ?? '')?.name}</span>
          <Money className="confirm-amount" value={rupeesToPaise(Number(form.amount))} />
        </p>
        <div className="dialog-actions">
          <button type="button" className="button-secondary" onClick={onBack} disabled={sending}>
            {t('confirm.back')}
          </button>
          <button
            ref={send}
            type="button"
            className={duplicate ? 'button-danger' : 'button-primary'}
            onClick={onSend}
            disabled={sending}
            aria-busy={sending}
          >
            {sending ? t('confirm.sending') : duplicate ? t('confirm.duplicateSend') : t('confirm.send')}
          </button>
        </div>
        <p className="keys-hint">{t('confirm.keys')}</p>
      </div>
    </div>
  );
}
