import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { App } from './app/App';
import { createI18n } from './i18n/setup';
import { outcomeText } from '../shared/words/outcome-text';
import { createDeskApi } from '../shared/ipc/desk-api';
// Bundled so Hindi is legible on any counter PC, whatever fonts its OS ships.
import '@fontsource/noto-sans-devanagari/400.css';
import '@fontsource/noto-sans-devanagari/600.css';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);
const i18n = createI18n();

// The contract's schemas are built here, once: the preload passes calls and events by name only.
const desk = window.deskWire ? createDeskApi(window.deskWire) : null;
if (desk) {
  window.desk = desk;
  root.render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <App desk={desk} />
      </I18nextProvider>
    </StrictMode>,
  );
} else {
  root.render(<p role="alert">{outcomeText('en', { code: 'bridge_missing', params: {} })}</p>);
}
