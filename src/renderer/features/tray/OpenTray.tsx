import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import type { TxnView } from '../../../shared/ipc/txn-schemas';
import { findOperator } from '../../../shared/operators';
import { groupForReading } from '../../../shared/subscriber-number';
import { Money } from '../../components/Money';
import { StatusText } from '../../components/StatusText';
import { useOpenTxnsStore } from '../../stores/open-txns-store';
import { useAge } from '../../hooks/use-age';
import { useNow } from '../../hooks/use-now';
import { isOverdue } from '../../stores/open-money';

function OpenRow({ txn, desk }: { txn: TxnView; desk: DeskApi }) {
  const { t } = useTranslation();
  const { checking, checkNow } = useOpenTxnsStore();
  const age = useAge(txn.createdAt);
  const busy = checking.has(txn.refId);
  const now = useNow(30_000);
  const overdue = isOverdue(txn, now);
  return (
    <li className={`tray-row ${overdue ? 'is-overdue' : ''}`}>
      <div>
        <strong>{groupForReading(txn.number)}</strong> · {findOperator(txn.operator)?.name} · <Money value={txn.amount} />
        <div className="tray-meta">
          <StatusText status={txn.status} /> · {age}
        </div>
        {overdue && (
          <div className="tray-overdue">
            <span aria-hidden="true">⚠ </span>
            {t('overdue.tray')}
          </div>
        )}
      </div>
      <button
        type="button"
        className="button-quiet"
        onClick={() => void checkNow(desk, txn.refId)}
        disabled={busy}
        aria-label={`${t('tray.checkNow')} ${groupForReading(txn.number)}`}
      >
        {busy ? t('tray.checking') : t('tray.checkNow')}
      </button>
    </li>
  );
}

/** Recharges not yet final, live; each can be checked now. */
export function OpenTray({ desk }: { desk: DeskApi }) {
  const { t } = useTranslation();
  const open = useOpenTxnsStore((s) => s.open);
  return (
    <aside className="tray" aria-labelledby="tray-title">
      <h2 id="tray-title">{t('tray.title')}</h2>
      {open.length === 0 ? (
        <p className="tray-empty">{t('tray.empty')}</p>
      ) : (
        <ul>
          {open.map((txn) => (
            <OpenRow key={txn.refId} txn={txn} desk={desk} />
          ))}
        </ul>
      )}
    </aside>
  );
}
