import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import type { TxnView } from '../../../shared/ipc/txn-schemas';
import { findOperator } from '../../../shared/operators';
import { groupForReading } from '../../../shared/subscriber-number';
import { Money } from '../../components/Money';
import { StatusText } from '../../components/StatusText';
import { useOpenTxnsStore } from '../../stores/open-txns-store';
import { useAge } from '../../hooks/use-age';

function OpenRow({ txn, desk }: { txn: TxnView; desk: DeskApi }) {
  const { t } = useTranslation();
  const { checking, checkNow } = useOpenTxnsStore();
  const age = useAge(txn.createdAt);
  const busy = checking.has(txn.refId);
  return (
    <li className="tray-row">
      <div>
        <strong>{groupForReading(txn.number)}</strong> · {findOperator(txn.operator)?.name} · <Money value={txn.amount} />
        <div className="tray-meta">
          <StatusText status={txn.status} /> · {age}
        </div>
      </div>
      <button
        type="button"
        className="button-quiet"
        onClick={() => void checkNow(desk, txn.refId)}
        disabled={busy}
        aria-label={`${t('tray.checkNow')} ${txn.number}`}
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
