import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import type { Customer } from '../../../shared/customer-schemas';
import { useFormat } from '../../hooks/use-format';
import { CustomerName } from '../customers/CustomerName';
import { dateAt } from '../customers/due-date';

/** The customer book's entry for a complete number (null while unknown or being looked up). */
export function useCustomer(desk: DeskApi, number: string, complete: boolean): Customer | null {
  const [customer, setCustomer] = useState<Customer | null>(null);
  useEffect(() => {
    setCustomer(null);
    if (!complete) return;
    let cancelled = false;
    void desk.customer.get({ number }).then((r) => {
      if (!cancelled && r.ok) setCustomer(r.data.customer);
    });
    return () => {
      cancelled = true;
    };
  }, [desk, number, complete]);
  return customer;
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
