import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { asLanguage } from '../../../shared/language';
import { khataUpiRef, khataUpiUri } from '../../../shared/payment/khata-upi';
import { UpiQr } from '../../components/UpiQr';
import { useSettingsStore } from '../../stores/settings-store';

/**
 * A payment towards the due, whole or part, in cash or UPI; by UPI, the QR of the amount typed
 * for the customer to scan (issue 40), the same link the reminder carries.
 */
export function PayForm({ number, onPay }: { number: string; onPay: (rupees: number, method: 'cash' | 'upi') => Promise<boolean> }) {
  const { t, i18n } = useTranslation();
  const upi = useSettingsStore((s) => s.settings?.upi);
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<'cash' | 'upi'>('cash');
  const paise = /^\d+$/.test(amount) ? Number(amount) * 100 : 0;
  const uri = method === 'upi' && upi ? khataUpiUri(upi, { amount: paise, number }, asLanguage(i18n.language)) : null;
  return (
    <form
      className="khata-pay"
      aria-label={t('khata.pay.title')}
      onSubmit={(e) => {
        e.preventDefault();
        // Anything but whole rupees goes as 0 or a negative: the service says what is wrong, in words.
        const rupees = /^-?\d+$/.test(amount) ? Number(amount) : 0;
        void onPay(rupees, method).then((ok) => ok && setAmount(''));
      }}
    >
      <label className="filter">
        <span>{t('khata.pay.amount')}</span>
        <input id="khata-pay-amount" inputMode="numeric" maxLength={9} value={amount} onChange={(e) => setAmount(e.target.value.trim())} />
      </label>
      <div className="filter-group" role="group" aria-label={t('khata.pay.title')}>
        {(['cash', 'upi'] as const).map((m) => (
          <button key={m} type="button" className="chip" aria-pressed={method === m} onClick={() => setMethod(m)}>
            {t(`khata.pay.${m}`)}
          </button>
        ))}
      </div>
      <button type="submit" className="button-primary">
        {t('khata.pay.take')}
      </button>
      {uri && upi && <UpiQr uri={uri} amount={paise} payee={upi.payee} saleRef={khataUpiRef(number)} />}
    </form>
  );
}
