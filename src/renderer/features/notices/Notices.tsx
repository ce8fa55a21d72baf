import { useTranslation } from 'react-i18next';
import { groupForReading } from '../../../shared/subscriber-number';
import { useNoticesStore, type Notice } from '../../stores/notices-store';
import { useFormat } from '../../hooks/use-format';

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
        const tone = n.kind === 'lowBalance' ? 'warning' : 'info';
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
