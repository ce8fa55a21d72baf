import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { RechargeScreen } from '../../src/renderer/features/recharge/RechargeScreen';
import { OpenTray } from '../../src/renderer/features/tray/OpenTray';
import { NoticeBar } from '../../src/renderer/components/NoticeBar';
import type { ResponseOf } from '../../src/shared/ipc/contract';
import { LANGUAGES, type Language } from '../../src/shared/language';
import { BalanceHeader } from '../../src/renderer/components/BalanceHeader';
import { BalanceRefusal } from '../../src/renderer/components/BalanceRefusal';
import { createI18n } from '../../src/renderer/i18n/setup';
import { outcomeText } from '../../src/shared/words/outcome-text';
import { useRechargeStore } from '../../src/renderer/stores/recharge-store';
import { useOpenTxnsStore } from '../../src/renderer/stores/open-txns-store';
import { useBalanceStore } from '../../src/renderer/stores/balance-store';
import { fakeDesk, txn, type FakeDesk } from './fake-desk';

afterEach(() => {
  cleanup();
  useRechargeStore.getState().reset();
  useOpenTxnsStore.setState({ open: [], submitting: [] });
  useBalanceStore.setState({ balance: null, online: true, offlineSince: null, error: null });
});

function renderScreen(fake: FakeDesk, lang: Language = 'en') {
  return render(
    <I18nextProvider i18n={createI18n(lang)}>
      <RechargeScreen desk={fake.desk} mode="demo" />
    </I18nextProvider>,
  );
}

const submits = (fake: FakeDesk) => fake.calls.filter((c) => c.channel === 'recharge:submit');

async function fillAndConfirm(amount = '199') {
  fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '9876545555' } });
  fireEvent.click(screen.getByRole('radio', { name: /Jio/ }));
  fireEvent.change(screen.getByLabelText('Amount (₹)'), { target: { value: amount } });
  fireEvent.click(screen.getByRole('button', { name: /Check and confirm/ }));
  return screen.findByRole('dialog');
}

