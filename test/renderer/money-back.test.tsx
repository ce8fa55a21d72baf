import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MoneyBack } from '../../src/renderer/features/recharge/MoneyBack';
import { createI18n } from '../../src/renderer/i18n/setup';
import type { Sale } from '../../src/shared/payment/payment';
import { fakeDesk, txn } from './fake-desk';

afterEach(cleanup);

const sale = (partial: Partial<Sale>): Sale => ({
  refId: 'REF0000000000001',
  saleRef: 'S0000000000A1',
  method: 'upi',
  cash: 0,
  upi: 19900,
  credit: 0,
  createdAt: 0,
  upiReceivedAt: null,
  settledAs: null,
  settledAt: null,
  creditReversedAt: null,
  toGiveBack: false,
  ...partial,
});

function show(s: Sale, fresh: Sale = s) {
  const fake = fakeDesk({
    'txn:get': () => ({ ok: true, data: { txn: txn({ status: 'Failure' }), events: [], complaints: [], sale: fresh } }),
    'khata:get': () => ({ ok: true, data: { number: '9876543210', name: '', due: 0, limit: 0, ownLimit: null, lang: null, lines: [] } }),
  });
  render(
    <I18nextProvider i18n={createI18n('en')}>
      <MoneyBack desk={fake.desk} txn={txn({ status: 'Failure' })} sale={s} onSale={() => {}} />
    </I18nextProvider>,
  );
  return fake;
}

describe('money back after a failed attempt', () => {
  it('says nothing while the sale may still go on (a failed first attempt with another account left), and asks the ledger again', async () => {
    const fake = show(sale({ toGiveBack: false }));
    await waitFor(() => expect(fake.calls.some((c) => c.channel === 'txn:get')).toBe(true));
    expect(screen.queryByText(/back to the customer/)).toBeNull();
  });

  it('once the sale is over, asks to give the money back and warns when its UPI part was never marked received', () => {
    show(sale({ toGiveBack: true }));
    expect(screen.getByText('Give ₹199.00 back to the customer')).toBeTruthy();
    expect(screen.getByText(/UPI part \(₹199\.00\) is not marked received/)).toBeTruthy();
  });

  it('no warning when the UPI part arrived', () => {
    show(sale({ toGiveBack: true, upiReceivedAt: 5 }));
    expect(screen.getByText('Give ₹199.00 back to the customer')).toBeTruthy();
    expect(screen.queryByText(/not marked received/)).toBeNull();
  });
});
