import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import type { ResponseOf } from '../../../shared/ipc/contract';
import { errorText } from '../../i18n/setup';
import { useFormat } from '../../hooks/use-format';

type Validity = ResponseOf<'customer:validity'>;

/** How long a recharge of each amount lasts: the due list counts from it (28 days when unset). */
export function ValiditySettings({ desk, onChanged }: { desk: DeskApi; onChanged: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const [validity, setValidity] = useState<Validity | null>(null);
  const [amount, setAmount] = useState('');
  const [days, setDays] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    void desk.customer.validity().then((r) => r.ok && setValidity(r.data));
  }, [desk]);

  const apply = async (rupees: number, value: number | null) => {
    setProblem(null);
    const r = await desk.customer.setValidity({ amount: rupees * 100, days: value });
    if (!r.ok) return setProblem(errorText(t, r.error));
    setValidity(r.data);
    if (value !== null) {
      setAmount('');
      setDays('');
    }
    onChanged();
  };
  const submit = () => {
    const rupees = Number(amount.trim());
    if (!/^\d{1,5}$/.test(amount.trim()) || rupees <= 0) return setProblem(t('customers.validity.badAmount'));
    // Sent as typed (a whole number): the service refuses out-of-range days in words, changing nothing.
    const value = /^-?\d{1,6}$/.test(days.trim()) ? Number(days.trim()) : 0;
    void apply(rupees, value);
  };
  const defaultDays = validity?.defaultDays ?? 28;
  return (
    <section className="validity-settings" aria-labelledby="validity-title">
      <h3 id="validity-title">{t('customers.validity.title')}</h3>
      <p className="field-hint">{t('customers.validity.hint', { days: defaultDays })}</p>
      {validity && validity.items.length > 0 && (
        <ul className="validity-list">
          {validity.items.map((v) => (
            <li key={v.amount}>
              <strong>{f.money(v.amount)}</strong> · {t('customers.validity.daysN', { count: v.days })}{' '}
              <button type="button" className="button-secondary button-small" onClick={() => void apply(v.amount / 100, null)}>
                {t('customers.validity.remove', { days: defaultDays })}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="validity-form"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label className="filter">
          <span>{t('customers.validity.amount')}</span>
          <input id="validity-amount" inputMode="numeric" value={amount} onChange={(e) => setAmount(e.target.value)} />
        </label>
        <label className="filter">
          <span>{t('customers.validity.days')}</span>
          <input id="validity-days" inputMode="numeric" value={days} onChange={(e) => setDays(e.target.value)} />
        </label>
        <button type="submit" className="button-secondary">
          {t('customers.validity.set')}
        </button>
      </form>
      {problem && (
        <p role="alert" className="error-banner">
          {problem}
        </p>
      )}
    </section>
  );
}
