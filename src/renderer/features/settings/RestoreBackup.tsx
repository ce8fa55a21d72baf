import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import type { ResponseOf } from '../../../shared/ipc/contract';
import { istDate, istTime } from '../../../shared/ist-date';
import { errorText } from '../../i18n/setup';

type Choice = ResponseOf<'backup:list'>['items'][number];

const when = (at: number) => `${istDate(at)} ${istTime(at).slice(0, 5)}`;

/** Choose a backup, see what it holds (dates, counts), restore it; the current ledger is kept aside. */
export function RestoreBackup({ desk, onRestored }: { desk: DeskApi; onRestored: () => void }) {
  const { t } = useTranslation();
  const [items, setItems] = useState<Choice[]>([]);
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
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
    if (!r.ok) return setMessage({ error: true, text: errorText(t, r.error.code, r.error.message) });
    setMessage({ error: false, text: t('backup.restored', { count: r.data.txns, open: r.data.open, aside: r.data.keptAside ?? '—' }) });
    onRestored();
  };

  return (
    <div className="restore">
      <h4>{t('backup.restoreTitle')}</h4>
      <p className="field-hint">{t('backup.restoreHint')}</p>
      {message && (
        <p role={message.error ? 'alert' : 'status'} className={message.error ? 'error-banner' : undefined}>
          {message.text}
        </p>
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
              <button type="button" disabled={busy} onClick={() => void restore(c)}>
                {t('backup.restore')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
