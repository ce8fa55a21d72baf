import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { ShopDayBook } from '../../src/renderer/features/shop/ShopDayBook';
import { createI18n } from '../../src/renderer/i18n/setup';
import type { ResponseOf } from '../../src/shared/ipc/contract';
import { fakeDesk } from './fake-desk';

afterEach(cleanup);

// Issue 37 item 3: the owner's whole-shop day, each counter's money and close, and the shop's total.
const ca = (count: number, rupees: number) => ({ count, amount: rupees * 100 });
const none = ca(0, 0);
const close = { revision: 1, closedAt: Date.parse('2026-11-23T14:30:00Z'), upiExpected: 20_000, upiDifference: 0, byName: 'Asha' };
const day: ResponseOf<'shop:day'> = {
  date: '2026-11-23',
  counters: [
    {
      counter: 'AAAA',
      counterName: 'Front desk',
      own: true,
      sales: { cash: ca(1, 100), upi: ca(1, 200), credit: ca(1, 500), split: none },
      payments: { cash: 0, upi: 0 },
      givenBack: { cash: 0, upi: 0 },
      expected: { cash: 10_000, upi: 20_000 },
      close: { ...close, counted: 9_900, upiCounted: 20_000, expected: 10_000, difference: -100 },
    },
    {
      counter: 'BBBB',
      counterName: 'Back room',
      own: false,
      sales: { cash: ca(1, 150), upi: none, credit: none, split: ca(1, 300) },
      payments: { cash: 30_000, upi: 0 },
      givenBack: { cash: 15_000, upi: 0 },
      expected: { cash: 45_000, upi: 20_000 },
      // Counted before a ₹50 payment came in: it counted against ₹400 then.
      close: { ...close, counted: 40_000, upiCounted: 20_000, expected: 40_000, difference: 0 },
    },
    {
      counter: 'CCCC',
      counterName: 'Window',
      own: false,
      sales: { cash: ca(1, 50), upi: none, credit: ca(1, 100), split: none },
      payments: { cash: 0, upi: 0 },
      givenBack: { cash: 0, upi: 0 },
      expected: { cash: 5_000, upi: 0 },
      close: null,
    },
  ],
  total: {
    sales: { cash: ca(3, 300), upi: ca(1, 200), credit: ca(2, 600), split: ca(1, 300) },
    payments: { cash: 30_000, upi: 0 },
    givenBack: { cash: 15_000, upi: 0 },
    expected: { cash: 60_000, upi: 40_000 },
    counted: { cash: 49_900, upi: 40_000 },
    closed: 2,
    difference: null,
  },
};

function show(lang: 'en' | 'hi') {
  const fake = fakeDesk({ 'shop:day': () => ({ ok: true, data: day }) });
  render(
    <I18nextProvider i18n={createI18n(lang)}>
      <ShopDayBook desk={fake.desk} date="2026-11-23" />
    </I18nextProvider>,
  );
  return fake;
}

const row = (table: HTMLElement, name: RegExp) => within(table).getByRole('row', { name }).textContent;

describe('the whole shop’s day for the owner (issue 37)', () => {
  it('in English: per counter and for the shop, sales by method, payments, give-backs, expected, and each close', async () => {
    const fake = show('en');
    const table = await screen.findByRole('table', { name: 'The whole shop’s day: each counter’s money and its close' });
    expect(fake.calls).toContainEqual({ channel: 'shop:day', request: { date: '2026-11-23' } });
    expect(row(table, /^Split sales/)).toBe('Split sales (cash + UPI)₹0.00 (0)₹300.00 (1)₹0.00 (0)₹300.00 (1)');
    expect(row(table, /^Cash paid towards dues/)).toBe('Cash paid towards dues₹0.00₹300.00₹0.00₹300.00');
    expect(row(table, /^Cash given back/)).toBe('Cash given back₹0.00₹150.00₹0.00₹150.00');
    expect(row(table, /^Cash expected/)).toBe('Cash expected₹100.00₹450.00₹50.00₹600.00');
    expect(row(table, /^Cash counted/)).toBe('Cash counted₹99.00₹400.00Not closed yet₹499.002 of 3 counters closed');
    expect(row(table, /^Cash difference/)).toMatch(
      /^Cash difference₹1\.00 shortMatchescounted against ₹400\.00 expected then: .*Not closed yet—$/,
    );
    expect(row(table, /^Counted by/)).toContain('Asha');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Front desk · This counter', 'Back room', 'Window', 'Whole shop']);
  });

  it('in Hindi too', async () => {
    show('hi');
    const table = await screen.findByRole('table', { name: 'पूरी दुकान का दिन: हर काउंटर का पैसा और उसका दिन बंद' });
    expect(row(table, /^बँटी हुई बिक्री/)).toBe('बँटी हुई बिक्री (नकद + UPI)₹0.00 (0)₹300.00 (1)₹0.00 (0)₹300.00 (1)');
    expect(row(table, /^गिना गया UPI/)).toContain('अभी बंद नहीं हुआ');
    expect(screen.getByText('3 में से 2 काउंटर बंद')).toBeTruthy();
  });
});
