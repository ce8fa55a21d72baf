import { useEffect, useState } from 'react';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import type { Customer } from '../../../shared/customer-schemas';

/** Customers matching what is typed (a name's words or a number's start), asked once typing pauses. */
export function useCustomerSearch(desk: DeskApi, query: string, limit = 8): Customer[] | null {
  const [items, setItems] = useState<Customer[] | null>(null);
  useEffect(() => {
    const text = query.trim();
    if (text === '') {
      setItems(null);
      return;
    }
    let cancelled = false;
    const timer = setTimeout(() => {
      void desk.customer.find({ query: text.slice(0, 64), limit }).then((r) => {
        if (!cancelled) setItems(r.ok ? r.data.items : []);
      });
    }, 120);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [desk, query, limit]);
  return items;
}
