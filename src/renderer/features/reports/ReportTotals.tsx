import { useTranslation } from 'react-i18next';
import type { Report } from '../../../shared/report-schemas';
import { Money } from '../../components/Money';

type Totals = Report['totals'];
const KINDS = ['all', 'success', 'margin', 'refunded', 'failed', 'open'] as const;

/** The day book's headline figures: what went through, what earned, what came back, what waits. */
export function ReportTotals({ totals }: { totals: Totals }) {
  const { t } = useTranslation();
  const of = (k: (typeof KINDS)[number]) => (k === 'all' ? totals : k === 'margin' ? null : totals[k]);
  return (
    <dl className="report-totals">
      {KINDS.map((k) => {
        const v = of(k);
        return (
          <div key={k} className={`report-total total-${k}`}>
            <dt>{t(`reports.totals.${k}`)}</dt>
            {v ? (
              <dd>
                <Money value={v.amount} className="report-amount" />
                <span className="report-count">{t('reports.count', { count: v.count })}</span>
              </dd>
            ) : (
              <dd title={t('reports.marginHint')}>
                {totals.margin === null ? (
                  <span className="report-amount muted">{t('reports.marginUnknown')}</span>
                ) : (
                  <Money value={totals.margin} className="report-amount" />
                )}
                <span className="report-count">{t('reports.marginHint')}</span>
              </dd>
            )}
          </div>
        );
      })}
    </dl>
  );
}
