import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import type { ResponseOf } from '../../../shared/ipc/contract';
import { istDate, istDayStart } from '../../../shared/ist-date';
import { Money } from '../../components/Money';
import { dateRange, useHistoryStore } from '../../stores/history-store';

type Report = ResponseOf<'shop:report'>;
const DAY = 86_400_000;

/** Each counter's totals for the dates chosen above (today when none): the owner's day or month. */
export function ShopTotals({ desk }: { desk: DeskApi }) {
  const { t } = useTranslation();
  const filters = useHistoryStore((s) => s.filters);
  const [report, setReport] = useState<Report | null>(null);
  useEffect(() => {
    const r = dateRange(filters);
    const today = istDayStart(istDate(Date.now()));
    const range = r.from !== undefined && r.to !== undefined ? { from: r.from, to: r.to } : { from: today, to: today + DAY };
    const load = () => void desk.shop.report(range).then((res) => setReport(res.ok ? res.data : null));
    load();
    const timer = setInterval(load, 5000);
    return () => clearInterval(timer);
  }, [desk, filters]);
  if (!report) return null;
  return (
    <table className="shop-totals">
      <caption>{t('history.shopTotals')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('history.counter')}</th>
          <th scope="col">{t('history.totalCount')}</th>
          <th scope="col">{t('history.totalSuccess')}</th>
          <th scope="col">{t('history.totalOpen')}</th>
          <th scope="col">{t('history.totalNotCharged')}</th>
        </tr>
      </thead>
      <tbody>
        {report.counters.map((c) => (
          <tr key={c.counter} className={c.own ? 'is-own' : undefined}>
            <th scope="row" translate="no">
              {c.counterName}
            </th>
            <td>{c.all.count}</td>
            <td>
              <Money value={c.success.amount} /> ({c.success.count})
            </td>
            <td>
              <Money value={c.open.amount} /> ({c.open.count})
            </td>
            <td>
              <Money value={c.notCharged.amount} /> ({c.notCharged.count})
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
