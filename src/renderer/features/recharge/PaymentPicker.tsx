import { useTranslation } from 'react-i18next';
import { PAYMENT_METHODS, saleParts, type PaymentMethod } from '../../../shared/payment/payment-parts';
import { saleUpiUri } from '../../../shared/payment/sale-upi';
import { useSettingsStore } from '../../stores/settings-store';
import type { PaymentChoice } from '../../stores/recharge-store';
import { useFormat } from '../../hooks/use-format';
import { UpiQr } from '../../components/UpiQr';
import { asLanguage } from '../../../shared/language';

/** The one key that picks each way of paying on the confirmation (by key position, whatever the keyboard's script). */
export const PAYMENT_KEYS: Readonly<Record<string, PaymentMethod>> = { KeyC: 'cash', KeyU: 'upi', KeyK: 'credit', KeyS: 'split' };
const KEY_OF: Readonly<Record<PaymentMethod, string>> = { cash: 'C', upi: 'U', credit: 'K', split: 'S' };

/**
 * How the customer pays, on the confirmation: cash unless a key or a click says otherwise. A UPI
 * part shows its QR at once (the customer scans while the recharge goes); a split asks for the cash part.
 */
export function PaymentPicker({
  amount,
  number,
  payment,
  onChange,
  onSplitDone,
}: {
  /** The recharge's amount in paise. */
  amount: number;
  number: string;
  payment: PaymentChoice;
  onChange: (patch: Partial<Pick<PaymentChoice, 'method' | 'splitCash'>>) => void;
  /** Enter in the cash part: on to the send button. */
  onSplitDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const upi = useSettingsStore((s) => s.settings?.upi);
  const parts = saleParts(
    payment.method === 'split' ? { method: 'split', cashRupees: Number(payment.splitCash) || 0 } : { method: payment.method },
    amount,
  );
  const uri =
    parts !== 'split_parts' && upi && payment.saleRef
      ? saleUpiUri(upi, { upi: parts.upi, saleRef: payment.saleRef, number }, asLanguage(i18n.language))
      : null;
  const wantsUpi = payment.method === 'upi' || payment.method === 'split';
  return (
    <div className="pay-choice">
      <div className="pay-methods" role="group" aria-label={t('pay.label')}>
        <span className="pay-label">{t('pay.label')}</span>
        {PAYMENT_METHODS.map((m) => (
          <button key={m} type="button" className="chip" aria-pressed={payment.method === m} onClick={() => onChange({ method: m })}>
            {t(`pay.methods.${m}`)} <kbd translate="no">{KEY_OF[m]}</kbd>
          </button>
        ))}
      </div>
      {payment.method === 'split' && (
        <label className="pay-split">
          <span>{t('pay.splitCash')}</span>
          <input
            autoFocus
            inputMode="numeric"
            value={payment.splitCash}
            maxLength={7}
            aria-invalid={parts === 'split_parts' && payment.splitCash !== ''}
            onChange={(e) => onChange({ splitCash: e.target.value.replace(/\D/g, '') })}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && parts !== 'split_parts') {
                e.preventDefault();
                onSplitDone();
              }
            }}
          />
          <span className={parts === 'split_parts' ? 'form-problem' : 'field-hint'}>
            {parts === 'split_parts' ? t('pay.splitBad', { amount: f.money(amount) }) : t('pay.splitRest', { amount: f.money(parts.upi) })}
          </span>
        </label>
      )}
      {wantsUpi && !upi?.vpa && (
        <p role="alert" className="warning">
          {t('pay.upiNotSet')}
        </p>
      )}
      {uri && parts !== 'split_parts' && upi && payment.saleRef && (
        <UpiQr uri={uri} amount={parts.upi} payee={upi.payee} saleRef={payment.saleRef} />
      )}
    </div>
  );
}
