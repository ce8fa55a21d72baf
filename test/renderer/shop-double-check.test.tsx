import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { ShopHistoryList } from '../../src/renderer/features/history/ShopHistoryList';
import { createI18n } from '../../src/renderer/i18n/setup';
import { useLockStore } from '../../src/renderer/stores/lock-store';
import { fakeDesk } from './fake-desk';

afterEach(cleanup);

// Issue 37: another counter's possible double, and the owner's "checked" on it from any counter.
const SALE = 'CCCC000000000001';
const AT = Date.UTC(2026, 10, 12, 4, 35);
const row = (refId: string, attemptNo: number, checked: { counterName: string; at: number } | null) => ({
  refId,
  counter: 'CCCC',
  counterName: 'Back room',
  own: false,
  number: '9876541234',
  operator: 'JIO',
  amount: 23900,
  status: 'Success' as const,
  message: '',
  createdAt: AT - attemptNo * 1000,
  saleId: SALE,
  attemptNo,
  accountId: attemptNo === 1 ? 'main' : 'spare',
  accountName: attemptNo === 1 ? 'Main Provider' : 'Spare Provider',
  possibleDouble: true,
  checked,
});

function show(lang: 'en' | 'hi', check: 'ok' | 'owner_only' = 'ok') {
  let checked: { counterName: string; at: number } | null = null;
  const fake = fakeDesk({
    'shop:history': () => ({ ok: true, data: { items: [row(SALE, 1, checked), row('CCCC000000000002', 2, checked)] } }),
    'sale:doubleChecked': () => {
      if (check === 'owner_only') return { ok: false, error: { code: 'owner_only', params: {} } };
      checked = { counterName: 'Front desk', at: AT + 60_000 };
      return { ok: true, data: { items: [] } };
    },
  });
  render(
    <I18nextProvider i18n={createI18n(lang)}>
      <ShopHistoryList desk={fake.desk} />
    </I18nextProvider>,
  );
  return fake;
}

describe('the whole shop’s possible double and the owner’s “checked” (issue 37)', () => {
  it('the owner checks another counter’s double here: asked by sale, then shown checked on both rows with this counter and the time', async () => {
    const fake = show('en');
    const rows = await screen.findAllByRole('listitem');
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'I have checked this' }));
    await waitFor(() => expect(screen.getAllByText(/^The owner checked this at Front desk on /)).toHaveLength(2));
    expect(fake.calls.filter((c) => c.channel === 'sale:doubleChecked').map((c) => c.request)).toEqual([{ saleId: SALE }]);
    expect(screen.queryByRole('button', { name: 'I have checked this' })).toBeNull();
    expect(screen.getAllByRole('listitem')[0]!.className).toContain('is-seen');
  });

  it('staff at the counter: the owner’s PIN is asked, nothing is shown checked', async () => {
    useLockStore.setState({ dialogOpen: false });
    show('en', 'owner_only');
    const rows = await screen.findAllByRole('listitem');
    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'I have checked this' }));
    await waitFor(() => expect(useLockStore.getState().dialogOpen).toBe(true));
    expect(screen.queryByText(/The owner checked this/)).toBeNull();
  });

  it('in Hindi', async () => {
    show('hi');
    const rows = await screen.findAllByRole('listitem');
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'मैंने जाँच लिया' }));
    await waitFor(() => expect(screen.getAllByText(/^मालिक ने इसे Front desk पर .+ को जाँच लिया।$/)).toHaveLength(2));
  });
});
