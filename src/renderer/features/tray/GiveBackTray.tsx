import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import type { ToGiveBack } from '../../../shared/payment/payment';
import { groupForReading } from '../../../shared/subscriber-number';
import { Money } from '../../components/Money';
import { useAge } from '../../hooks/use-age';
import { useGiveBackStore } from '../../stores/give-back-store';
import { SETTLE_CHOICES, type SettleChoice } from '../../../shared/payment/payment-parts';
import { mayBeNotPaid } from '../../../shared/money-law/upi-not-paid';
import { mayBeSplitNotPaid } from '../../../shared/money-law/split-not-paid';
import { useRechargeStore } from '../../stores/recharge-store';

const CHOICE_WORDS: Record<SettleChoice, string> = {
  given_back: 'moneyBack.givenBack',
  kept_as_credit: 'moneyBack.keep',
  not_paid: 'moneyBack.notPaid',
  split_not_paid: 'moneyBack.splitNotPaidShort',
};

/** The settles the shopkeeper may say of this sale: "did not pay" and its split's kind only where the UPI never came. */
const offered = (sale: ToGiveBack, choice: SettleChoice): boolean =>
  choice === 'not_paid' ? mayBeNotPaid(sale) : choice === 'split_not_paid' ? mayBeSplitNotPaid(sale) : true;

function Row({ desk, sale }: { desk: DeskApi; sale: ToGiveBack }) {
  const { t } = useTranslation();
  const age = useAge(sale.failedAt);
  const settle = useGiveBackStore((s) => s.settle);
  const who = groupForReading(sale.number);
  return (
    <li className="tray-row give-back-row">
      <div>
        <strong>{who}</strong> · <Money value={sale.cash + sale.upi} />
        <div className="tray-meta mono">
          <span translate="no">{sale.refId}</span> · {age}
        </div>
      </div>
      <div className="give-back-actions">
        {SETTLE_CHOICES.filter((choice) => offered(sale, choice)).map((choice) => (
          <button
            key={choice}
            type="button"
            className="button-quiet"
            onClick={() => void settle(desk, sale.refId, choice)}
            aria-label={`${t(CHOICE_WORDS[choice])} ${who}`}
          >
            {t(CHOICE_WORDS[choice])}
          </button>
        ))}
      </div>
    </li>
  );
}

/**
 * Money of failed or refunded recharges still to hand back, beside the open tray: each stays
 * until the shopkeeper says it was given back or kept as credit. Nothing shows while there are none.
 */
export function GiveBackTray({ desk }: { desk: DeskApi }) {
  const { t } = useTranslation();
  const items = useGiveBackStore((s) => s.items);
  const connect = useGiveBackStore((s) => s.connect);
  const load = useGiveBackStore((s) => s.load);
  // A choice made on the result card leaves the list: read it again with each new result.
  const result = useRechargeStore((s) => s.result);
  useEffect(() => connect(desk), [desk, connect]);
  useEffect(() => void load(desk), [desk, load, result]);
  if (items.length === 0) return null;
  return (
    <aside className="tray give-back-tray" aria-labelledby="give-back-tray-title">
      <h2 id="give-back-tray-title">{t('moneyBack.trayTitle')}</h2>
      <p className="tray-meta">{t('moneyBack.trayHelp')}</p>
      <ul className="upi-list">
        {items.map((s) => (
          <Row key={s.refId} desk={desk} sale={s} />
        ))}
      </ul>
    </aside>
  );
}
