import { useTranslation } from 'react-i18next';
import { useDue } from '../khata/use-due';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import type { Sale } from '../../../shared/payment/payment';
import { saleUpiUri } from '../../../shared/payment/sale-upi';
import { asLanguage } from '../../../shared/language';
import { Fact } from '../../components/Fact';
import { UpiQr } from '../../components/UpiQr';
import { OutcomeText } from '../../components/OutcomeText';
import { useFormat } from '../../hooks/use-format';
import { useSettingsStore } from '../../stores/settings-store';
import { useUpiStore } from '../../stores/upi-store';
import { upiOwed } from '../../../shared/money-law/upi-owed';
import { upiNeverCame } from '../../../shared/money-law/split-not-paid';
import type { TxnStatus } from '../../../shared/status';

/** How a sale was paid, in a line: "UPI ₹199", or "Cash ₹100 · UPI ₹99" for a split. */
export function PaidBy({ sale }: { sale: Sale | null | undefined }) {
  const { t } = useTranslation();
  const f = useFormat();
  if (!sale) return <Fact label={t('pay.label')}>{t('pay.noSale')}</Fact>;
  const parts =
    sale.method === 'split'
      ? `${t('pay.methods.cash')} ${f.money(sale.cash)} · ${t('pay.methods.upi')} ${f.money(sale.upi)}`
      : `${t(`pay.methods.${sale.method}`)} ${f.money(sale.cash + sale.upi + sale.credit)}`;
  // Said "did not pay": the UPI it was to be paid by never came, and the line must not read as paid.
  const unpaid =
    sale.settledAs === 'not_paid' ? ` · ${t('pay.neverPaid')}` : sale.settledAs === 'split_not_paid' ? ` · ${t('pay.upiNeverCame')}` : '';
  return (
    <Fact label={t('pay.label')}>
      <span className="paid-by">
        {parts}
        {unpaid}
      </span>
    </Fact>
  );
}

/**
 * After a sale on credit that did not fail: what the customer owes now, from the khata, so the
 * shopkeeper can say it at the counter.
 */
export function DueNow({ desk, number, sale, failed }: { desk: DeskApi; number: string; sale: Sale | null | undefined; failed: boolean }) {
  const { t } = useTranslation();
  const f = useFormat();
  const due = useDue(desk, number, !!sale && sale.credit > 0 && !failed);
  if (due === null || !sale || sale.credit === 0 || failed) return null;
  return <Fact label={t('pay.dueNow')}>{f.money(due)}</Fact>;
}

/**
 * A sale's UPI part after the send: received (when), or still waiting with its QR (on the result
 * card, where the customer may still be scanning) and the button that marks it received.
 */
export function UpiStatus({
  desk,
  sale,
  number,
  status,
  showQr,
  onSale,
}: {
  desk: DeskApi;
  sale: Sale | null | undefined;
  number: string;
  /** The recharge's status: a failed or refunded one asks for no payment (no QR). */
  status: TxnStatus;
  showQr: boolean;
  onSale: (sale: Sale) => void;
}) {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const upi = useSettingsStore((s) => s.settings?.upi);
  const markReceived = useUpiStore((s) => s.markReceived);
  const error = useUpiStore((s) => s.error);
  // Said not paid (issue 40): the money card says so; there is no UPI to look for any more.
  if (!sale || sale.upi === 0 || upiNeverCame(sale.settledAs)) return null;
  if (sale.upiReceivedAt !== null) {
    return (
      <p className="upi-received" role="note">
        <span aria-hidden="true">✓ </span>
        {t('pay.received', { amount: f.money(sale.upi), time: f.time(sale.upiReceivedAt) })}
      </p>
    );
  }
  const uri =
    showQr && upi && sale.saleRef && upiOwed(status, sale)
      ? saleUpiUri(upi, { upi: sale.upi, saleRef: sale.saleRef, number }, asLanguage(i18n.language))
      : null;
  return (
    <div className="upi-waiting">
      {uri && upi && sale.saleRef && <UpiQr uri={uri} amount={sale.upi} payee={upi.payee} saleRef={sale.saleRef} />}
      <p className="warning">{t('pay.waiting', { amount: f.money(sale.upi) })}</p>
      <button type="button" className="button-secondary" onClick={() => void markReceived(desk, sale.refId).then((s) => s && onSale(s))}>
        {t('pay.markReceived')}
      </button>
      {error && <OutcomeText outcome={error} />}
    </div>
  );
}
