import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import { REPORT_PRESETS, useReportStore } from '../../stores/report-store';
import { ReportTotals } from './ReportTotals';
import { ReportTables } from './ReportTables';
import { AccountFiguresTable } from './AccountFiguresTable';
import { WalletStatement } from './WalletStatement';
import { ReportExport } from './ReportExport';
import { CloseDayPanel } from './CloseDayPanel';
import { DaySummaryShare } from './DaySummaryShare';
import { PeopleDayPanel } from './PeopleDayPanel';
import { OwnerOnly } from '../lock/OwnerOnly';
import { ShopTotals } from '../shop/ShopTotals';
import { ShopDayBook } from '../shop/ShopDayBook';
import { ScopeSwitch } from '../shop/ScopeSwitch';
import { useShopStatus, type ShopScope } from '../shop/use-shop-status';
import { istDayStart } from '../../../shared/ist-date';
import { ErrorBanner } from '../../components/ErrorBanner';
import { useLockStore } from '../../stores/lock-store';
import { DayInput } from '../../components/DayInput';
import { fmtFor } from '../../../shared/words/word-kit';
import { asLanguage } from '../../../shared/language';

// The chart library loads only when a report opens, not with the counter.
const DailyChart = lazy(() => import('./DailyChart'));
const DAY = 86_400_000;

/** The day book: today or any range, from the ledger alone, so it works offline. */
export function ReportsScreen({ desk }: { desk: DeskApi }) {
  const { t, i18n } = useTranslation();
  const { day } = fmtFor(asLanguage(i18n.language));
  const { preset, from, to, report, wallet, loading, error, choose, setDates, load } = useReportStore();
  // Asked again when the owner unlocks or locks: main decides what staff may see.
  const role = useLockStore((st) => st.status?.role);
  useEffect(() => {
    void load(desk);
  }, [desk, load, role]);
  // Staff count the drawer blind: until a day's count is recorded, main sends none of its money, in
  // a range of many days too (issue 38); the day to count is the one main named.
  const countDay = error?.code === 'count_first' ? error.params.date : null;
  // With a shared shop ledger set, the owner can see every counter's day (issue 16).
  const shop = useShopStatus(desk);
  const [scope, setScope] = useState<ShopScope>('counter');
  const whole = shop !== null && scope === 'shop';
  return (
    <section className="reports" aria-labelledby="reports-title" aria-busy={loading}>
      <h2 id="reports-title">{t('reports.title')}</h2>
      {shop && <ScopeSwitch scope={scope} onChange={setScope} offlineSince={shop.offlineSince} />}
      <div className="history-filters">
        <div className="filter-group" role="group" aria-label={t('reports.range')}>
          {REPORT_PRESETS.filter((p) => p !== 'custom').map((p) => (
            <button key={p} type="button" className="chip" aria-pressed={preset === p} onClick={() => choose(desk, p)}>
              {t(`reports.preset.${p}`)}
            </button>
          ))}
        </div>
        <DayInput label={t('reports.from')} value={from} onChange={(day) => setDates(desk, { from: day })} />
        <DayInput label={t('reports.to')} value={to} onChange={(day) => setDates(desk, { to: day })} />
        <OwnerOnly label={t('lock.ownerNeededExport')}>
          <ReportExport desk={desk} disabled={!report} />
        </OwnerOnly>
      </div>
      {(countDay === null || from !== to) && <ErrorBanner error={error} />}
      {countDay !== null && <CloseDayPanel key={countDay} desk={desk} date={countDay} onClosed={() => void load(desk)} />}
      {report && whole && (
        <>
          <h3>
            {t('history.scopeShop')}: {report.from === report.to ? day(report.from) : `${day(report.from)} – ${day(report.to)}`}
          </h3>
          <ShopTotals
            desk={desk}
            range={{ from: istDayStart(report.from), to: istDayStart(report.to) + DAY }}
            caption={t('reports.shopTotals')}
          />
          {report.from === report.to &&
            (role === 'staff' ? (
              <OwnerOnly label={t('shopDay.ownerNeeded')}>{null}</OwnerOnly>
            ) : (
              <ShopDayBook key={`shop-day-${report.from}`} desk={desk} date={report.from} />
            ))}
          {report.from === report.to && (
            <>
              <p className="field-hint">{t('reports.ownDrawer')}</p>
              <CloseDayPanel key={report.from} desk={desk} date={report.from} />
            </>
          )}
        </>
      )}
      {report && !whole && (
        <>
          <h3>
            {t('reports.summary')}: {report.from === report.to ? day(report.from) : `${day(report.from)} – ${day(report.to)}`}
          </h3>
          {report.from === report.to && <DaySummaryShare desk={desk} report={report} wallet={wallet} />}
          <ReportTotals totals={report.totals} />
          {report.unreadable > 0 && (
            <p role="alert" className="warning">
              <span aria-hidden="true">⚠ </span>
              {t('reports.unreadable', { count: report.unreadable })}
            </p>
          )}
          {report.from === report.to && <CloseDayPanel key={report.from} desk={desk} date={report.from} />}
          {report.from === report.to && <PeopleDayPanel key={`people-${report.from}`} desk={desk} date={report.from} />}
          {report.totals.count === 0 ? (
            <p>{t('reports.empty')}</p>
          ) : (
            <>
              {report.daily.length > 1 && (
                <figure className="report-figure">
                  <figcaption>{t('reports.chart')}</figcaption>
                  <Suspense fallback={<div className="report-chart" />}>
                    <DailyChart daily={report.daily} label={t('reports.chartLabel', { from: day(report.from), to: day(report.to) })} />
                  </Suspense>
                </figure>
              )}
              <AccountFiguresTable accounts={report.byAccount} caption={t('reports.accounts.caption')} />
              <ReportTables report={report} />
            </>
          )}
        </>
      )}
      {wallet && report && !whole && <WalletStatement wallet={wallet} from={report.from} />}
    </section>
  );
}
