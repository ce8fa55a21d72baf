import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { BalanceHeader } from '../../src/renderer/components/BalanceHeader';
import { BalanceRefusal } from '../../src/renderer/components/BalanceRefusal';
import { createI18n } from '../../src/renderer/i18n/setup';
import { useOpenTxnsStore } from '../../src/renderer/stores/open-txns-store';
import { useBalanceStore } from '../../src/renderer/stores/balance-store';
import { fakeDesk, txn } from './fake-desk';
import type { ResponseOf } from '../../src/shared/ipc/contract';
import type { Result } from '../../src/shared/result';

afterEach(() => {
  cleanup();
  useBalanceStore.setState({ balance: null, online: true, offlineSince: null, refreshing: false, error: null });
  useOpenTxnsStore.setState({ open: [], submitting: [], loaded: false });
});

const balance = (seller: number) => ({ buyer: 500000, seller, lien: 25400, at: Date.now(), source: 'balance' as const });

function header(
  seller = 0,
  refresh: () => Result<ResponseOf<'balance:refresh'>> = () => ({ ok: true, data: { balance: balance(seller) } }),
) {
  const fake = fakeDesk({
    'balance:get': () => ({ ok: true, data: { balance: balance(seller), online: true } }),
    'balance:refresh': refresh,
  });
  render(
    <I18nextProvider i18n={createI18n('en')}>
      <BalanceHeader desk={fake.desk} mode="live" />
      <BalanceRefusal />
    </I18nextProvider>,
  );
  return useBalanceStore.getState().connect(fake.desk);
}

describe('one clear header', () => {
  it('one on-hold figure: the open recharges that left, never one that was not sent', async () => {
    useOpenTxnsStore.setState({
      open: [txn({ refId: 'A', amount: 19900 }), txn({ refId: 'B', amount: 25400, status: 'Unknown', notSent: true })],
      loaded: true,
    });
    const off = header();
    await waitFor(() => expect(document.body.textContent).toContain('updated just now'));
    const minor = document.querySelector('.balance-minor');
    expect(minor?.querySelectorAll('dt')).toHaveLength(1);
    expect(screen.getByText('On hold').nextSibling?.textContent).toBe('₹199.00in 1 open recharge');
    // The provider's own hold waits in the details, said for what it is.
    const details = screen.getByText('Details').closest('details');
    expect(details?.open).toBe(false);
    fireEvent.click(screen.getByText('Details'));
    expect(details?.textContent).toContain("Provider's hold (last balance)₹254.00");
    expect(details?.textContent).toContain('It can lag behind “On hold”');
    off();
  });

  it('a seller balance of zero says nothing and is not shown; one that is not zero is explained', async () => {
    const off = header(0);
    await waitFor(() => expect(document.body.textContent).toContain('updated just now'));
    expect(screen.queryByText('Seller balance')).toBeNull();
    off();
    cleanup();
    const again = header(12345);
    await waitFor(() => expect(screen.queryByText('Seller balance')).not.toBeNull());
    expect(screen.getByText('Seller balance').closest('.balance-details-panel')?.textContent).toContain(
      'Money the provider keeps for you from selling its services to other shops. It is not used for recharges here.',
    );
    again();
  });

  it('"Live" is never shown beside a refusal: the provider saying no is the state shown', async () => {
    const off = header(0, () => ({ ok: false, error: { code: 'provider_rejected', params: { what: 'balance', said: 'Invalid token' } } }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'Live' })).toBeTruthy());
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Refresh balance/ })));
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Live' })).toBeNull());
    expect(screen.getByRole('status').textContent).toBe('✕ Provider refused');
    expect(document.body.textContent).not.toContain('Live');
    // The reason in full, as an error: red, a cross, an alert.
    const alert = screen.getByRole('alert');
    expect(alert.className).toContain('error-banner');
    expect(alert.textContent).toContain('Invalid token');
    off();
  });
});
