import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import type { Customer } from '../../../shared/customer-schemas';
import { useFormat } from '../../hooks/use-format';
import { CustomerName } from '../customers/CustomerName';
import { dateAt } from '../customers/due-date';

export interface CounterCustomer {
  /** The customer book's entry: name, usual amount, due date; null for a number it does not know. */
  customer: Customer | null;
  /** The wrong-number guard: a regular one slip away from this number, when the number is unknown. */
  regular: { number: string; name: string } | null;
  /** What the number owes on the khata, paise; negative: an advance the shop holds for it. */
  khataDue: number;
}

/**
 * What the shop knows of a complete number, asked once per number (one IPC call, not one per
 * question); null while the number is incomplete or the answer has not come.
 */
export function useCounterCustomer(desk: DeskApi, number: string, complete: boolean): CounterCustomer | null {
  const [answer, setAnswer] = useState<(CounterCustomer & { number: string }) | null>(null);
  useEffect(() => {
    if (!complete) return;
    let cancelled = false;
    void desk.customer.atCounter({ number }).then((r) => {
      if (!cancelled && r.ok) setAnswer({ ...r.data, number });
    });
    return () => {
      cancelled = true;
    };
  }, [desk, number, complete]);
  // An answer about the number before is never shown beside this one.
  return complete && answer?.number === number ? answer : null;
}

/**
 * Who a complete number belongs to, from the customer book: their name, usual amount, due date;
 * and what they owe on the khata or the advance the shop holds for them (issue 40), said before
 * the sale so the shopkeeper can ask for it or use it.
 */
export function CustomerLine({ customer, khataDue }: { customer: Customer | null; khataDue: number }) {
  const { t } = useTranslation();
  const f = useFormat();
  const named = !!customer && (!!customer.name || customer.usualAmount !== null);
  if (!named && khataDue === 0) return null;
  const parts = [
    customer?.usualAmount != null && <span key="usual">{t('customers.counter.usual', { amount: f.money(customer.usualAmount) })}</span>,
    customer?.dueDate && <span key="runs">{t('customers.counter.due', { date: f.dayMonth(dateAt(customer.dueDate)) })}</span>,
    khataDue > 0 && (
      <strong key="owes" className="customer-owes">
        {t('customers.counter.owes', { amount: f.money(khataDue) })}
      </strong>
    ),
    khataDue < 0 && (
      <strong key="advance" className="customer-advance">
        {t('customers.counter.advance', { amount: f.money(-khataDue) })}
      </strong>
    ),
  ].filter(Boolean);
  return (
    <p className="customer-line">
      <CustomerName name={customer?.name ?? ''} fallback="" />
      {parts.map((part, i) => (
        <span key={i}>
          {i > 0 || customer?.name ? ' · ' : ''}
          {part}
        </span>
      ))}
    </p>
  );
}
