import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { App } from './app/App';
import { createI18n } from './i18n/setup';
import { outcomeText } from '../shared/words/outcome-text';
import { createDeskApi, type DeskApi } from '../shared/ipc/desk-api';
import type { Language } from '../shared/language';
// Bundled so Hindi is legible on any counter PC, whatever fonts its OS ships.
import '@fontsource/noto-sans-devanagari/400.css';
import '@fontsource/noto-sans-devanagari/600.css';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

/** How long the first frame waits for the saved language before it paints in English. */
const LANGUAGE_WAIT_MS = 400;

/**
 * The saved language, read before the first frame: a Hindi counter's screen used to open in
 * English and switch a moment later (settings arrived after the first paint). The read is one
 * local IPC call; if the core is slow to answer, the screen does not wait for it past the bound.
 */
async function savedLanguage(desk: DeskApi): Promise<Language> {
  const late = new Promise<null>((resolve) => setTimeout(() => resolve(null), LANGUAGE_WAIT_MS));
  const r = await Promise.race([desk.settings.get().catch(() => null), late]);
  return r?.ok ? r.data.language : 'en';
}

// The contract's schemas are built here, once: the preload passes calls and events by name only.
const desk = window.deskWire ? createDeskApi(window.deskWire) : null;
if (desk) {
  window.desk = desk;
  void savedLanguage(desk).then((language) =>
    root.render(
      <StrictMode>
        <I18nextProvider i18n={createI18n(language)}>
          <App desk={desk} />
        </I18nextProvider>
      </StrictMode>,
    ),
  );
} else {
  root.render(<p role="alert">{outcomeText('en', { code: 'bridge_missing', params: {} })}</p>);
}
