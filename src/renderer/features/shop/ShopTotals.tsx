import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import type { ResponseOf } from '../../../shared/ipc/contract';
import { Money } from '../../components/Money';
import { ErrorBanner } from '../../components/ErrorBanner';
import { usePolled } from './use-polled';

type Report = ResponseOf<'shop:report'>;
type Total = Report['counters'][number]['all'];
const TOTALS = ['all', 'success', 'open', 'notCharged', 'sales', 'doubles'] as const;
/** shop:report's longest range (shopReportRequestSchema): longer is said here, not sent. */
const MAX_DAYS = 400;

const add = (a: Total, b: Total): Total => ({ count: a.count + b.count, amount: a.amount + b.amount });

function Cells({ row }: { row: Record<(typeof TOTALS)[number], Total> }) {
  return (
    <>
      <td>{row.all.count}</td>
      {TOTALS.slice(1).map((k) => (
        <td key={k}>
          <Money value={row[k].amount} /> ({row[k].count})
        </td>
      ))}
    </>
  );
}

/**
 * Each counter's totals over a range (created time, ms), this counter marked, and the shop's
 * total: the owner's day or month. History and Reports both show it (issue 16). Other counters'
 * recharges arrive by the shop ledger, not as events here, so it looks again now and then.
 */
export function ShopTotals({ desk, range, caption }: { desk: DeskApi; range: { from: number; to: number }; caption: string }) {
  const { t } = useTranslation();
  const { from, to } = range;
  const tooLong = to - from > MAX_DAYS * 86_400_000;
  const ask = useCallback(() => desk.shop.report({ from, to }), [desk, from, to]);
  const { data: report, problem } = usePolled(tooLong ? null : ask);
  if (tooLong)
    return (
      <p role="alert" className="error-banner">
        {t('history.shopTooLong', { days: MAX_DAYS })}
      </p>
    );
  if (problem) return <ErrorBanner error={problem} />;
  if (!report) return null;
  const zero = { count: 0, amount: 0 };
  const shop = report.counters.reduce(
    (s, c) => Object.fromEntries(TOTALS.map((k) => [k, add(s[k], c[k])])) as Record<(typeof TOTALS)[number], Total>,
    Object.fromEntries(TOTALS.map((k) => [k, zero])) as Record<(typeof TOTALS)[number], Total>,
  );
  return (
    <>
      <table className="shop-totals">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('history.counter')}</th>
            <th scope="col">{t('history.totalCount')}</th>
            <th scope="col">{t('history.totalSuccess')}</th>
            <th scope="col">{t('history.totalOpen')}</th>
            <th scope="col">{t('history.totalNotCharged')}</th>
            <th scope="col">{t('history.totalSales')}</th>
            <th scope="col" title={t('history.doublesHint')}>
              {t('history.totalDoubles')}
            </th>
          </tr>
        </thead>
        <tbody>
          {report.counters.map((c) => (
            <tr key={c.counter} className={c.own ? 'is-own' : undefined}>
              <th scope="row">
                <span translate="no">{c.counterName}</span>
                {c.own && <span className="shop-own"> · {t('history.scopeCounter')}</span>}
              </th>
              <Cells row={c} />
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="shop-total">
            <th scope="row">{t('history.scopeShop')}</th>
            <Cells row={shop} />
          </tr>
        </tfoot>
      </table>
      {shop.doubles.count > 0 && <p className="shop-doubles">{t('history.doublesHint')}</p>}
      <ShopAccounts accounts={report.accounts} />
    </>
  );
}

/** The whole shop's part per provider account: what was sent to each, and what each charged. */
function ShopAccounts({ accounts }: { accounts: Report['accounts'] }) {
  const { t } = useTranslation();
  if (accounts.length < 2) return null;
  return (
    <table className="shop-totals shop-accounts">
      <caption>{t('history.accountsCaption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('history.account')}</th>
          <th scope="col">{t('history.totalCount')}</th>
          <th scope="col">{t('history.totalSuccess')}</th>
        </tr>
      </thead>
      <tbody>
        {accounts.map((a) => (
          <tr key={a.accountId}>
            <th scope="row" translate="no">
              {a.accountName}
            </th>
            <td>{a.all.count}</td>
            <td>
              <Money value={a.success.amount} /> ({a.success.count})
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
