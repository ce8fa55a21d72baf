import type { IpcError } from '../../../shared/result';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import type { ResponseOf } from '../../../shared/ipc/contract';
import { istDate, istTime } from '../../../shared/ist-date';
import { ErrorBanner } from '../../components/ErrorBanner';
import { RejectedRows } from './RejectedRows';

type Choice = ResponseOf<'backup:list'>['items'][number];

const when = (at: number) => `${istDate(at)} ${istTime(at).slice(0, 5)}`;

/** Choose a backup, see what it holds (dates, counts), restore it; the current ledger is kept aside. */
export function RestoreBackup({ desk, onRestored }: { desk: DeskApi; onRestored: () => void }) {
  const { t } = useTranslation();
  const [items, setItems] = useState<Choice[]>([]);
  // Kept as what to say, not the words, so it follows a change of language.
  const [message, setMessage] = useState<
    | ({ kind: 'error' } & IpcError)
    | { kind: 'done'; txns: number; open: number; aside: string; restored: ResponseOf<'backup:restore'> }
    | null
  >(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void desk.backup.list().then((r) => r.ok && setItems(r.data.items));
  }, [desk]);

  const restore = async (c: Choice) => {
    const count = c.counts['txns'] ?? 0;
    if (!window.confirm(t('backup.confirmRestore', { when: when(c.at), count }))) return;
    setBusy(true);
    const r = await desk.backup.restore({ path: c.path });
    setBusy(false);
    if (!r.ok) return setMessage({ kind: 'error', ...r.error });
    setMessage({ kind: 'done', txns: r.data.txns, open: r.data.open, aside: r.data.keptAside ?? '—', restored: r.data });
    onRestored();
  };

  return (
    <div className="restore">
      <h4>{t('backup.restoreTitle')}</h4>
      <p className="field-hint">{t('backup.restoreHint')}</p>
      <ErrorBanner error={message?.kind === 'error' ? message : null} />
      {message?.kind === 'done' && (
        <>
          <p role="status">{t('backup.restored', { count: message.txns, open: message.open, aside: message.aside })}</p>
          <RejectedRows restored={message.restored} />
        </>
      )}
      {items.length === 0 ? (
        <p>{t('backup.noBackups')}</p>
      ) : (
        <ul className="backup-list">
          {items.slice(0, 12).map((c) => (
            <li key={c.path}>
              <span>
                <strong>{when(c.at)}</strong> · {t(`backup.${c.folder}`)} · {t('backup.holds', { count: c.counts['txns'] ?? 0 })}
                {c.first !== null && c.last !== null && <> · {t('backup.restoreRange', { from: istDate(c.first), to: istDate(c.last) })}</>}
              </span>
              <button type="button" className="button-quiet" disabled={busy} onClick={() => void restore(c)}>
                {t('backup.restore')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
