import { useEffect, useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import { findOperator } from '../../../shared/operators';
import { groupForReading } from '../../../shared/subscriber-number';
import { useFormat } from '../../hooks/use-format';
import { Money } from '../../components/Money';
import { StatusText } from '../../components/StatusText';
import { useHistoryStore } from '../../stores/history-store';
import { useCustomerNames } from '../customers/use-customer-names';
import { CustomerName } from '../customers/CustomerName';
import { neverLeft } from '../../stores/open-money';
import { doubleOf, useAccountsStore } from '../../stores/accounts-store';
import { useRouteLine } from './route-line';

const ROW_PX = 44;

/** Only the rows on screen exist in the page; the next page loads as the end comes into view. */
export function HistoryList({ desk }: { desk: DeskApi }) {
  const { t } = useTranslation();
  const f = useFormat();
  const { items, loading, done, loadMore, select, selected } = useHistoryStore();
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_PX,
    overscan: 12,
  });
  const rows = virtualizer.getVirtualItems();
  const wallets = useAccountsStore((s) => s.wallets);
  const doubles = useAccountsStore((s) => s.doubles);
  const routed = useRouteLine(items, wallets);
  const lastShown = rows.at(-1)?.index ?? -1;
  const names = useCustomerNames(
    desk,
    rows.map((row) => items[row.index]?.number ?? '').filter((n) => n !== ''),
  );

  useEffect(() => {
    if (!done && !loading && lastShown >= items.length - 20) void loadMore(desk);
  }, [lastShown, items.length, done, loading, loadMore, desk]);

  if (!loading && items.length === 0) return <p className="history-empty">{t('history.empty')}</p>;
  return (
    <div ref={scroller} className="history-scroller" role="list" aria-label={t('history.list')} aria-busy={loading}>
      <div className="history-inner" style={{ height: virtualizer.getTotalSize() }}>
        {rows.map((row) => {
          const txn = items[row.index]!;
          const route = routed(txn);
          const double = doubleOf(doubles, txn.refId);
          const changed = txn.moneyNote === 'answer_changed';
          return (
            <button
              key={txn.refId}
              type="button"
              role="listitem"
              className={`history-row${double || changed ? ' is-double' : ''}${route || double || changed ? ' has-route' : ''}`}
              aria-current={selected?.txn.refId === txn.refId ? 'true' : undefined}
              style={{ transform: `translateY(${row.start}px)`, height: ROW_PX }}
              onClick={() => void select(desk, txn.refId)}
            >
              <span className="col-time">
                {/* Inside the time column: the row's grid has no column to spare. */}
                {txn.damaged && (
                  <span className="row-damaged" role="img" aria-label={t('history.damaged')} title={t('history.damaged')}>
                    ⚠{' '}
                  </span>
                )}
                {f.dayMonth(txn.createdAt)} {f.time(txn.createdAt)}
              </span>
              <span className="col-number">{groupForReading(txn.number)}</span>
              <span className="col-operator">
                {findOperator(txn.operator)?.name ?? txn.operator}
                {names.get(txn.number) && (
                  <>
                    {' · '}
                    <CustomerName name={names.get(txn.number) ?? ''} fallback="" />
                  </>
                )}
              </span>
              <Money className="col-amount" value={txn.amount} />
              <StatusText status={txn.status} notSent={neverLeft(txn)} />
              {(route || double || changed) && (
                // A second line under the number, operator and amount: the operator column alone is too narrow at 1024.
                <span className="row-route">
                  {changed && (
                    <span className="double-mark">
                      <span aria-hidden="true">↺ </span>
                      {t('history.answerChanged')}
                    </span>
                  )}
                  {changed && (double || route) && ' · '}
                  {double && (
                    <span className="double-mark">
                      <span aria-hidden="true">⚠ </span>
                      {t('history.double')}
                    </span>
                  )}
                  {double && route && ' · '}
                  {route && (
                    <>
                      <span translate="no">{route.account}</span>
                      {route.attemptNo !== null && <> · {t('history.attempt', { n: route.attemptNo })}</>}
                    </>
                  )}
                </span>
              )}
            </button>
          );
        })}
      </div>
    </div>
  );
}
