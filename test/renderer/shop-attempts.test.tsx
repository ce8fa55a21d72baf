import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { ShopHistoryList } from '../../src/renderer/features/history/ShopHistoryList';
import { ShopTotals } from '../../src/renderer/features/shop/ShopTotals';
import { createI18n } from '../../src/renderer/i18n/setup';
import type { ResponseOf } from '../../src/shared/ipc/contract';
import { fakeDesk } from './fake-desk';

afterEach(cleanup);

// Issue 37: another counter's failed-over sale that both provider accounts charged.
const SALE = 'CCCC000000000001';
const attempt = (refId: string, attemptNo: number, accountId: string, accountName: string) => ({
  refId,
  counter: 'CCCC',
  counterName: 'Back room',
  own: false,
  number: '9876541234',
  operator: 'JIO',
  amount: 23900,
  status: 'Success' as const,
  message: '',
  createdAt: Date.now() - attemptNo * 1000,
  saleId: SALE,
  attemptNo,
  accountId,
  accountName,
  possibleDouble: true,
  checked: null,
});
const total = (count: number, amount: number) => ({ count, amount });
const report: ResponseOf<'shop:report'> = {
  counters: [
    {
      counter: 'CCCC',
      counterName: 'Back room',
      own: false,
      all: total(2, 47800),
      success: total(2, 47800),
      open: total(0, 0),
      notCharged: total(0, 0),
      sales: total(1, 23900),
      doubles: total(1, 23900),
    },
  ],
  accounts: [
    { accountId: 'main', accountName: 'Main Provider', all: total(1, 23900), success: total(1, 23900) },
    { accountId: 'spare', accountName: 'Spare Provider', all: total(1, 23900), success: total(1, 23900) },
  ],
};

function show(lang: 'en' | 'hi') {
  const fake = fakeDesk({
    'shop:history': () => ({
      ok: true,
      data: { items: [attempt(SALE, 1, 'main', 'Main Provider'), attempt('CCCC000000000002', 2, 'spare', 'Spare Provider')] },
    }),
    'shop:report': () => ({ ok: true, data: report }),
  });
  render(
    <I18nextProvider i18n={createI18n(lang)}>
      <ShopHistoryList desk={fake.desk} />
      <ShopTotals desk={fake.desk} range={{ from: 0, to: 86_400_000 }} caption="Per counter" />
    </I18nextProvider>,
  );
}

describe('the whole shop shows a sale’s attempts and a possible double (issue 37)', () => {
  it('in English: the later attempt’s account, the double on both rows, each sale once, and each account’s part', async () => {
    show('en');
    const rows = await screen.findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => within(r).queryByRole('note')?.textContent)).toEqual([
      'Possible double recharge: check with both providers',
      'Possible double recharge: check with both providers',
    ]);
    expect(rows[1]!.textContent).toContain('attempt 2 of the sale, on Spare Provider');
    const totals = await screen.findByRole('table', { name: 'Per counter' });
    expect(within(totals).getByRole('row', { name: /^Back room/ }).textContent).toBe(
      'Back room2₹478.00 (2)₹0.00 (0)₹0.00 (0)₹239.00 (1)₹239.00 (1)',
    );
    const accounts = screen.getByRole('table', { name: 'The whole shop, per provider account' });
    expect(within(accounts).getByRole('row', { name: /Spare Provider/ }).textContent).toBe('Spare Provider1₹239.00 (1)');
    expect(screen.getByText(/two provider accounts both recharged/)).toBeTruthy();
  });

  it('in Hindi too', async () => {
    show('hi');
    const rows = await screen.findAllByRole('listitem');
    expect(rows[1]!.textContent).toContain('बिक्री का प्रयास 2, Spare Provider पर');
    expect(within(rows[0]!).getByRole('note').textContent).toBe('शायद दो बार रिचार्ज हुआ: दोनों प्रोवाइडर से जाँचें');
    await screen.findByRole('table', { name: 'पूरी दुकान, हर प्रोवाइडर खाते का' });
  });
});
