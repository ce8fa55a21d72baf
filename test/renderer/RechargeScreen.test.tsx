import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { RechargeScreen } from '../../src/renderer/features/recharge/RechargeScreen';
import { OpenTray } from '../../src/renderer/features/tray/OpenTray';
import { createI18n } from '../../src/renderer/i18n/setup';
import { outcomeText } from '../../src/shared/words/outcome-text';
import { useRechargeStore } from '../../src/renderer/stores/recharge-store';
import { useOpenTxnsStore } from '../../src/renderer/stores/open-txns-store';
import { useBalanceStore } from '../../src/renderer/stores/balance-store';
import { fakeDesk, txn, type FakeDesk } from './fake-desk';

afterEach(() => {
  cleanup();
  useRechargeStore.getState().reset();
  useOpenTxnsStore.setState({ open: [] });
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
      confirmMobileOnDth: false,
    });
  });

  it('a repeat needs a second, explicit confirmation that is sent as such', async () => {
    // The core names the recharge it matched (number, amount, time); the number's newest one differs.
    const matched = { refId: 'REF0000000000007', amount: 19900, createdAt: Date.now() - 70_000, status: 'Success' as const };
    const fake = fakeDesk({
      'txn:lastForNumber': () => ({
        ok: true,
        data: { txn: txn({ number: '9876545555', amount: 4900, status: 'Pending', createdAt: Date.now() - 10_000 }) },
      }),
      'recharge:submit': (r) =>
        (r as { confirmDuplicate: boolean }).confirmDuplicate
          ? success()
          : { ok: false, error: { code: 'duplicate_recent', params: { txn: matched } } },
    });
    renderScreen(fake);
    await fillAndConfirm();
    const asked = fake.calls.filter((c) => c.channel === 'txn:lastForNumber').length;
    fireEvent.click(screen.getByRole('button', { name: 'Send recharge' }));
    await screen.findByRole('heading', { name: 'This looks like a repeat' });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('1 min ago'));
    const warning = screen.getByRole('alert').textContent ?? '';
    expect(warning).toContain('₹199.00 was sent to 98765 45555');
    expect(warning).toContain('its status: Success');
    expect(warning).not.toContain('₹49.00');
    expect(warning).not.toContain('Pending');
    // The warning is the refusal's own recharge: nothing is looked up after it.
    expect(fake.calls.filter((c) => c.channel === 'txn:lastForNumber')).toHaveLength(asked);
    fireEvent.click(screen.getByRole('button', { name: 'Yes, send a second recharge' }));
    await screen.findByRole('heading', { name: /Recharge successful/ });
    expect(
      fake.calls.filter((c) => c.channel === 'recharge:submit').map((c) => (c.request as { confirmDuplicate: boolean }).confirmDuplicate),
    ).toEqual([false, true]);
  });

  const openOutcome = {
    code: 'open_recharge' as const,
    params: {
      txn: { refId: 'TEST0000000001A', amount: 14900, createdAt: Date.parse('2026-11-22T08:35:00Z'), status: 'Pending' as const },
    },
  };

  it('an earlier recharge still open needs a second confirmation naming it, sent as confirmOpen only', async () => {
    const fake = fakeDesk({
      'recharge:submit': (r) => ((r as { confirmOpen: boolean }).confirmOpen ? success() : { ok: false, error: openOutcome }),
    });
    renderScreen(fake);
    await fillAndConfirm();
    fireEvent.click(screen.getByRole('button', { name: 'Send recharge' }));
    await screen.findByRole('heading', { name: 'This looks like a repeat' });
    const warning = screen.getByRole('alert').textContent ?? '';
    expect(warning).toMatch(/not settled yet .*TEST0000000001A/);
    expect(warning).toContain(outcomeText('en', openOutcome));
    expect(warning).toContain('₹149.00 sent to this number at 2:05 pm (ref TEST0000000001A) is still pending.');
    fireEvent.click(screen.getByRole('button', { name: 'Yes, send a second recharge' }));
    await screen.findByRole('heading', { name: /Recharge successful/ });
    const sent = fake.calls.filter((c) => c.channel === 'recharge:submit').map((c) => c.request);
    expect(sent).toMatchObject([
      { confirmDuplicate: false, confirmOpen: false },
      { confirmDuplicate: false, confirmOpen: true },
    ]);
  });

  it('the same amount while it is open: the open warning, then the repeat warning, then it goes with both', async () => {
    const dup = { code: 'duplicate_recent' as const, params: { txn: openOutcome.params.txn } };
    // The core's order: the open one first; confirming it does not also confirm the repeat.
    const fake = fakeDesk({
      'recharge:submit': (r) => {
        const { confirmOpen, confirmDuplicate } = r as { confirmOpen: boolean; confirmDuplicate: boolean };
        if (!confirmOpen) return { ok: false, error: openOutcome };
        return confirmDuplicate ? success() : { ok: false, error: dup };
      },
    });
    renderScreen(fake);
    await fillAndConfirm();
    fireEvent.click(screen.getByRole('button', { name: 'Send recharge' }));
    await screen.findByRole('heading', { name: 'This looks like a repeat' });
    expect(screen.getByRole('alert').textContent).toContain('is still pending');
    fireEvent.click(screen.getByRole('button', { name: 'Yes, send a second recharge' }));
    await waitFor(() => expect(fake.calls.filter((c) => c.channel === 'recharge:submit')).toHaveLength(2));
    await screen.findByRole('button', { name: 'Yes, send a second recharge' });
    fireEvent.click(screen.getByRole('button', { name: 'Yes, send a second recharge' }));
    await screen.findByRole('heading', { name: /Recharge successful/ });
    expect(fake.calls.filter((c) => c.channel === 'recharge:submit').map((c) => c.request)).toMatchObject([
      { confirmDuplicate: false, confirmOpen: false },
      { confirmDuplicate: false, confirmOpen: true },
      { confirmDuplicate: true, confirmOpen: true },
    ]);
  });

  it('on the Hindi screen the open-recharge warning reads in Hindi, with the amount and the matched ref', async () => {
    const fake = fakeDesk({
      'recharge:submit': (r) => ((r as { confirmOpen: boolean }).confirmOpen ? success() : { ok: false, error: openOutcome }),
    });
    render(
      <I18nextProvider i18n={createI18n('hi')}>
        <RechargeScreen desk={fake.desk} mode="demo" />
      </I18nextProvider>,
    );
    fireEvent.change(screen.getByLabelText('मोबाइल नंबर'), { target: { value: '9876545555' } });
    fireEvent.click(screen.getByRole('radio', { name: /Jio/ }));
    fireEvent.change(screen.getByLabelText('राशि (₹)'), { target: { value: '199' } });
    fireEvent.keyDown(screen.getByLabelText('राशि (₹)'), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('button', { name: 'रिचार्ज भेजें' }));
    await screen.findByRole('heading', { name: 'यह दोबारा जैसा लगता है' });
    const alert = screen.getByRole('alert');
    const warning = alert.textContent ?? '';
    expect(warning).toContain('इस नंबर का पिछला रिचार्ज अभी तय नहीं हुआ है');
    expect(warning).toContain(outcomeText('hi', openOutcome));
    expect(warning).toContain('₹149.00');
    expect(warning).toContain('(संदर्भ TEST0000000001A)');
    expect(warning).toContain('अभी प्रक्रिया में है');
    expect(warning).toContain('दोपहर 2:05');
    // No English sentence: the ref is marked untranslated, and outside it no Latin letter is left
    // (the clock says the part of the day in Hindi).
    expect([...alert.querySelectorAll('[translate="no"]')].map((e) => e.textContent)).toEqual(['TEST0000000001A']);
    const words = alert.cloneNode(true) as HTMLElement;
    words.querySelectorAll('[translate="no"]').forEach((e) => e.remove());
    expect(words.textContent).not.toMatch(/[A-Za-z]/);
    expect(warning).not.toContain(outcomeText('en', openOutcome));
    fireEvent.click(screen.getByRole('button', { name: 'हाँ, दूसरा रिचार्ज भेजें' }));
    await screen.findByRole('heading', { name: /रिचार्ज सफल/ });
    expect(fake.calls.filter((c) => c.channel === 'recharge:submit').map((c) => c.request)).toMatchObject([
      { confirmOpen: false },
      { confirmOpen: true },
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
    const refusal = { code: 'insufficient_balance' as const, params: { wallet: 10000, amount: 19900 } };
    renderScreen(fakeDesk({ 'recharge:submit': () => ({ ok: false, error: refusal }) }));
    await fillAndConfirm();
    fireEvent.click(screen.getByRole('button', { name: 'Send recharge' }));
    const alert = (await screen.findByRole('alert')).textContent ?? '';
    expect(alert).toContain(outcomeText('en', refusal));
    expect(alert).toMatch(/The wallet has ₹100.00, less than ₹199.00/);
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

  it('keys held for a customer dropped by Esc are not placed on the next one', async () => {
    // The first number's lookup never answers; later ones answer at once, with no history.
    let calls = 0;
    const fake = fakeDesk({
      'txn:lastForNumber': () => (calls++ === 0 ? new Promise(() => {}) : { ok: true, data: { txn: null } }),
    });
    renderScreen(fake);
    const number = screen.getByLabelText('Mobile number');
    fireEvent.change(number, { target: { value: '9876545555' } });
    fireEvent.keyDown(number, { key: 'Enter' });
    const picker = screen.getByRole('radiogroup');
    for (const key of ['3', '2', '9', '9']) fireEvent.keyDown(picker, { key });
    fireEvent.keyDown(picker, { key: 'Escape' });
    expect((screen.getByLabelText('Mobile number') as HTMLInputElement).value).toBe('');
    fireEvent.click(screen.getByRole('tab', { name: 'DTH' }));
    fireEvent.change(screen.getByLabelText('Subscriber ID'), { target: { value: '3012345555' } });
    await waitFor(() => expect(calls).toBe(2));
    await act(async () => {});
    expect(screen.queryByRole('radio', { checked: true })).toBeNull();
    expect((screen.getByLabelText('Amount (₹)') as HTMLInputElement).value).toBe('');
  });

  it('says a wallet too small as the amount is typed, and makes no claim while the balance is unknown', () => {
    renderScreen(fakeDesk());
    fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '9876545555' } });
    fireEvent.click(screen.getByRole('radio', { name: /Jio/ }));
    fireEvent.change(screen.getByLabelText('Amount (₹)'), { target: { value: '600' } });
    const short = () => screen.queryByText(/The wallet has .*, less than/);
    expect(short()).toBeNull();
    act(() => useBalanceStore.setState({ balance: { buyer: 50000, seller: null, lien: null, at: 0, source: 'balance' } }));
    expect(short()?.textContent).toContain('The wallet has ₹500.00, less than ₹600.00.');
    fireEvent.change(screen.getByLabelText('Amount (₹)'), { target: { value: '500' } });
    expect(short()).toBeNull();
    // A balance no real account has is not used to say anything (the core does not trust it either).
    act(() => useBalanceStore.setState({ balance: { buyer: -100, seller: null, lien: null, at: 0, source: 'balance' } }));
    expect(short()).toBeNull();
  });

  it('a mobile number on a DTH operator is flagged, unless the book or a success knows it as that operator', async () => {
    const customer = {
      number: '9876545555',
      name: '',
      operator: 'DISHTV',
      circle: null,
      lastAt: null,
      lastDate: null,
      lastAmount: null,
      dueDate: null,
      usualAmount: null,
    };
    const last = (status: 'Success' | 'Failure') => ({
      ok: true as const,
      data: { txn: txn({ operator: 'DISHTV', number: '9876545555', status }) },
    });
    for (const [known, lastStatus, flagged] of [
      [false, null, true],
      [true, null, false],
      [false, 'Failure', true],
      [false, 'Success', false],
    ] as const) {
      const fake = fakeDesk({
        'customer:atCounter': () => ({ ok: true, data: { customer: known ? customer : null, regular: null, khataDue: 0 } }),
        'txn:lastForNumber': () => (lastStatus ? last(lastStatus) : { ok: true, data: { txn: null } }),
      });
      renderScreen(fake);
      fireEvent.click(screen.getByRole('tab', { name: 'DTH' }));
      fireEvent.change(screen.getByLabelText('Subscriber ID'), { target: { value: '9876545555' } });
      await waitFor(() => expect(fake.calls.some((c) => c.channel === 'customer:atCounter')).toBe(true));
      await act(async () => {});
      fireEvent.click(screen.getByRole('radio', { name: /Dish TV/ }));
      fireEvent.change(screen.getByLabelText('Amount (₹)'), { target: { value: '300' } });
      fireEvent.click(screen.getByRole('button', { name: /Check and confirm/ }));
      const dialog = await screen.findByRole('dialog');
      expect(dialog.textContent?.includes('looks like a mobile number')).toBe(flagged);
      expect(document.activeElement?.textContent).toBe(flagged ? "No, don't send" : 'Send recharge');
      cleanup();
      useRechargeStore.getState().reset();
    }
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
  it('follows txn:updated events; one that becomes final leaves it, with no toast of its own', async () => {
    const fake = fakeDesk();
    const view = render(
      <I18nextProvider i18n={createI18n('en')}>
        <OpenTray desk={fake.desk} />
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
    // What the shopkeeper must still do about a final answer is main's notice, on the NoticeBar.
    expect(view.container.querySelector('[role="status"]')).toBeNull();
    off();
  });
});
