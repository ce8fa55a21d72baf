import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A payment towards the due, whole or part, in cash or UPI. */
export function PayForm({ onPay }: { onPay: (rupees: number, method: 'cash' | 'upi') => Promise<boolean> }) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<'cash' | 'upi'>('cash');
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
    </form>
  );
}
