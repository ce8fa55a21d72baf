import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { RechargeScreen } from '../../src/renderer/features/recharge/RechargeScreen';
import { OpenTray } from '../../src/renderer/features/tray/OpenTray';
import { Toasts } from '../../src/renderer/features/tray/Toasts';
import { createI18n } from '../../src/renderer/i18n/setup';
import { useRechargeStore } from '../../src/renderer/stores/recharge-store';
import { useOpenTxnsStore } from '../../src/renderer/stores/open-txns-store';
import { useBalanceStore } from '../../src/renderer/stores/balance-store';
import { fakeDesk, txn, type FakeDesk } from './fake-desk';

afterEach(() => {
  cleanup();
  useRechargeStore.getState().reset(false);
  useOpenTxnsStore.setState({ open: [], toasts: [] });
  useBalanceStore.setState({ balance: null, online: true });
});

function renderScreen(fake: FakeDesk, mode: 'demo' | 'live' = 'demo') {
  return render(
    <I18nextProvider i18n={createI18n('en')}>
      <RechargeScreen desk={fake.desk} mode={mode} />
    </I18nextProvider>,
  );
}

async function fillAndConfirm(number = '9876545555', amount = '199') {
  fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: number } });
  fireEvent.click(screen.getByRole('radio', { name: /Jio/ }));
  fireEvent.change(screen.getByLabelText('Amount (₹)'), { target: { value: amount } });
  fireEvent.click(screen.getByRole('button', { name: /Check and confirm/ }));
  return screen.findByRole('dialog');
}

const success = (t = txn({ status: 'Success', optId: 'OP1', margin: 497 })) => ({
  ok: true as const,
  data: { txn: t, outcome: 'success' as const },
});

