import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, fireEvent } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { App } from '../../src/renderer/app/App';
import { createI18n } from '../../src/renderer/i18n/setup';
import { useAppStore } from '../../src/renderer/stores/app-store';
import { createDeskApi, type DeskApi, type DeskTransport } from '../../src/shared/ipc/desk-api';
import { outcomeText } from '../../src/shared/words/outcome-text';
import type { Language } from '../../src/shared/language';
import { fakeDesk as makeFake, txn } from './fake-desk';
import { useOpenTxnsStore } from '../../src/renderer/stores/open-txns-store';

const fakeDesk = (info: Awaited<ReturnType<DeskApi['app']['info']>>): DeskApi => makeFake({ 'app:info': () => info }).desk;

function renderApp(desk: DeskApi, language: Language = 'en') {
  return render(
    <I18nextProvider i18n={createI18n(language)}>
      <App desk={desk} />
    </I18nextProvider>,
  );
}

afterEach(() => {
  cleanup();
  useAppStore.setState({ info: null, error: null });
});

describe('App shell', () => {
  it('shows the demo badge and where the data lives', async () => {
    renderApp(fakeDesk({ ok: true, data: { name: 'RechargeDesk', version: '0.1.0', mode: 'demo', dataDir: '/shop/data' } }));
    expect(await screen.findByRole('status', { name: /DEMO/ })).toBeTruthy();
    expect(screen.getByText('Data folder:', { exact: false }).textContent).toBe('Data folder: /shop/data');
    expect(screen.getByText('Version 0.1.0')).toBeTruthy();
  });

  it('shows Live without the demo warning in live mode', async () => {
    renderApp(fakeDesk({ ok: true, data: { name: 'RechargeDesk', version: '0.1.0', mode: 'live', dataDir: '/d' } }));
    expect(await screen.findByRole('status', { name: 'Live' })).toBeTruthy();
    expect(screen.queryByText(/DEMO/)).toBeNull();
  });

  it('says in plain words, in Hindi too, when the app cannot reach its service', async () => {
    renderApp(fakeDesk({ ok: false, error: { code: 'transport', params: {} } }), 'hi');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('रिचार्जडेस्क अपनी सेवा तक नहीं पहुँच पाया');
    expect(alert.textContent).toBe(outcomeText('hi', { code: 'transport', params: {} }));
  });

  it('says, in English and Hindi, why a start takes long (an upgrade of a big history) while the core opens', async () => {
    for (const [lang, words] of [
      ['en', "Opening the shop's books"],
      ['hi', 'दुकान का हिसाब खुल रहा है'],
    ] as const) {
      // The core is still opening: app:info has no answer yet.
      const view = renderApp(makeFake({ 'app:info': () => new Promise(() => {}) }).desk, lang);
      expect(screen.getByRole('main').textContent).not.toContain(words);
      await waitFor(() => expect(screen.getByRole('main').textContent).toContain(words), { timeout: 4000 });
      view.unmount();
    }
  });

  it('never shows a code it has no words for, nor the service own English: the answer is refused as not understood', async () => {
    for (const lang of ['en', 'hi'] as const) {
      // Through the real bridge, which checks every answer against the registry of outcomes.
      const transport: DeskTransport = {
        invoke: async () => ({ ok: false, error: { code: 'brand_new', params: {}, message: 'The provider said no.' } }),
        subscribe: () => () => {},
      };
      const view = renderApp(createDeskApi(transport), lang);
      const alert = (await screen.findByRole('alert')).textContent;
      expect(alert).toBe(outcomeText(lang, { code: 'transport', params: {} }));
      expect(alert).not.toContain('brand_new');
      expect(alert).not.toContain('The provider said no.');
      view.unmount();
      useAppStore.setState({ info: null, error: null });
    }
  });

  it('marks the chosen section for assistive technology', async () => {
    renderApp(fakeDesk({ ok: true, data: { name: 'RechargeDesk', version: '0.1.0', mode: 'demo', dataDir: '/d' } }));
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Settings' }).getAttribute('aria-current')).toBe('page'));
    expect(screen.getByRole('button', { name: 'Recharge' }).getAttribute('aria-current')).toBeNull();
  });
  it('says the open recharges are being counted until every page is in, then the whole count, grouped', async () => {
    for (const [lang, counting, counted] of [
      ['en', 'Counting recharges being checked…', '1,200 recharges being checked'],
      ['hi', 'जाँच में चल रहे रिचार्ज गिने जा रहे हैं…', '1,200 रिचार्ज की जाँच चल रही है'],
    ] as const) {
      const all = Array.from({ length: 1200 }, (_, i) => txn({ id: 1200 - i, refId: `R${1200 - i}`, createdAt: 1_800_000_000_000 - i }));
      let last: () => void = () => {};
      const lastPage = new Promise<void>((r) => (last = r));
      const fake = makeFake({
        'app:info': () => ({ ok: true, data: { name: 'RechargeDesk', version: '0.1.0', mode: 'demo', dataDir: '/d' } }),
        'txn:open': async (request) => {
          const { before, limit = 500 } = request as { before?: { createdAt: number }; limit?: number };
          const from = before ? all.findIndex((t) => t.createdAt < before.createdAt) : 0;
          const items = all.slice(from, from + limit);
          if (from + limit >= all.length) await lastPage;
          const end = items.length === limit ? items.at(-1)! : null;
          return { ok: true, data: { items, next: end && { createdAt: end.createdAt, id: end.id } } };
        },
      });
      const view = renderApp(fake.desk, lang);
      // Some pages are in, the last is not: no number is told as the whole.
      await waitFor(() => expect(useOpenTxnsStore.getState().open.length).toBeGreaterThanOrEqual(100));
      expect(screen.getByRole('navigation').textContent).toContain(counting);
      expect(screen.getByRole('navigation').textContent).not.toMatch(/\d+ (recharges|रिचार्ज)/);
      last();
      await waitFor(() => expect(screen.getByRole('navigation').textContent).toContain(counted));
      view.unmount();
      useOpenTxnsStore.setState({ open: [], loaded: false });
    }
  });
});
