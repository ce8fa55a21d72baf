import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { RechargeScreen } from '../../src/renderer/features/recharge/RechargeScreen';
import { createI18n } from '../../src/renderer/i18n/setup';
import { useRechargeStore } from '../../src/renderer/stores/recharge-store';
import { useBalanceStore } from '../../src/renderer/stores/balance-store';
import { fakeDesk, txn, type FakeDesk } from './fake-desk';

// Issue 40: on the Mobile tab, where every new customer starts, a number is never rewritten
// silently: a DTH ID is sent whole (or refused in words), a mobile's +91 or 0 left out is said.
afterEach(() => {
  cleanup();
  useRechargeStore.getState().reset();
  useBalanceStore.setState({ balance: null, online: true });
});

function renderScreen(fake: FakeDesk, language: 'en' | 'hi' = 'en') {
  return render(
    <I18nextProvider i18n={createI18n(language)}>
      <RechargeScreen desk={fake.desk} mode="demo" />
    </I18nextProvider>,
  );
}

const sent = () => ({ ok: true as const, data: { txn: txn({ status: 'Success' }), outcome: 'success' as const } });
const numberBox = () => screen.getByLabelText(/Mobile number|Subscriber ID/) as HTMLInputElement;

/** Typed key by key, as at the counter: each keystroke is one change of the box. */
function typeKeys(text: string) {
  for (const ch of text) fireEvent.change(numberBox(), { target: { value: numberBox().value + ch } });
}

describe('numbers typed on the Mobile tab', () => {
  for (const [typed, operator] of [
    ['01234565555', /Dish TV/],
    ['01234565555', /Sun Direct/],
    ['911234565555', /Videocon d2h/],
  ] as const) {
    it(`${typed} typed key by key goes whole to ${operator.source}, and the confirmation reads it whole`, async () => {
      const fake = fakeDesk({ 'recharge:submit': sent });
      renderScreen(fake);
      typeKeys(typed);
      expect(numberBox().value).toBe(typed);
      fireEvent.keyDown(numberBox(), { key: 'Enter' });
      // An ID no mobile can be: the DTH operators, the digits kept.
      expect(screen.getByRole('tab', { name: 'DTH' }).getAttribute('aria-selected')).toBe('true');
      expect(numberBox().value).toBe(typed);
      fireEvent.click(screen.getByRole('radio', { name: operator }));
      fireEvent.change(screen.getByLabelText('Amount (₹)'), { target: { value: '300' } });
      fireEvent.click(screen.getByRole('button', { name: /Check and confirm/ }));
      const dialog = await screen.findByRole('dialog');
      expect(dialog.querySelector('.confirm-number')?.textContent?.replace(/\s/g, '')).toBe(typed);
      fireEvent.click(screen.getByRole('button', { name: 'Send recharge' }));
      await waitFor(() => expect(fake.calls.some((c) => c.channel === 'recharge:submit')).toBe(true));
      expect(fake.calls.find((c) => c.channel === 'recharge:submit')?.request).toMatchObject({ number: typed });
    });
  }

  it('a pasted DTH ID with spaces keeps its leading 0', () => {
    renderScreen(fakeDesk());
    fireEvent.paste(numberBox(), { clipboardData: { getData: () => '0123 4565 555' } });
    expect(numberBox().value).toBe('01234565555');
    expect(screen.queryByText(/left out/)).toBeNull();
  });

  for (const [typed, note] of [
    ['09876543210', '0 left out'],
    ['919876543210', '91 left out'],
    ['+91 98765 43210', '+91 left out'],
    ['+91-98765-43210', '+91 left out'],
  ] as const) {
    it(`${typed}: the mobile number, and what was left out is said beside it`, () => {
      renderScreen(fakeDesk());
      fireEvent.paste(numberBox(), { clipboardData: { getData: () => typed } });
      expect(numberBox().value).toBe('9876543210');
      expect(screen.getByText('98765 43210')).toBeTruthy();
      expect(screen.getByText(new RegExp(`${note.replace('+', '\\+')}: mobile number`))).toBeTruthy();
    });
  }

  it('a mobile typed with its trunk 0, key by key, says the 0 was left out', () => {
    renderScreen(fakeDesk());
    typeKeys('09876543210');
    expect(numberBox().value).toBe('9876543210');
    expect(screen.getByText(/0 left out: mobile number/)).toBeTruthy();
  });

  it('Tata Play and Airtel DTH IDs of a mobile’s length go to the DTH operators whole', () => {
    for (const typed of ['1012345555', '3012345555']) {
      renderScreen(fakeDesk());
      typeKeys(typed);
      fireEvent.keyDown(numberBox(), { key: 'Enter' });
      expect(screen.getByRole('tab', { name: 'DTH' }).getAttribute('aria-selected')).toBe('true');
      expect(numberBox().value).toBe(typed);
      cleanup();
      useRechargeStore.getState().reset();
    }
  });

  it('11 or 12 digits that are no mobile and no DTH ID the Mobile tab may guess are refused in words, nothing cut', () => {
    for (const [typed, words] of [
      ['98765432101', '11 digits is not a mobile number, and nothing was cut from it.'],
      ['981234565555', '12 digits is not a mobile number, and nothing was cut from it.'],
    ] as const) {
      const fake = fakeDesk();
      renderScreen(fake);
      typeKeys(typed);
      fireEvent.keyDown(numberBox(), { key: 'Enter' });
      expect(numberBox().value).toBe(typed);
      expect(screen.getByRole('tab', { name: 'Mobile' }).getAttribute('aria-selected')).toBe('true');
      expect(screen.getByRole('alert').textContent).toContain(words);
      cleanup();
      useRechargeStore.getState().reset();
    }
  });

  it('the refusal and the note read in Hindi on the Hindi screen', () => {
    renderScreen(fakeDesk(), 'hi');
    const box = () => document.getElementById('recharge-number') as HTMLInputElement;
    fireEvent.change(box(), { target: { value: '98765432101' } });
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(screen.getByRole('alert').textContent).toContain('11 अंक मोबाइल नंबर नहीं है');
    fireEvent.paste(box(), { clipboardData: { getData: () => '09876543210' } });
    expect(screen.getByText(/0 हटाया: मोबाइल नंबर/)).toBeTruthy();
  });

  it('on the DTH tab a mobile-looking prefix is the ID: kept whole', async () => {
    renderScreen(fakeDesk());
    fireEvent.click(screen.getByRole('tab', { name: 'DTH' }));
    typeKeys('09876543210');
    expect(numberBox().value).toBe('09876543210');
    await act(async () => {});
  });
});
