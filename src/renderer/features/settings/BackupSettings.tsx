import type { IpcError } from '../../../shared/result';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import type { ResponseOf } from '../../../shared/ipc/contract';
import { useAge } from '../../hooks/use-age';
import { useSettingsStore } from '../../stores/settings-store';
import { RestoreBackup } from './RestoreBackup';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PathField } from '../../components/ChoosePath';

type Status = ResponseOf<'backup:status'>;

/** When and where the last good backup is, the second folder, and "Back up now". */
export function BackupSettings({ desk, onRestored }: { desk: DeskApi; onRestored: () => void }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<Status | null>(null);
  // The root the shopkeeper chose; each ledger backs up into its own folder inside it.
  const chosen = useSettingsStore((s) => s.settings?.backup.secondFolder ?? '');
  const [path, setPath] = useState(chosen);
  // Kept as code and text, so the message follows a change of language.
  const [error, setError] = useState<IpcError | null>(null);
  const [done, setDone] = useState(false);
  const age = useAge(status?.lastGood?.at);

  useEffect(() => {
    void desk.backup.status().then((r) => r.ok && setStatus(r.data));
  }, [desk]);
  // While a backup runs, look again every second until it is done.
  useEffect(() => {
    if (!status?.running) return;
    const timer = setTimeout(() => void desk.backup.status().then((r) => r.ok && setStatus(r.data)), 1000);
    return () => clearTimeout(timer);
  }, [desk, status]);
  if (!status) return null;

  const answer = (r: Awaited<ReturnType<DeskApi['backup']['run']>>) => {
    if (r.ok) {
      setStatus(r.data);
      setError(null);
      void useSettingsStore.getState().load(desk);
      return true;
    }
    setError(r.error);
    return false;
  };
  const run = async () => {
    setDone(false);
    setStatus({ ...status, running: true });
    const r = await desk.backup.run();
    if (!answer(r)) void desk.backup.status().then((s) => s.ok && setStatus(s.data));
    setDone(r.ok);
  };
  const second = status.folders.find((f) => f.kind === 'second');
  const warning =
    status.warning === 'never'
      ? 'never'
      : status.warning === 'stale'
        ? 'stale'
        : status.warning === 'folder_missing'
          ? 'folderMissing'
          : null;
  const txns = status.lastGood?.counts['txns'];

  return (
    <section className="settings-card" aria-labelledby="backup-title">
      <h3 id="backup-title">{t('backup.title')}</h3>
      <p className="field-hint">{t('backup.hint')}</p>
      {status.lastGood && (
        <p data-testid="backup-last">
          {t('backup.lastGood', { age })}{' '}
          <code className="mono" translate="no">
            {status.lastGood.folder}
          </code>
          {txns !== undefined && <> · {t('backup.holds', { count: txns })}</>}
        </p>
      )}
      {warning && (
        <p role="alert" className="warning">
          <span aria-hidden="true">⚠ </span>
          {t(`backup.${warning}`)}
        </p>
      )}
      <ErrorBanner error={status.lastError} />
      <ErrorBanner error={error} />
      <h4>{t('backup.folders')}</h4>
      <ul className="backup-folders">
        {status.folders.map((f) => (
          <li key={f.kind}>
            <strong>{t(`backup.${f.kind}`)}</strong>:{' '}
            <code className="mono" translate="no">
              {f.path}
            </code>{' '}
            — {t(`backup.state_${f.state}`)}
          </li>
        ))}
        {!second && (
          <li>
            <strong>{t('backup.second')}</strong>: {t('backup.none')}
          </li>
        )}
      </ul>
      <PathField
        desk={desk}
        id="backup-second"
        kind="folder"
        label={`${t('backup.second')} — ${t('backup.secondPath')}`}
        value={path}
        onChange={setPath}
      />
      <p className="field-hint">{t('backup.secondHint')}</p>
      <div className="button-row">
        <button
          type="button"
          className="button-secondary"
          disabled={!path.trim()}
          onClick={() => void desk.backup.setFolder({ path: path.trim() }).then(answer)}
        >
          {t('backup.choose')}
        </button>
        {second && (
          <button
            type="button"
            className="button-quiet"
            onClick={() => void desk.backup.setFolder({ path: '' }).then((r) => answer(r) && setPath(''))}
          >
            {t('backup.remove')}
          </button>
        )}
        <button type="button" className="button-primary" disabled={status.running} onClick={() => void run()}>
          {status.running ? t('backup.running') : t('backup.run')}
        </button>
      </div>
      {done && !status.running && <p role="status">{t('backup.done')}</p>}
      <RestoreBackup key={status.lastGood?.file ?? 'none'} desk={desk} onRestored={onRestored} />
    </section>
  );
}
