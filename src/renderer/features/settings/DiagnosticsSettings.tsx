import type { IpcError } from '../../../shared/result';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import { errorText } from '../../i18n/setup';

type Outcome = { kind: 'saved'; path: string } | { kind: 'cancelled' } | ({ kind: 'error' } & IpcError);

/** "Save diagnostics": one file for support, written where the shopkeeper chooses. */
export function DiagnosticsSettings({ desk }: { desk: DeskApi }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const run = async () => {
    setBusy(true);
    setOutcome(null);
    const r = await desk.app.saveDiagnostics();
    if (!r.ok) setOutcome({ kind: 'error', ...r.error });
    else if (r.data.saved && r.data.path) setOutcome({ kind: 'saved', path: r.data.path });
    else setOutcome({ kind: 'cancelled' });
    setBusy(false);
  };
  return (
    <section className="settings-card" aria-labelledby="support-title">
      <h3 id="support-title">{t('settings.support')}</h3>
      <p className="field-hint">{t('settings.supportHint')}</p>
      <button type="button" className="button-secondary" onClick={() => void run()} disabled={busy}>
        {t('settings.saveDiagnostics')}
      </button>
      {outcome?.kind === 'saved' && (
        <p role="status" className="test-ok">
          {t('settings.diagnosticsSaved')} <code className="mono">{outcome.path}</code>
        </p>
      )}
      {outcome?.kind === 'cancelled' && <p role="status">{t('settings.diagnosticsCancelled')}</p>}
      {outcome?.kind === 'error' && (
        <p role="alert" className="test-bad">
          <span aria-hidden="true">✕ </span>
          {errorText(t, outcome)}
        </p>
      )}
    </section>
  );
}
