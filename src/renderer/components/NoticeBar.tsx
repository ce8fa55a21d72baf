import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../shared/ipc/desk-api';
import type { ResponseOf } from '../../shared/ipc/contract';
import type { OutcomeCode } from '../../shared/outcomes/outcome-registry';
import { RestoreBackup } from '../features/settings/RestoreBackup';
import { OutcomeText } from './OutcomeText';

type Notice = ResponseOf<'app:notices'>['items'][number];

/** A damaged history: the notice itself offers to bring back a backup, before the next recharge. */
const OFFERS_RESTORE = new Set<OutcomeCode>(['ledger_salvaged', 'ledger_replaced']);

/**
 * How many notices the bar shows before "Show all": each one more pushed the counter's result card
 * down (issue 40), so the rest wait behind one button. The most urgent and newest come first.
 */
const SHOWN = 2;
const URGENCY: Record<Notice['level'], number> = { error: 0, warning: 1, info: 2 };
const byUrgency = (a: Notice, b: Notice) => URGENCY[a.level] - URGENCY[b.level] || b.at - a.at;

/** Money to hand over or that came back has its own sign; the rest by level. */
const ICONS: Partial<Record<OutcomeCode, string>> = { txn_refunded: '↩ ', complaint_refunded: '↩ ', txn_failed_late: '₹ ' };

/**
 * The one place the shopkeeper reads what main announced: a low wallet, money that came back on
 * its own, money to give back after a late failure, a repaired history, a failed backup. Main keeps these as state and the bar asks for
 * them when it opens, so one raised at start, before this window existed, is shown all the same;
 * a later one arrives as an event and the bar asks again, as it does when main takes one back.
 */
export function NoticeBar({ desk, session = 0, onRestored }: { desk: DeskApi; session?: number; onRestored: () => void }) {
  const { t } = useTranslation();
  const [items, setItems] = useState<Notice[]>([]);
  // The restore flow opened from a notice stays open after the restore, to show its result.
  const [restoring, setRestoring] = useState(false);
  const [all, setAll] = useState(false);
  useEffect(() => {
    const load = () => void desk.app.notices().then((r) => r.ok && setItems(r.data.items));
    load();
    const offAdded = desk.on('app:notice', load);
    const offCleared = desk.on('app:noticeCleared', load);
    return () => {
      offAdded();
      offCleared();
    };
    // Asked again for a new session: going live takes back the practice account's notices.
  }, [desk, session]);
  if (items.length === 0 && !restoring) return null;
  const dismiss = async (id: string) => {
    const r = await desk.app.dismissNotice({ id });
    if (r.ok) setItems(r.data.items);
  };
  const ordered = [...items].sort(byUrgency);
  const shown = all ? ordered : ordered.slice(0, SHOWN);
  return (
    <section className="notice-bar" aria-label={t('notices.label')}>
      {shown.map((n) => (
        <div key={n.id} className={`notice notice-${n.level}`} role={n.level === 'error' ? 'alert' : 'status'}>
          <p>
            <span aria-hidden="true">{ICONS[n.outcome.code] ?? (n.level === 'info' ? 'ℹ ' : '⚠ ')}</span>
            <OutcomeText outcome={n.outcome} />
          </p>
          {OFFERS_RESTORE.has(n.outcome.code) && !restoring && (
            <button type="button" className="button-secondary" onClick={() => setRestoring(true)}>
              {t('notices.offerRestore')}
            </button>
          )}
          <button type="button" className="button-quiet" onClick={() => void dismiss(n.id)}>
            {t('notices.dismiss')}
          </button>
        </div>
      ))}
      {ordered.length > SHOWN && (
        <button type="button" className="button-quiet notice-more" aria-expanded={all} onClick={() => setAll(!all)}>
          {all ? t('notices.showFewer') : t('notices.showAll', { count: ordered.length, more: ordered.length - SHOWN })}
        </button>
      )}
      {restoring && (
        <div className="notice-restore">
          <RestoreBackup
            desk={desk}
            onRestored={() => {
              onRestored();
              void desk.app.notices().then((r) => r.ok && setItems(r.data.items));
            }}
          />
          <button type="button" className="button-quiet" onClick={() => setRestoring(false)}>
            {t('notices.closeRestore')}
          </button>
        </div>
      )}
    </section>
  );
}
