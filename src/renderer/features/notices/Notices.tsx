import { useTranslation } from 'react-i18next';
import { groupForReading } from '../../../shared/subscriber-number';
import { useNoticesStore, type Notice } from '../../stores/notices-store';
import { useFormat } from '../../hooks/use-format';

// Codes the core sends with app:notice; anything else shows its own words under a general title.
const KNOWN_APP_CODES = new Set(['settings_reset', 'ledger_damaged', 'callback_listener_failed']);

function NoticeText({ notice }: { notice: Notice }) {
  const { t } = useTranslation();
  const f = useFormat();
  switch (notice.kind) {
    case 'lowBalance':
      return <>{t('notice.lowBalance', { buyer: f.money(notice.buyer), threshold: f.money(notice.threshold) })}</>;
    case 'refund':
      return (
        <>
          {t('notice.refund', {
            number: groupForReading(notice.txn.number),
            amount: f.money(notice.txn.amount),
            time: f.time(notice.txn.updatedAt),
          })}
        </>
      );
    case 'app':
      return KNOWN_APP_CODES.has(notice.code) ? (
        <>{t(`notice.app.${notice.code}`)}</>
      ) : (
        <>
          {t('notice.app.other')}{' '}
          <q translate="no" lang="en">
            {notice.message}
          </q>
        </>
      );
  }
}

/** Banners for what the core announced, in the screen's language, each dismissed by hand. */
export function Notices() {
  const { t } = useTranslation();
  const { notices, dismiss } = useNoticesStore();
  if (notices.length === 0) return null;
  return (
    <div className="notices" aria-label={t('notice.label')} role="region">
      {notices.map((n) => {
        const tone = n.kind === 'app' ? n.level : n.kind === 'lowBalance' ? 'warning' : 'info';
        return (
          <div key={n.id} className={`notice notice-${tone}`} role={tone === 'info' ? 'status' : 'alert'}>
            <span aria-hidden="true">{tone === 'info' ? '↩ ' : '⚠ '}</span>
            <span className="notice-text">
              <NoticeText notice={n} />
            </span>
            <button type="button" className="button-quiet" onClick={() => dismiss(n.id)}>
              {t('notice.dismiss')}
            </button>
          </div>
        );
      })}
    </div>
  );
}
