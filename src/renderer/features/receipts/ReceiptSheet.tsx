import type { TFunction } from 'i18next';
import { formatInr, paise } from '../../../shared/money';
import type { Receipt } from '../../../shared/receipt-schemas';
import type { ReceiptPaper } from '../../../shared/settings-schema';
import { QrSvg } from '../../components/QrSvg';
import { formatIsoDayTime } from '../../../shared/format';
import { asLanguage } from '../../../shared/language';

type Payment = NonNullable<Receipt['payment']>;

function paidBy(p: Payment, t: TFunction): string {
  if (p.method !== 'split') return `${t(`receipt.methods.${p.method}`)} ${formatInr(paise(p.cash + p.upi + p.credit))}`;
  return `${t('receipt.methods.cash')} ${formatInr(paise(p.cash))} · ${t('receipt.methods.upi')} ${formatInr(paise(p.upi))}`;
}

/**
 * The receipt as printed: thermal roll (58 or 80 mm) or A4, in the language given by `t`. The same
 * element is shown in the dialog and printed; every line wraps rather than running off the paper.
 */
export function ReceiptSheet({ receipt: r, paper, t, lang }: { receipt: Receipt; paper: ReceiptPaper; t: TFunction; lang: string }) {
  const row = (label: string, value: string, className?: string) => (
    <div className={`receipt-row ${className ?? ''}`}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
  return (
    <article className={`receipt-sheet paper-${paper}`} lang={lang} aria-label={t('receipt.title')}>
      {(r.shop.name || r.shop.address || r.shop.gstin) && (
        <header className="receipt-shop">
          {r.shop.name && <p className="receipt-shop-name">{r.shop.name}</p>}
          {r.shop.address && <p>{r.shop.address}</p>}
          {r.shop.gstin && <p>{t('receipt.gstin', { gstin: r.shop.gstin })}</p>}
        </header>
      )}
      <p className="receipt-title">{t('receipt.title')}</p>
      <dl className="receipt-facts">
        {row(t('receipt.date'), formatIsoDayTime(r.date, r.time, asLanguage(lang)))}
        {row(r.category === 'dth' ? t('receipt.subscriber') : t('receipt.number'), r.number, 'receipt-number')}
        {row(t('receipt.operator'), r.operator)}
        {row(t('receipt.amount'), formatInr(paise(r.amount)), 'receipt-amount')}
        {row(t('receipt.status'), t(`receipt.statuses.${r.status}`), `receipt-status-${r.status}`)}
        {row(t('receipt.ref'), r.refId, 'receipt-mono')}
        {r.txnId && row(t('receipt.txnId'), r.txnId, 'receipt-mono')}
        {r.optId && row(t('receipt.optId'), r.optId, 'receipt-mono')}
        {r.payment && row(t('receipt.paidBy'), paidBy(r.payment, t))}
        {r.servedBy && row(t('receipt.servedBy'), r.servedBy)}
      </dl>
      {r.payment?.upiUri && (
        <figure className="receipt-qr">
          <QrSvg text={r.payment.upiUri} label={t('receipt.upiWaiting')} />
          <figcaption>
            {t('receipt.upiWaiting')} · {formatInr(paise(r.payment.upi))}
          </figcaption>
        </figure>
      )}
      {r.payment?.upiReceived && <p className="receipt-upi">{t('receipt.upiReceived')}</p>}
      <p className="receipt-thanks">{t('receipt.thanks')}</p>
    </article>
  );
}
