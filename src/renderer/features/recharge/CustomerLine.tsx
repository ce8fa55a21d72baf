import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import type { Customer } from '../../../shared/customer-schemas';
import { useFormat } from '../../hooks/use-format';
import { CustomerName } from '../customers/CustomerName';
import { dateAt } from '../customers/due-date';

/** An answer about a complete number, asked again when the number changes; null until then. */
function useNumberAnswer<T>(
  desk: DeskApi,
  number: string,
  complete: boolean,
  ask: (desk: DeskApi, number: string) => Promise<T | null>,
): T | null {
  const [answer, setAnswer] = useState<T | null>(null);
  useEffect(() => {
    setAnswer(null);
    if (!complete) return;
    let cancelled = false;
    void ask(desk, number).then((a) => {
      if (!cancelled) setAnswer(a);
    });
    return () => {
      cancelled = true;
    };
  }, [desk, number, complete, ask]);
  return answer;
}

const askCustomer = async (desk: DeskApi, number: string) => {
  const r = await desk.customer.get({ number });
  return r.ok ? r.data.customer : null;
};

const askNearRegular = async (desk: DeskApi, number: string) => {
  const r = await desk.customer.nearRegular({ number });
  return r.ok ? r.data.regular : null;
};

/** The customer book's entry for a complete number (null while unknown or being looked up). */
export function useCustomer(desk: DeskApi, number: string, complete: boolean): Customer | null {
  return useNumberAnswer(desk, number, complete, askCustomer);
}

/**
 * The wrong-number guard: a regular one slip (a wrong digit, two digits swapped) away from this
 * complete number, when the book does not know the number itself; null otherwise.
 */
export function useNearRegular(desk: DeskApi, number: string, complete: boolean): { number: string; name: string } | null {
  return useNumberAnswer(desk, number, complete, askNearRegular);
}

/** Who a complete number belongs to, from the customer book: their name, usual amount, due date. */
export function CustomerLine({ customer }: { customer: Customer | null }) {
  const { t } = useTranslation();
  const f = useFormat();
  if (!customer || (!customer.name && customer.usualAmount === null)) return null;
  return (
    <p className="customer-line">
      <CustomerName name={customer.name} fallback="" />
      {customer.usualAmount !== null && <span> · {t('customers.counter.usual', { amount: f.money(customer.usualAmount) })}</span>}
      {customer.dueDate && <span> · {t('customers.counter.due', { date: f.dayMonth(dateAt(customer.dueDate)) })}</span>}
    </p>
  );
}
