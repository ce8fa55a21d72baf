import type { TFunction } from 'i18next';
import { formatInr, paise } from '../../../shared/money';
import type { ReceiptPaper } from '../../../shared/settings-schema';

/**
 * A short receipt that shows whether the counter's printer prints this app's receipts well: the
 * paper's width, English and Hindi in the receipt's fonts, and ₹, on the same sheet as a receipt.
 */
export function TestReceiptSheet({
  paper,
  printer,
  shopName,
  en,
  hi,
}: {
  paper: ReceiptPaper;
  printer: string;
  shopName: string;
  en: TFunction;
  hi: TFunction;
}) {
  const amount = formatInr(paise(123450));
  const block = (t: TFunction, lang: string) => (
    <section lang={lang} className="receipt-test-block">
      <p className="receipt-title">{t('receipt.test.title')}</p>
      <dl className="receipt-facts">
        <div className="receipt-row">
          <dt>{t('receipt.test.paper')}</dt>
          <dd>{t(`receipt.papers.${paper}`)}</dd>
        </div>
        <div className="receipt-row">
          <dt>{t('receipt.test.printer')}</dt>
          <dd>{printer || t('shop.printerAsk')}</dd>
        </div>
        <div className="receipt-row receipt-amount">
          <dt>{t('receipt.test.sample')}</dt>
          <dd>{amount}</dd>
        </div>
      </dl>
      <p>{t('receipt.test.check')}</p>
    </section>
  );
  return (
    <article className={`receipt-sheet paper-${paper}`} aria-label={en('receipt.test.title')}>
      {shopName && (
        <header className="receipt-shop">
          <p className="receipt-shop-name">{shopName}</p>
        </header>
      )}
      {block(en, 'en')}
      {block(hi, 'hi')}
    </article>
  );
}
