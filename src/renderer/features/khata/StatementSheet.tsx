import type { TFunction } from 'i18next';
import { formatInr, paise } from '../../../shared/money';
import type { KhataView } from '../../../shared/khata/khata-schemas';
import type { ReceiptPaper } from '../../../shared/settings-schema';
import { groupForReading } from '../../../shared/subscriber-number';
import { lineWhat } from './khata-lines';
import { formatIsoDay } from '../../../shared/format';
import { asLanguage } from '../../../shared/language';

/**
 * The customer's statement as printed, on the receipt's paper and in its classes (thermal roll or
 * A4): oldest line first as a paper statement reads, each with the due after it.
 */
export function StatementSheet({
  view,
  shop,
  today,
  paper,
  t,
  lang,
}: {
  view: KhataView;
  shop: string;
  today: string;
  paper: ReceiptPaper;
  t: TFunction;
  lang: string;
}) {
  const money = (n: number) => formatInr(paise(n));
  const day = (iso: string) => formatIsoDay(iso, asLanguage(lang));
  return (
    <article className={`receipt-sheet paper-${paper}`} lang={lang} aria-label={t('khata.sheet.title')}>
      {shop && (
        <header className="receipt-shop">
          <p className="receipt-shop-name">{shop}</p>
        </header>
      )}
      <p className="receipt-title">{t('khata.sheet.title')}</p>
      <dl className="receipt-facts">
        <div className="receipt-row">
          <dt>{t('khata.sheet.customer')}</dt>
          <dd>
            {view.name ? `${view.name} ` : ''}
            {groupForReading(view.number)}
          </dd>
        </div>
        <div className="receipt-row">
          <dt>{t('receipt.date')}</dt>
          <dd>{t('khata.sheet.printedOn', { date: day(today) })}</dd>
        </div>
      </dl>
      <dl className="receipt-facts khata-sheet-lines">
        {[...view.lines].reverse().map((l, i) => (
          <div key={i} className="receipt-row">
            <dt>
              {day(l.date)} {lineWhat(l, t)}
              {l.counter !== null && ` · ${t('khata.statement.atCounter', { counter: l.counter })}`}
            </dt>
            <dd>
              {l.delta > 0 ? '+' : '−'}
              {money(Math.abs(l.delta))} → {money(l.due)}
            </dd>
          </div>
        ))}
      </dl>
      <dl className="receipt-facts">
        <div className="receipt-row receipt-amount">
          <dt>{t('khata.sheet.dueNow')}</dt>
          <dd>{money(view.due)}</dd>
        </div>
      </dl>
    </article>
  );
}
