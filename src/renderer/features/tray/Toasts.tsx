import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { groupForReading } from '../../../shared/subscriber-number';
import { useOpenTxnsStore } from '../../stores/open-txns-store';
import { statusTone } from '../../components/StatusText';

/** A short notice when a recharge that was being checked becomes final. */
export function Toasts() {
  const { t } = useTranslation();
  const toasts = useOpenTxnsStore((s) => s.toasts);
  const dismiss = useOpenTxnsStore((s) => s.dismiss);
  useEffect(() => {
    if (toasts.length === 0) return;
    const timer = setTimeout(() => dismiss(toasts[0]!.id), 15_000);
    return () => clearTimeout(timer);
  }, [toasts, dismiss]);
  return (
    <div className="toasts" aria-live="polite">
      {toasts.map(({ id, txn }) => (
        <div key={id} className={`toast tone-${statusTone(txn.status)}`} role="status">
          <span>{t('tray.final', { number: groupForReading(txn.number), status: t(`status.${txn.status}`) })}</span>
          <button type="button" className="button-quiet" onClick={() => dismiss(id)} aria-label={t('tray.dismiss')}>
            ✕
          </button>
        </div>
      ))}
    </div>
  );
}
