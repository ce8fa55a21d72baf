import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import type { ResponseOf } from '../../../shared/ipc/contract';
import { findOperator } from '../../../shared/operators';
import { groupForReading } from '../../../shared/subscriber-number';
import { useFormat } from '../../hooks/use-format';
import { Money } from '../../components/Money';
import { StatusText } from '../../components/StatusText';
import { dateRange, STATUS_FILTERS, useHistoryStore } from '../../stores/history-store';
import { normalizeSearch } from '../../stores/history-search';

type Item = ResponseOf<'shop:history'>['items'][number];

/** The sales more than one of whose attempts are in the list. */
function salesWithAttempts(items: readonly Item[]): Set<string> {
  const seen = new Set<string>();
  const more = new Set<string>();
  for (const i of items) (seen.has(i.saleId) ? more : seen).add(i.saleId);
  return more;
}

/**
 * The whole shop's history (issue 16): every counter's recharges, newest first, each with its
 * counter's name, with the filters above. A failed-over sale's attempts say which attempt and account each
 * is, and a sale two accounts both charged is marked on each of its rows (issue 37).
 */
export function ShopHistoryList({ desk }: { desk: DeskApi }) {
  const { t } = useTranslation();
  const f = useFormat();
  const filters = useHistoryStore((s) => s.filters);
  const [items, setItems] = useState<Item[] | null>(null);

  useEffect(() => {
    const search = normalizeSearch(filters.search);
    const load = () =>
      void desk.shop
        .history({
          ...dateRange(filters),
          ...(search ? { search } : {}),
          ...(STATUS_FILTERS[filters.status] ? { statuses: STATUS_FILTERS[filters.status] } : {}),
          ...(filters.operator ? { operator: filters.operator } : {}),
          limit: 200,
        })
        .then((r) => r.ok && setItems(r.data.items));
    load();
    // Other counters' recharges arrive by the shop ledger, not as events here: look again now and then.
    const timer = setInterval(load, 5000);
    return () => clearInterval(timer);
  }, [desk, filters]);

  if (items === null) return null;
  if (items.length === 0) return <p className="history-empty">{t('history.empty')}</p>;
  // A failed-over sale's first attempt names its account too: "check with both providers" must say which.
  const failedOver = salesWithAttempts(items);
  return (
    <div className="history-scroller shop-history" role="list" aria-label={t('history.list')}>
      {items.map((txn) => (
        <div
          key={txn.refId}
          role="listitem"
          className={`history-row shop-row${txn.own ? ' is-own' : ''}${txn.possibleDouble ? ' is-double' : ''}`}
        >
          <span className="col-time">
            {f.dayMonth(txn.createdAt)} {f.time(txn.createdAt)}
          </span>
          <span className="col-counter" translate="no">
            {txn.counterName}
          </span>
          <span className="col-number">{groupForReading(txn.number)}</span>
          <span className="col-operator">{findOperator(txn.operator)?.name ?? txn.operator}</span>
          <Money className="col-amount" value={txn.amount} />
          <StatusText status={txn.status} />
          {(txn.attemptNo > 1 || txn.possibleDouble || failedOver.has(txn.saleId)) && (
            <span className="col-attempt">
              {t('history.attemptOf', { attempt: txn.attemptNo, account: txn.accountName || txn.accountId })}
            </span>
          )}
          {txn.possibleDouble && (
            <span className="col-double" role="note">
              {t('history.possibleDouble')}
            </span>
          )}
        </div>
      ))}
    </div>
  );
}
