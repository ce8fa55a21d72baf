import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { RechargeScreen } from '../../src/renderer/features/recharge/RechargeScreen';
import { createI18n } from '../../src/renderer/i18n/setup';
import { useRechargeStore } from '../../src/renderer/stores/recharge-store';
import { useBalanceStore } from '../../src/renderer/stores/balance-store';
import { useSettingsStore } from '../../src/renderer/stores/settings-store';
import { fakeDesk, txn } from './fake-desk';

// Issue 40: a habitual key changes a regular's amount (₹239 becomes ₹1,239): the confirmation
// names it, and "don't send" is under Enter, like its other warnings.
afterEach(() => {
  cleanup();
  useRechargeStore.getState().reset();
  useBalanceStore.setState({ balance: null, online: true });
  useSettingsStore.setState({ settings: null });
});

const regular = {
  number: '9876546666',
  name: '',
  operator: 'JIO',
  circle: null,
  lastAt: null,
  lastDate: null,
  lastAmount: 23_900,
  dueDate: null,
  usualAmount: 23_900,
};

async function confirmAmount(amount: string, language: 'en' | 'hi' = 'en') {
  const fake = fakeDesk({
    'customer:atCounter': () => ({ ok: true, data: { customer: regular, regular: null, khataDue: 0 } }),
    'txn:lastForNumber': () => ({ ok: true, data: { txn: txn({ number: regular.number, operator: 'JIO', status: 'Success' }) } }),
  });
  render(
    <I18nextProvider i18n={createI18n(language)}>
      <RechargeScreen desk={fake.desk} mode="demo" />
    </I18nextProvider>,
  );
  fireEvent.change(document.getElementById('recharge-number')!, { target: { value: regular.number } });
  await waitFor(() => expect(fake.calls.some((c) => c.channel === 'customer:atCounter')).toBe(true));
  // The usual amount is filled in once the customer is known; typing over it is the stray key.
  await waitFor(() => expect((document.getElementById('recharge-amount') as HTMLInputElement).value).toBe('239'));
  fireEvent.change(document.getElementById('recharge-amount')!, { target: { value: amount } });
  fireEvent.keyDown(document.getElementById('recharge-amount')!, { key: 'Enter' });
  return screen.findByRole('dialog');
}

describe('an amount far from the regular’s usual', () => {
  it('₹1,239 for a ₹239 regular is named, and Enter is on "don\'t send"', async () => {
    const dialog = await confirmAmount('1239');
    expect(dialog.textContent).toContain('₹1,239 is about 5 times this customer’s usual ₹239.');
    expect(screen.getByRole('heading', { name: 'Check the amount: not this customer’s usual' })).toBeTruthy();
    expect(document.activeElement?.textContent).toBe("No, don't send");
    expect(screen.getByRole('button', { name: 'Yes, send ₹1,239' })).toBeTruthy();
    expect(dialog.textContent).toContain("Enter or Esc: don't send");
  });

  it('₹23 is named as a small part of the usual', async () => {
    const dialog = await confirmAmount('23');
    expect(dialog.textContent).toContain('₹23 is about 1/10 of this customer’s usual ₹239.');
    expect(document.activeElement?.textContent).toBe("No, don't send");
  });

  it('the usual amount itself, or one near it, goes with Send under Enter', async () => {
    for (const amount of ['239', '299']) {
      const dialog = await confirmAmount(amount);
      expect(dialog.textContent).not.toContain('usual');
      expect(document.activeElement?.textContent).toBe('Send recharge');
      cleanup();
      useRechargeStore.getState().reset();
    }
  });

  it('follows the shop’s setting: 0 never warns, 6 lets ₹1,239 through', async () => {
    for (const times of [0, 6]) {
      useSettingsStore.setState({
        settings: { recharge: { duplicateWindowMinutes: 3, unusualAmountTimes: times } } as never,
      });
      const dialog = await confirmAmount('1239');
      expect(dialog.textContent).not.toContain('usual');
      cleanup();
      useRechargeStore.getState().reset();
    }
  });

  it('reads in Hindi on the Hindi screen', async () => {
    const dialog = await confirmAmount('1239', 'hi');
    expect(dialog.textContent).toContain('₹1,239 इस ग्राहक की सामान्य राशि ₹239 का लगभग 5 गुना है।');
  });
});
