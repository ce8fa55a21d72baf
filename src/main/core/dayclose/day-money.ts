import type { DayMoney } from '../../../shared/day-close-schemas';
import type { DayMoneyRows } from '../ledger/day-close-sql';

/**
 * Adds up one day's customer money (issue 30 item 5). Cash expected = cash sales + cash paid
 * towards dues − cash given back. A sale counts on its own day whatever became of its recharge:
 * its money was taken then, and what was handed back is an entry of the day it was handed back,
 * so a refund after the close moves that later day, never the closed one. `successAmount` is the
 * day's successful recharges: those without a sale (made before sales were kept) count as cash,
 * as the close always counted them.
 */
export function dayMoney(rows: DayMoneyRows, successAmount: number): DayMoney {
  const sum = (kind: DayMoneyRows['entries'][number]['kind'], method?: 'cash' | 'upi') =>
    rows.entries.filter((e) => e.kind === kind && (method === undefined || e.method === method)).reduce((t, e) => t + e.amount, 0);
  const beforeSales = Math.max(0, successAmount - rows.successWithSale);
  // A correction of a payment is signed in the due's direction: a payment made larger lowers the due, so it is subtracted.
  const paid = (method: 'cash' | 'upi') => sum('credit_payment', method) - sum('correction', method);
  // A split whose UPI part never came was handed back its cash part (the entry's amount); its UPI part moved nothing.
  const cashBack = sum('given_back', 'cash') + sum('split_not_paid', 'cash');
  const cash = { sales: rows.sales.cash + beforeSales, payments: paid('cash'), givenBack: cashBack };
  const upi = { received: sum('upi_received'), payments: paid('upi'), givenBack: sum('given_back', 'upi') };
  return {
    cash: { ...cash, expected: cash.sales + cash.payments - cash.givenBack },
    upi: { ...upi, expected: upi.received + upi.payments - upi.givenBack },
    credit: {
      given: rows.sales.credit,
      reversed: sum('credit_reversed'),
      collected: sum('credit_payment') - sum('correction', 'cash') - sum('correction', 'upi'),
      kept: sum('kept_as_credit'),
    },
  };
}
