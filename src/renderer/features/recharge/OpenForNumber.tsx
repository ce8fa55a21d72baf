import { useTranslation } from 'react-i18next';
import { findOperator } from '../../../shared/operators';
import { useOpenTxnsStore } from '../../stores/open-txns-store';
import { openFor, neverLeft } from '../../stores/open-money';
import { StatusText } from '../../components/StatusText';
import { Money } from '../../components/Money';
import { useAge } from '../../hooks/use-age';
import type { TxnView } from '../../../shared/ipc/txn-schemas';

function Row({ txn }: { txn: TxnView }) {
  const age = useAge(txn.createdAt);
  return (
    <li>
      <Money value={txn.amount} /> · {findOperator(txn.operator)?.name ?? txn.operator} ·{' '}
      <StatusText status={txn.status} notSent={neverLeft(txn)} /> · {age}
    </li>
  );
}

/**
 * Shown as soon as a number is typed that already has a recharge not yet final: sending another
 * now is how a customer gets recharged twice.
 */
export function OpenForNumber({ number }: { number: string }) {
  const { t } = useTranslation();
  const open = useOpenTxnsStore((s) => s.open);
  const submitting = useOpenTxnsStore((s) => s.submitting);
  const mine = openFor(number, [...submitting, ...open]);
  if (mine.length === 0) return null;
  return (
    <div className="open-for-number warning" role="alert">
      <p>
        <span aria-hidden="true">⚠ </span>
        {t('recharge.openForNumber', { count: mine.length })}
      </p>
      <ul>
        {mine.map((txn) => (
          <Row key={txn.refId} txn={txn} />
        ))}
      </ul>
    </div>
  );
}