describe('quick recharge screen', () => {
  it('keeps only digits, cleans a pasted +91 and shows the number grouped', () => {
    renderScreen(fakeDesk());
    const input = screen.getByLabelText('Mobile number') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '+91 98765-43210' } });
    expect(input.value).toBe('9876543210');
    expect(screen.getByText('98765 43210')).toBeTruthy();
  });

  it('will not confirm until number, operator and amount fit, and says what is missing', () => {
    renderScreen(fakeDesk());
    const next = screen.getByRole('button', { name: /Check and confirm/ });
    fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '98765' } });
    expect(screen.getByText('Enter a 10-digit mobile number.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '9876543210' } });
    expect(screen.getByText('Choose the operator.')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /BSNL Topup/ }));
    fireEvent.change(screen.getByLabelText('Amount (₹)'), { target: { value: '6000' } });
    expect(screen.getByText('BSNL Topup takes ₹10 to ₹5,000.')).toBeTruthy();
    expect((next as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '₹197' }));
    expect((next as HTMLButtonElement).disabled).toBe(false);
  });

  it('sends once however often the shopkeeper presses send', async () => {
    let release: () => void = () => {};
    const fake = fakeDesk({ 'recharge:submit': () => new Promise((r) => (release = () => r(success()))) });
    renderScreen(fake);
    await fillAndConfirm();
    const send = screen.getByRole('button', { name: 'Send recharge' });
    fireEvent.click(send);
    fireEvent.click(send);
    fireEvent.doubleClick(send);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Enter' });
    await act(async () => release());
    await screen.findByRole('heading', { name: /Recharge successful/ });
    expect(fake.calls.filter((c) => c.channel === 'recharge:submit')).toHaveLength(1);
    expect(fake.calls.find((c) => c.channel === 'recharge:submit')?.request).toEqual({
      number: '9876545555',
      operator: 'JIO',
      amount: 199,
      confirmDuplicate: false,
      confirmOpen: false,
    });
  });

  it('a repeat needs a second, explicit confirmation that is sent as such', async () => {
    const fake = fakeDesk({
      'txn:lastForNumber': () => ({
        ok: true,
        data: { txn: txn({ number: '9876545555', status: 'Success', createdAt: Date.now() - 70_000 }) },
      }),
      'recharge:submit': (r) =>
        (r as { confirmDuplicate: boolean }).confirmDuplicate
          ? success()
          : { ok: false, error: { code: 'duplicate_recent', message: '₹199.00 was sent to this number 1 min ago (Success).' } },
    });
    renderScreen(fake);
    await fillAndConfirm();
    fireEvent.click(screen.getByRole('button', { name: 'Send recharge' }));
    await screen.findByRole('heading', { name: 'This looks like a repeat' });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('1 min ago'));
    expect(screen.getByRole('alert').textContent).toContain('its status: Success');
    fireEvent.click(screen.getByRole('button', { name: 'Yes, send a second recharge' }));
    await screen.findByRole('heading', { name: /Recharge successful/ });
    expect(
      fake.calls.filter((c) => c.channel === 'recharge:submit').map((c) => (c.request as { confirmDuplicate: boolean }).confirmDuplicate),
    ).toEqual([false, true]);
  });

  it('an earlier recharge still open needs a second confirmation naming it, sent as confirmOpen only', async () => {
    const fake = fakeDesk({
      'recharge:submit': (r) =>
        (r as { confirmOpen: boolean }).confirmOpen
          ? success()
          : {
              ok: false,
              error: { code: 'open_recharge', message: '₹149.00 sent to this number at 14:05 (ref TEST0000000001A) is still pending.' },
            },
    });
    renderScreen(fake);
    await fillAndConfirm();
    fireEvent.click(screen.getByRole('button', { name: 'Send recharge' }));
    await screen.findByRole('heading', { name: 'This looks like a repeat' });
    expect(screen.getByRole('alert').textContent).toMatch(/not settled yet .*TEST0000000001A/);
    fireEvent.click(screen.getByRole('button', { name: 'Yes, send a second recharge' }));
    await screen.findByRole('heading', { name: /Recharge successful/ });
    const sent = fake.calls.filter((c) => c.channel === 'recharge:submit').map((c) => c.request);
    expect(sent).toMatchObject([
      { confirmDuplicate: false, confirmOpen: false },
      { confirmDuplicate: false, confirmOpen: true },
    ]);
  });

  it('Esc on the confirmation goes back to edit with everything kept', async () => {
    renderScreen(fakeDesk());
    const dialog = await fillAndConfirm();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((screen.getByLabelText('Amount (₹)') as HTMLInputElement).value).toBe('199');
  });

  it('an error before sending is shown in plain words and the form stays', async () => {
    renderScreen(fakeDesk({ 'recharge:submit': () => ({ ok: false, error: { code: 'insufficient_balance', message: 'x' } }) }));
    await fillAndConfirm();
    fireEvent.click(screen.getByRole('button', { name: 'Send recharge' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/does not have enough/);
    expect((screen.getByLabelText('Mobile number') as HTMLInputElement).value).toBe('9876545555');
  });

  for (const [outcome, status, text] of [
    ['pending', 'Pending', /You can serve the next customer/],
    ['unknown', 'Unknown', /Do not send it again/],
    ['failure', 'Failure', /The amount is back in the wallet/],
    ['not_sent', 'Unknown', /do not send it again before then/],
  ] as const) {
    it(`the ${outcome} card says what to do`, async () => {
      renderScreen(fakeDesk({ 'recharge:submit': () => ({ ok: true, data: { txn: txn({ status }), outcome } }) }));
      await fillAndConfirm();
      fireEvent.click(screen.getByRole('button', { name: 'Send recharge' }));
      await screen.findByText(text);
    });
  }

  it('preselects the operator this number was last recharged with', async () => {
    renderScreen(fakeDesk({ 'txn:lastForNumber': () => ({ ok: true, data: { txn: txn({ operator: 'VI', number: '9876543210' }) } }) }));
    fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '9876543210' } });
    await waitFor(() => expect(screen.getByRole('radio', { name: /Vi/ }).getAttribute('aria-checked')).toBe('true'));
    expect(screen.getByText('last used for this number')).toBeTruthy();
  });

  it('cannot be confirmed while a live provider is unreachable', async () => {
    useBalanceStore.setState({ online: false });
    renderScreen(fakeDesk(), 'live');
    fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '9876545555' } });
    fireEvent.click(screen.getByRole('radio', { name: /Jio/ }));
    fireEvent.change(screen.getByLabelText('Amount (₹)'), { target: { value: '199' } });
    expect((screen.getByRole('button', { name: /Check and confirm/ }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(screen.getByLabelText('Amount (₹)'), { key: 'Enter' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('open transactions tray', () => {
  it('follows txn:updated events and raises a toast when one becomes final', async () => {
    const fake = fakeDesk();
    render(
      <I18nextProvider i18n={createI18n('en')}>
        <OpenTray desk={fake.desk} />
        <Toasts />
      </I18nextProvider>,
    );
    const off = useOpenTxnsStore.getState().connect(fake.desk);
    await act(async () => fake.emit('txn:updated', { txn: txn({ status: 'Pending' }) }));
    // Events are applied once per frame.
    expect(await screen.findByText('98765 41111')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Check now 98765 41111/ }));
    await waitFor(() => expect(fake.calls.some((c) => c.channel === 'txn:check')).toBe(true));
    await act(async () => fake.emit('txn:updated', { txn: txn({ status: 'Success' }) }));
    expect(await screen.findByText('Nothing open. Every recharge is final.')).toBeTruthy();
    expect(screen.getByText('Recharge for 98765 41111: Success')).toBeTruthy();
    off();
  });

  it('leaves an instant result to the recharge screen: no toast for it', async () => {
    const fake = fakeDesk();
    render(
      <I18nextProvider i18n={createI18n('en')}>
        <Toasts />
      </I18nextProvider>,
    );
    const off = useOpenTxnsStore.getState().connect(fake.desk);
    await act(async () => fake.emit('txn:updated', { txn: txn({ status: 'Submitting' }) }));
    await act(async () => fake.emit('txn:updated', { txn: txn({ status: 'Success' }) }));
    await new Promise((r) => setTimeout(r, 50));
    expect(useOpenTxnsStore.getState().toasts).toEqual([]);
    off();
  });
});