describe('input that must never change silently', () => {
  for (const [typed, says] of [
    ['10.00', /“10.00” has paise or a comma. Amounts are whole rupees/],
    ['49.50', /“49.50” has paise or a comma/],
    ['-50', /“-50” is not an amount/],
    ['1,000', /“1,000” has paise or a comma/],
    ['5O', /“5O” is not an amount/],
  ] as const) {
    it(`the amount ${typed} is shown as typed and refused, never read as another amount`, () => {
      const fake = fakeDesk();
      renderScreen(fake);
      fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '9876545555' } });
      fireEvent.click(screen.getByRole('radio', { name: /Jio/ }));
      const amount = screen.getByLabelText('Amount (₹)') as HTMLInputElement;
      fireEvent.change(amount, { target: { value: typed } });
      expect(amount.value).toBe(typed);
      expect(screen.getByText(says)).toBeTruthy();
      expect((screen.getByRole('button', { name: /Check and confirm/ }) as HTMLButtonElement).disabled).toBe(true);
      fireEvent.keyDown(amount, { key: 'Enter' });
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(submits(fake)).toHaveLength(0);
    });
  }

  it('a held-down Enter (key repeat) on the confirmation sends nothing', async () => {
    const fake = fakeDesk();
    renderScreen(fake);
    await fillAndConfirm();
    const send = screen.getByRole('button', { name: 'Send recharge' });
    expect(document.activeElement).toBe(send);
    fireEvent.keyDown(send, { key: 'Enter', repeat: true });
    fireEvent.keyDown(send, { key: 'Enter', repeat: true });
    expect(submits(fake)).toHaveLength(0);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('the duplicate warning focuses "No, don\'t send": Enter there goes back and sends nothing more', async () => {
    const fake = fakeDesk({
      'recharge:submit': () => ({
        ok: false,
        error: {
          code: 'duplicate_recent',
          params: { txn: { refId: 'REF0000000000009', amount: 19900, createdAt: Date.now() - 2 * 60_000, status: 'Success' } },
        },
      }),
    });
    renderScreen(fake);
    await fillAndConfirm();
    fireEvent.click(screen.getByRole('button', { name: 'Send recharge' }));
    await screen.findByRole('heading', { name: 'This looks like a repeat' });
    expect(screen.getByRole('alert').textContent).toContain('₹199.00 was sent to 98765 45555');
    const safe = screen.getByRole('button', { name: "No, don't send" });
    await waitFor(() => expect(document.activeElement).toBe(safe));
    fireEvent.click(safe);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(submits(fake)).toHaveLength(1);
    expect(screen.queryByText(/was sent to 98765 45555/)).toBeNull();
    expect(useRechargeStore.getState()).toMatchObject({ step: 'editing', duplicateOutcome: null, duplicateOf: null });
  });

  it('a number with an open recharge is marked as soon as it is typed, before the amount', async () => {
    useOpenTxnsStore.setState({
      open: [txn({ number: '9876541111', status: 'Pending', amount: 34000, createdAt: Date.now() - 3 * 60_000 })],
    });
    renderScreen(fakeDesk());
    fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '9876541111' } });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toMatch(/already has a recharge that is not final/);
    expect(alert.textContent).toMatch(/₹340.00 · Jio · ◔ Pending · 3 min ago/);
    fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '9876542222' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  for (const [history, operator, amount] of [
    ['a repeat customer', 'AT', '199'],
    ['a new customer', 'JIO', '99'],
  ] as const) {
    it(`digits typed before the last-operator lookup answers wait for it: ${history}`, async () => {
      let answer: (code: string | null) => void = () => {};
      const fake = fakeDesk({
        'txn:lastForNumber': () =>
          new Promise(
            (r) => (answer = (code) => r({ ok: true, data: { txn: code ? txn({ operator: code, number: '9876545555' }) : null } })),
          ),
      });
      renderScreen(fake);
      const number = screen.getByLabelText('Mobile number');
      fireEvent.change(number, { target: { value: '9876545555' } });
      fireEvent.keyDown(number, { key: 'Enter' });
      const picker = screen.getByRole('radiogroup');
      for (const key of ['1', '9', '9', 'Enter']) fireEvent.keyDown(picker, { key });
      expect(useRechargeStore.getState().form).toMatchObject({ operator: null, amount: '' });
      expect(screen.queryByRole('dialog')).toBeNull();
      await act(async () => answer(history === 'a repeat customer' ? 'AT' : null));
      expect(useRechargeStore.getState().form).toMatchObject({ operator, amount });
      // The Enter after the amount opens the confirmation; sending still takes its own Enter.
      expect(screen.getByRole('dialog').textContent).toContain(`₹${amount}.00`);
      expect(fake.calls.some((c) => c.channel === 'recharge:submit')).toBe(false);
    });
  }

  it('a DTH number that does not fit says the operator’s ID shape', () => {
    renderScreen(fakeDesk());
    fireEvent.click(screen.getByRole('tab', { name: 'DTH' }));
    fireEvent.change(screen.getByLabelText('Subscriber ID'), { target: { value: '2012345678' } });
    fireEvent.click(screen.getByRole('radio', { name: /Tata Play/ }));
    expect(screen.getByText('Tata Play subscriber IDs are 10 digits starting with 1.')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /Airtel Digital TV/ }));
    expect(screen.getByText('Airtel Digital TV customer IDs are 10 digits starting with 3.')).toBeTruthy();
  });

  it('after a repeat the amount has the focus; after "next customer", the number box', async () => {
    renderScreen(fakeDesk({ 'recharge:submit': () => ({ ok: true, data: { txn: txn({ status: 'Success' }), outcome: 'success' } }) }));
    await act(async () => useRechargeStore.getState().repeat(txn({ number: '9876545555', amount: 19900 })));
    expect(document.activeElement).toBe(screen.getByLabelText('Amount (₹)'));
    fireEvent.keyDown(screen.getByLabelText('Amount (₹)'), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('button', { name: 'Send recharge' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Next customer' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Mobile number')));
  });
});

