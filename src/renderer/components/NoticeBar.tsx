import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../shared/ipc/desk-api';
import type { ResponseOf } from '../../shared/ipc/contract';

type Notice = ResponseOf<'app:notices'>['items'][number];

/**
 * What main needs the shopkeeper to read (a repaired history, a failed backup). Main keeps these
 * as state and the bar asks for them when it opens, so one raised at start, before this window
 * existed, is shown all the same; a later one arrives as an event and the bar asks again.
 */
export function NoticeBar({ desk }: { desk: DeskApi }) {
  const { t } = useTranslation();
  const [items, setItems] = useState<Notice[]>([]);
  useEffect(() => {
    const load = () => void desk.app.notices().then((r) => r.ok && setItems(r.data.items));
    load();
    return desk.on('app:notice', load);
  }, [desk]);
  if (items.length === 0) return null;
  const dismiss = async (id: string) => {
    const r = await desk.app.dismissNotice({ id });
    if (r.ok) setItems(r.data.items);
  };
  return (
    <section className="notice-bar" aria-label={t('notices.label')}>
      {items.map((n) => (
        <div key={n.id} className={`notice notice-${n.level}`} role={n.level === 'error' ? 'alert' : 'status'}>
          <p>
            {t(`notices.${n.code}`, { ...n.params, defaultValue: n.message })}
            {n.code === 'ledger_salvaged' && Number(n.params['lost']) > 0 && <> {t('notices.ledger_salvaged_lost', n.params)}</>}
          </p>
          <button type="button" className="button-quiet" onClick={() => void dismiss(n.id)}>
            {t('notices.dismiss')}
          </button>
        </div>
      ))}
    </section>
  );
}
