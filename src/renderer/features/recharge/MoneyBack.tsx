import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import type { TxnView } from '../../../shared/ipc/txn-schemas';
import type { Sale } from '../../../shared/payment/payment';
import type { SettleChoice } from '../../../shared/payment/payment-parts';
import { OutcomeText } from '../../components/OutcomeText';
import { useFormat } from '../../hooks/use-format';
import { useGiveBackStore } from '../../stores/give-back-store';
import { customerGotNothing } from '../../../shared/money-law/status-money';
import { useDue } from '../khata/use-due';
import { mayBeNotPaid } from '../../../shared/money-law/upi-not-paid';
import { mayBeSplitNotPaid } from '../../../shared/money-law/split-not-paid';

const SETTLED_WORDS: Record<SettleChoice, string> = {
  given_back: 'moneyBack.wasGiven',
  kept_as_credit: 'moneyBack.wasKept',
  not_paid: 'moneyBack.wasNotPaid',
  split_not_paid: 'moneyBack.wasSplitNotPaid',
};

/** The sale is over without a recharge: its credit came off, or its paid part waits or was settled. */
const saleOver = (sale: Sale): boolean => sale.creditReversedAt != null || sale.toGiveBack === true || sale.settledAs != null;

/**
 * The sale as the ledger keeps it now, read again while its attempt reads failed but the sale is
 * not over: the money follows when the sale ends (at once for one account; after the last attempt
 * with several, issue 29), and any attempt of the sale may end it.
 */
function useSaleWhileOpen(desk: DeskApi, txn: TxnView, sale: Sale, onSale: (sale: Sale) => void): void {
  const waiting = customerGotNothing(txn.status) && !saleOver(sale);
  useEffect(() => {
    if (!waiting) return;
    let live = true;
    const read = () => void desk.txn.get({ refId: sale.refId }).then((r) => live && r.ok && r.data.sale && onSale(r.data.sale));
    read();
    const off = desk.on('txn:updated', ({ txn: t }) => {
      if ((t.saleId ?? t.refId) === sale.refId) read();
    });
    return () => {
      live = false;
      off();
    };
  }, [desk, waiting, sale.refId, txn.updatedAt, onSale]);
}

/**
 * What becomes of the customer's money when the recharge failed or was refunded (issue 30 item
 * 4): a credit part came off the due by itself, said here; a paid part is to give back, or to
 * keep as the customer's credit, and the shopkeeper says which. Nothing shows for a recharge that
 * went through.
 */
export function MoneyBack({
  desk,
  txn,
  sale,
  onSale,
  onDone,
}: {
  desk: DeskApi;
  txn: TxnView;
  sale: Sale;
  onSale: (sale: Sale) => void;
  /** The buttons leave once the choice is recorded: where the focus goes then (the next customer, on the card). */
  onDone?: () => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const settle = useGiveBackStore((s) => s.settle);
  const error = useGiveBackStore((s) => s.error);
  const [busy, setBusy] = useState(false);
  useSaleWhileOpen(desk, txn, sale, onSale);
  // Said only once the sale is over: a failed attempt may still be followed by one that succeeds.
  const failed = customerGotNothing(txn.status) && saleOver(sale);
  const paid = sale.cash + sale.upi;
  const settled = sale.settledAs ?? null;
  const notPaidMay = mayBeNotPaid(sale);
  const splitNotPaidMay = mayBeSplitNotPaid(sale);
  const parts = { cash: f.money(sale.cash), upi: f.money(sale.upi) };
  const due = useDue(desk, txn.number, failed && (sale.credit > 0 || settled === 'kept_as_credit'));
  if (!failed) return null;
  const choose = async (choice: SettleChoice) => {
    setBusy(true);
    const s = await settle(desk, sale.refId, choice);
    setBusy(false);
    if (s) {
      onSale(s);
      onDone?.();
    }
  };
  // A negative due is money the shop holds for the customer: said so, never as "−₹".
  const dueNow =
    due === null ? '' : ` ${due < 0 ? t('moneyBack.advanceNow', { amount: f.money(-due) }) : t('moneyBack.dueNow', { due: f.money(due) })}`;
  return (
    <div className="money-back">
      {sale.credit > 0 && (
        <p className="money-note" role="note">
          <span aria-hidden="true">↩ </span>
          {t('moneyBack.creditReversed', { amount: f.money(sale.credit) })}
          {dueNow}
        </p>
      )}
      {paid > 0 && settled === null && (
        <div className="give-back" role="group" aria-label={t('moneyBack.give', { amount: f.money(paid) })}>
          <p className="warning">
            <strong>{t('moneyBack.give', { amount: f.money(paid) })}</strong> {t('moneyBack.giveHelp')}
          </p>
          {sale.upi > 0 && sale.upiReceivedAt === null && (
            <p className="warning">
              {t('moneyBack.upiNotReceived', { amount: f.money(sale.upi) })} {notPaidMay && t('moneyBack.notPaidHelp')}
              {splitNotPaidMay && t('moneyBack.splitNotPaidHelp')}
            </p>
          )}
          <div className="dialog-actions">
            <button type="button" className="button-secondary" disabled={busy} onClick={() => void choose('given_back')}>
              {t('moneyBack.givenBack')}
            </button>
            <button type="button" className="button-secondary" disabled={busy} onClick={() => void choose('kept_as_credit')}>
              {t('moneyBack.keep')}
            </button>
            {notPaidMay && (
              <button type="button" className="button-secondary" disabled={busy} onClick={() => void choose('not_paid')}>
                {t('moneyBack.notPaid')}
              </button>
            )}
            {splitNotPaidMay && (
              <button type="button" className="button-secondary" disabled={busy} onClick={() => void choose('split_not_paid')}>
                {t('moneyBack.splitNotPaid', parts)}
              </button>
            )}
          </div>
          {error && <OutcomeText outcome={error} />}
        </div>
      )}
      {paid > 0 && settled !== null && (
        <p className="money-settled" role="note">
          <span aria-hidden="true">✓ </span>
          {t(SETTLED_WORDS[settled], {
            amount: f.money(paid),
            ...parts,
            time: f.dateTime(sale.settledAt ?? 0),
          })}
          {settled === 'kept_as_credit' && dueNow}
        </p>
      )}
    </div>
  );
}
