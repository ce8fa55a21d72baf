import type { TFunction } from 'i18next';
import { formatInr, paise } from '../../../shared/money';
import type { Receipt } from '../../../shared/receipt-schemas';
import type { ReceiptPaper } from '../../../shared/settings-schema';

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
        {row(t('receipt.date'), `${r.date} ${r.time.slice(0, 5)} IST`)}
        {row(r.category === 'dth' ? t('receipt.subscriber') : t('receipt.number'), r.number, 'receipt-number')}
        {row(t('receipt.operator'), r.operator)}
        {row(t('receipt.amount'), formatInr(paise(r.amount)), 'receipt-amount')}
        {row(t('receipt.status'), t(`receipt.statuses.${r.status}`), `receipt-status-${r.status}`)}
        {row(t('receipt.ref'), r.refId, 'receipt-mono')}
        {r.txnId && row(t('receipt.txnId'), r.txnId, 'receipt-mono')}
        {r.optId && row(t('receipt.optId'), r.optId, 'receipt-mono')}
      </dl>
      <p className="receipt-thanks">{t('receipt.thanks')}</p>
    </article>
  );
}
