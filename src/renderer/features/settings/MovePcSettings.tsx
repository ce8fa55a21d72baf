import type { IpcError } from '../../../shared/result';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import { useSettingsStore } from '../../stores/settings-store';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PathField } from '../../components/ChoosePath';
import type { ResponseOf } from '../../../shared/ipc/contract';
import { RejectedRows } from './RejectedRows';
import { MoveAccountChanges } from './MoveAccountChanges';
import { moveAccountRows } from './move-account-rows';

// Kept as what to say, not the words, so a message follows a change of language.
type Said =
  | ({ kind: 'error' } & IpcError)
  | { kind: 'exported'; path: string; txns: number }
  | { kind: 'cancelled' }
  | { kind: 'imported'; txns: number; aside: string | null; needsToken: boolean; restored: ResponseOf<'backup:import'> };

/**
 * "Move to another PC": on the old PC, one file (history and settings, never the API token) saved
 * to a folder, a USB drive say; on the new PC, that file brought in. A live account then waits,
 * with recharges on hold, for its token to be entered again on this PC.
 */
export function MovePcSettings({ desk, onImported }: { desk: DeskApi; onImported: () => void }) {
  const { t } = useTranslation();
  const [folder, setFolder] = useState('');
  const [file, setFile] = useState('');
  const [said, setSaid] = useState<Said | null>(null);
  const [busy, setBusy] = useState(false);
  const asked = said?.kind === 'error' && said.code === 'move_account_confirm' ? said : null;
  const changes = asked ? moveAccountRows(asked.params) : null;
  const askedRef = useRef<HTMLDivElement>(null);
  // The changes are read first, then Tab reaches the confirm button: Enter alone never confirms them.
  useEffect(() => {
    if (asked) askedRef.current?.focus();
  }, [asked]);

  const exportFile = async () => {
    setBusy(true);
    const r = await desk.backup.export({ folder: folder.trim() });
    setBusy(false);
    setSaid(r.ok ? { kind: 'exported', path: r.data.path, txns: r.data.txns } : { kind: 'error', ...r.error });
  };
  const importFile = async (confirmAccount = false) => {
    // The owner already agreed to bring the file in before being shown the account it brings.
    if (!confirmAccount && !window.confirm(t('move.confirmImport'))) return;
    setBusy(true);
    const r = await desk.backup.import({ path: file.trim(), ...(confirmAccount ? { confirmAccount } : {}) });
    setBusy(false);
    if (!r.ok) return setSaid({ kind: 'error', ...r.error });
    setSaid({ kind: 'imported', txns: r.data.txns, aside: r.data.keptAside, needsToken: r.data.needsToken, restored: r.data });
    void useSettingsStore.getState().load(desk);
    onImported();
  };

  return (
    <section className="settings-card" aria-labelledby="move-title">
      <h3 id="move-title">{t('move.title')}</h3>
      <p className="field-hint">{t('move.hint')}</p>
      <ErrorBanner error={said?.kind === 'error' && !changes?.length ? said : null} />
      {asked && (
        <div
          ref={askedRef}
          role="group"
          aria-labelledby="move-changes-title"
          tabIndex={-1}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setSaid({ kind: 'cancelled' });
          }}
        >
          {changes?.length ? <MoveAccountChanges rows={changes} /> : null}
          <div className="button-row">
            <button type="button" className="button-danger" disabled={busy} onClick={() => void importFile(true)}>
              {t('move.confirmAccount')}
            </button>
            <button type="button" className="button-secondary" disabled={busy} onClick={() => setSaid({ kind: 'cancelled' })}>
              {t('move.cancelAccount')}
            </button>
          </div>
        </div>
      )}
      {said?.kind === 'cancelled' && <p role="status">{t('move.cancelled')}</p>}
      {said?.kind === 'exported' && (
        <p role="status">
          {t('move.exported', { count: said.txns })}{' '}
          <code className="mono" translate="no">
            {said.path}
          </code>
        </p>
      )}
      {said?.kind === 'imported' && (
        <div role="status">
          <p>
            {t('move.imported', { count: said.txns })}
            {said.aside && <> {t('move.keptAside', { aside: said.aside })}</>}
          </p>
          <RejectedRows restored={said.restored} />
          {said.needsToken && (
            <p className="warning">
              <span aria-hidden="true">⚠ </span>
              {t('move.needsToken')}
            </p>
          )}
        </div>
      )}
      <h4>{t('move.exportTitle')}</h4>
      <PathField desk={desk} id="move-folder" kind="folder" label={t('move.folder')} value={folder} onChange={setFolder} />
      <div className="button-row">
        <button type="button" className="button-secondary" disabled={busy || !folder.trim()} onClick={() => void exportFile()}>
          {t('move.export')}
        </button>
      </div>
      <h4>{t('move.importTitle')}</h4>
      <PathField desk={desk} id="move-file" kind="file" label={t('move.file')} value={file} onChange={setFile} />
      <p className="field-hint">{t('move.importHint')}</p>
      <div className="button-row">
        <button type="button" className="button-secondary" disabled={busy || !file.trim()} onClick={() => void importFile()}>
          {t('move.import')}
        </button>
      </div>
    </section>
  );
}
