import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import { groupForReading } from '../../../shared/subscriber-number';
import { Money } from '../../components/Money';
import { useAge } from '../../hooks/use-age';
import { useUpiStore } from '../../stores/upi-store';
import { useRechargeStore } from '../../stores/recharge-store';
import type { UnreceivedSale } from '../../../shared/payment/payment';

function Row({ desk, sale, onMarked }: { desk: DeskApi; sale: UnreceivedSale; onMarked?: () => void }) {
  const { t } = useTranslation();
  const age = useAge(sale.createdAt);
  const markReceived = useUpiStore((s) => s.markReceived);
  return (
    <li className="tray-row upi-row">
      <div>
        <strong>{groupForReading(sale.number)}</strong> · <Money value={sale.upi} />
        <div className="tray-meta mono">
          <span translate="no">{sale.saleRef}</span> · {age}
        </div>
      </div>
      <button
        type="button"
        className="button-quiet"
        onClick={() => void markReceived(desk, sale.refId).then((kept) => kept && onMarked?.())}
        aria-label={`${t('pay.markReceived')} ${groupForReading(sale.number)}`}
      >
        {t('pay.markReceived')}
      </button>
    </li>
  );
}

/** The UPI sales still to be marked received, each with its button; `onMarked` after each mark. */
export function UpiWaitingList({ desk, onMarked }: { desk: DeskApi; onMarked?: () => void }) {
  const items = useUpiStore((s) => s.items);
  return (
    <ul className="upi-list">
      {items.map((s) => (
        <Row key={s.refId} desk={desk} sale={s} onMarked={onMarked} />
      ))}
    </ul>
  );
}

/**
 * UPI sales whose money the shopkeeper has not yet seen arrive, beside the open tray: no bank
 * tells the app, so each stays here until marked. Nothing shows while there are none.
 */
export function UnreceivedUpi({ desk }: { desk: DeskApi }) {
  const { t } = useTranslation();
  const items = useUpiStore((s) => s.items);
  const load = useUpiStore((s) => s.load);
  // A new sale (the result card) or a mark elsewhere changes the list: read it again then.
  const result = useRechargeStore((s) => s.result);
  const backToCounter = useRechargeStore((s) => s.backToCounter);
  useEffect(() => void load(desk), [desk, load, result]);
  if (items.length === 0) return null;
  return (
    <aside className="tray upi-tray" aria-labelledby="upi-tray-title">
      <h2 id="upi-tray-title">{t('pay.unreceivedTitle')}</h2>
      <p className="tray-meta">{t('pay.unreceivedHelp')}</p>
      <UpiWaitingList desk={desk} onMarked={backToCounter} />
    </aside>
  );
}