describe('nothing that matters happens silently', () => {
  it('a slow send says to wait after 3 s, and past the timeout that the outcome will be checked', async () => {
    const fake = fakeDesk({ 'recharge:submit': () => new Promise(() => {}) });
    renderScreen(fake);
    await fillAndConfirm();
    fireEvent.click(screen.getByRole('button', { name: 'Send recharge' }));
    await act(async () => useRechargeStore.setState({ sendingSince: Date.now() - 4_000 }));
    expect((await screen.findByText(/Waiting for the provider \(\d+ s\)/)).textContent).toMatch(/Do not send it again/);
    await act(async () => useRechargeStore.setState({ sendingSince: Date.now() - 31_000 }));
    expect((await screen.findByText(/No answer from the provider yet/)).textContent).toMatch(/does not mean it failed/);
  });

  it('a lost answer never says "not sent": the recharge may have gone and will be checked', async () => {
    renderScreen(fakeDesk({ 'recharge:submit': () => ({ ok: false, error: { code: 'transport', params: {} } }) }));
    await fillAndConfirm();
    fireEvent.click(screen.getByRole('button', { name: 'Send recharge' }));
    await screen.findByRole('heading', { name: /The answer did not arrive/ });
    expect(screen.getByText(/may have been sent/)).toBeTruthy();
    expect(screen.queryByText(/try again/i)).toBeNull();
  });

  for (const [code, en, hi] of [
    ['106', /account is suspended/, /खाता निलंबित है/],
    ['107', /allowed list.*whitelist/, /अनुमति-सूची/],
    ['145', /did not accept the API token/, /टोकन नहीं माना/],
    ['128', /wallet does not have enough money/, /पैसे कम हैं/],
    ['160', /no route for this amount/, /रास्ता नहीं है/],
    ['242', /does not allow this amount/, /यह राशि नहीं लेता/],
  ] as const) {
    for (const lang of LANGUAGES) {
      it(`a refusal with code ${code} gives its own advice (${lang})`, async () => {
        const refused = txn({ status: 'Error', lastError: `code ${code}`, message: 'Provider text' });
        renderScreen(fakeDesk({ 'recharge:submit': () => ({ ok: true, data: { txn: refused, outcome: 'rejected' } }) }), lang);
        const number = lang === 'en' ? 'Mobile number' : 'मोबाइल नंबर';
        fireEvent.change(screen.getByLabelText(number), { target: { value: '9876545555' } });
        fireEvent.click(screen.getByRole('radio', { name: /Jio/ }));
        fireEvent.change(screen.getByLabelText(lang === 'en' ? 'Amount (₹)' : 'राशि (₹)'), { target: { value: '199' } });
        fireEvent.keyDown(screen.getByLabelText(lang === 'en' ? 'Amount (₹)' : 'राशि (₹)'), { key: 'Enter' });
        fireEvent.click(await screen.findByRole('button', { name: lang === 'en' ? 'Send recharge' : 'रिचार्ज भेजें' }));
        expect((await screen.findByText(lang === 'en' ? en : hi)).className).toBe('advice');
      });
    }
  }

  it('the result card follows the recharge: success, then refunded after success', async () => {
    const fake = fakeDesk({
      'recharge:submit': () => ({ ok: true, data: { txn: txn({ status: 'Success', updatedAt: 1 }), outcome: 'success' } }),
    });
    renderScreen(fake);
    await fillAndConfirm();
    fireEvent.click(screen.getByRole('button', { name: 'Send recharge' }));
    await screen.findByRole('heading', { name: /Recharge successful/ });
    await act(async () => fake.emit('txn:updated', { txn: txn({ status: 'Refunded', updatedAt: 2 }) }));
    await screen.findByRole('heading', { name: /Refunded after success/ });
    expect(screen.getByText(/the amount is back in the wallet/)).toBeTruthy();
  });

  it('a recharge open more than 15 minutes is flagged on the card and in the tray', async () => {
    const old = txn({ status: 'Pending', createdAt: Date.now() - 16 * 60_000 });
    useOpenTxnsStore.setState({ open: [old, txn({ refId: 'R2', number: '9876542222', createdAt: Date.now() - 60_000 })] });
    const fake = fakeDesk({ 'recharge:submit': () => ({ ok: true, data: { txn: old, outcome: 'pending' } }) });
    render(
      <I18nextProvider i18n={createI18n('en')}>
        <RechargeScreen desk={fake.desk} mode="demo" />
        <OpenTray desk={fake.desk} />
      </I18nextProvider>,
    );
    expect(screen.getAllByText('Open over 15 min: call the provider')).toHaveLength(1);
    await fillAndConfirm();
    fireEvent.click(screen.getByRole('button', { name: 'Send recharge' }));
    expect((await screen.findByText(/Open for more than 15 minutes/)).closest('[role="alert"]')).toBeTruthy();
  });

  it('a low wallet, a damaged-history notice and a refund, all from the one notice board of main, each shown once in English and in Hindi', async () => {
    for (const lang of LANGUAGES) {
      // Main keeps its notices as state; the event only says "ask again".
      let items: ResponseOf<'app:notices'>['items'] = [];
      const fake = fakeDesk({ 'app:notices': () => ({ ok: true, data: { items } }) });
      const view = render(
        <I18nextProvider i18n={createI18n(lang)}>
          <NoticeBar desk={fake.desk} onRestored={() => {}} />
        </I18nextProvider>,
      );
      const low = {
        id: 'n1',
        at: 1,
        level: 'warning' as const,
        key: '',
        outcome: { code: 'balance_low' as const, params: { buyer: 45_000, threshold: 50_000 } },
      };
      const damage = { id: 'n2', at: 2, level: 'error' as const, key: '', outcome: { code: 'ledger_check_failed' as const, params: {} } };
      const refund = {
        id: 'n3',
        at: 3,
        level: 'info' as const,
        key: `REF-${lang}`,
        outcome: { code: 'txn_refunded' as const, params: { number: '9876541111', amount: 19_900, at: 3, refId: `REF-${lang}` } },
      };
      await act(async () => {
        items = [low, damage, refund];
        fake.emit('app:notice', refund);
      });
      // Two are shown, the most urgent first; the third waits behind one button (issue 40).
      await waitFor(() => expect(view.container.querySelectorAll('.notice')).toHaveLength(2));
      expect(view.container.querySelector('.notice')?.getAttribute('role')).toBe('alert');
      fireEvent.click(view.container.querySelector('.notice-more')!);
      expect(view.container.querySelectorAll('.notice')).toHaveLength(3);
      const text = view.container.textContent ?? '';
      expect(text.split(outcomeText(lang, damage.outcome))).toHaveLength(2);
      if (lang === 'en') {
        expect(text).toMatch(/The wallet is low: ₹450.00 left/);
        expect(text.match(/The daily check found damage in the history file/g)).toHaveLength(1);
        expect(text).toMatch(/Refund: the recharge of ₹199.00 for 98765 41111/);
      } else {
        expect(text).toMatch(/वॉलेट कम है: ₹450.00 बचा है/);
        expect(text.match(/रोज़ की जाँच में हिसाब की फ़ाइल में खराबी मिली/g)).toHaveLength(1);
        expect(text).toMatch(/वापसी: 98765 41111 का ₹199.00 का रिचार्ज/);
        expect(text.replace(/\b[ap]m\b/g, '')).not.toMatch(/[A-Za-z]{3,}/);
      }
      view.unmount();
    }
  });

  it('on the Hindi screen a notice and a balance refusal read in Hindi, the data they carry marked untranslated', async () => {
    const notice = {
      id: 'n1',
      at: 1,
      level: 'warning' as const,
      key: '',
      outcome: { code: 'callback_listener_failed' as const, params: { port: 8899, cue: 'EADDRINUSE' } },
    };
    const refused = { code: 'provider_rejected' as const, params: { what: 'balance' as const, said: 'Your account is suspended.' } };
    const fake = fakeDesk({ 'app:notices': () => ({ ok: true, data: { items: [notice] } }) });
    useBalanceStore.setState({ online: true, error: refused });
    const view = render(
      <I18nextProvider i18n={createI18n('hi')}>
        <BalanceHeader desk={fake.desk} mode="live" />
        <BalanceRefusal />
        <NoticeBar desk={fake.desk} onRestored={() => {}} />
      </I18nextProvider>,
    );
    await waitFor(() => expect(view.container.querySelectorAll('.notice')).toHaveLength(1));
    const text = view.container.textContent ?? '';
    expect(text).toContain(outcomeText('hi', notice.outcome));
    expect(text).toContain(outcomeText('hi', refused));
    expect([...view.container.querySelectorAll('[translate="no"]')].map((e) => e.textContent)).toEqual(
      expect.arrayContaining(['Your account is suspended.', 'EADDRINUSE']),
    );
    const words = view.container.cloneNode(true) as HTMLElement;
    words.querySelectorAll('[translate="no"]').forEach((e) => e.remove());
    expect(words.textContent).not.toMatch(/[A-Za-z]{3,}/);
  });

  it('the header tells no "on hold" total, and the tray no all-clear, until every page of open recharges has come in', async () => {
    let answerFirst: () => void = () => {};
    const first = new Promise<void>((r) => (answerFirst = r));
    let answerSecond: () => void = () => {};
    const second = new Promise<void>((r) => (answerSecond = r));
    const fake = fakeDesk({
      'txn:open': async (req) => {
        if (!(req as { before?: unknown }).before) {
          await first;
          return { ok: true, data: { items: [txn({ refId: 'A', id: 2, amount: 10000 })], next: { createdAt: 1, id: 2 } } };
        }
        await second;
        return { ok: true, data: { items: [txn({ refId: 'B', id: 1, amount: 25000 })], next: null } };
      },
    });
    useOpenTxnsStore.setState({ open: [], submitting: [] });
    render(
      <I18nextProvider i18n={createI18n('en')}>
        <BalanceHeader desk={fake.desk} mode="live" />
        <OpenTray desk={fake.desk} />
      </I18nextProvider>,
    );
    const off = useOpenTxnsStore.getState().connect(fake.desk);
    // Nothing in yet: the tray does not say everything is final.
    expect(screen.getByText('Looking for recharges still open…')).toBeTruthy();
    expect(screen.queryByText('Nothing open. Every recharge is final.')).toBeNull();
    await act(async () => answerFirst());
    await waitFor(() => expect(useOpenTxnsStore.getState().open).toHaveLength(1));
    // One page in, one to come: ₹100 would be too little, so nothing is said yet.
    expect(screen.getByText('counting open recharges…').previousSibling?.textContent).toBe('—');
    await act(async () => answerSecond());
    await waitFor(() => expect(screen.getByText('in 2 open recharges').previousSibling?.textContent).toBe('₹350.00'));
    off();
  });

  it('the header says since when the provider is unreachable, and what is on hold by whom', async () => {
    const fake = fakeDesk({
      'balance:get': () => ({
        ok: true,
        data: { balance: { buyer: 500000, seller: 0, lien: 0, at: Date.now() - 5.5 * 60_000, source: 'balance' }, online: true },
      }),
    });
    useOpenTxnsStore.setState({ open: [txn({ amount: 34000, status: 'Pending' })], loaded: true });
    render(
      <I18nextProvider i18n={createI18n('en')}>
        <BalanceHeader desk={fake.desk} mode="live" />
      </I18nextProvider>,
    );
    const off = useBalanceStore.getState().connect(fake.desk);
    await waitFor(() => expect(document.body.textContent).toContain('updated 5 min ago'));
    expect(screen.getByText('in 1 open recharge').previousSibling?.textContent).toBe('₹340.00');
    expect(screen.getByText("Provider's hold (last balance)").nextSibling?.textContent).toBe('₹0.00');
    expect(screen.getByRole('status', { name: 'Live' })).toBeTruthy();
    await act(async () => fake.emit('connection:changed', { online: false }));
    expect(screen.getByRole('status').textContent).toMatch(/Can't reach the provider since \d{1,2}:\d\d [ap]m · retrying by itself/);
    expect(screen.queryByRole('status', { name: 'Live' })).toBeNull();
    await act(async () => fake.emit('connection:changed', { online: true }));
    expect(screen.getByRole('status', { name: 'Live' })).toBeTruthy();
    off();
  });

  it('recovers by itself: while offline the balance is asked for again until the provider answers', async () => {
    let answers = 0;
    const fake = fakeDesk({
      'balance:get': () => ({ ok: true, data: { balance: null, online: false } }),
      'balance:refresh': () => {
        answers++;
        return answers < 2
          ? { ok: false, error: { code: 'provider_unreachable', params: { what: 'balance' } } }
          : { ok: true, data: { balance: { buyer: 1, seller: null, lien: null, at: Date.now(), source: 'balance' } } };
      },
    });
    useBalanceStore.getState().setOnline(false);
    const off = useBalanceStore.getState().connect(fake.desk, 20);
    await waitFor(() => expect(useBalanceStore.getState().online).toBe(true), { timeout: 2000 });
    expect(answers).toBe(2);
    expect(useBalanceStore.getState().offlineSince).toBeNull();
    off();
  });
});
