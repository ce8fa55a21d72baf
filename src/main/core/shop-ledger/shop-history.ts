import type { Ledger } from '../ledger/ledger';
import { cleanPeerText } from '../../../shared/peer-text';
import type { ShopHistoryRequest, ShopTxn } from './shop-types';

/**
 * The whole shop's history: this counter's rows from its own ledger, the others' as last pulled
 * into `shop_rows` (so it reads offline too), newest first, each with its counter's name.
 */
export function shopHistory(
  ledger: Pick<Ledger, 'shop' | 'history'>,
  me: { prefix: string; name: string },
  q: ShopHistoryRequest,
): ShopTxn[] {
  const search = q.search?.trim() ?? '';
  const own: ShopTxn[] = ledger
    .history({
      from: q.from,
      to: q.to,
      search: search || undefined,
      statuses: q.statuses,
      operator: q.operator,
      limit: q.limit,
    })
    .map((t) => ({
      refId: t.refId,
      counter: me.prefix,
      counterName: me.name,
      own: true,
      number: t.number,
      operator: t.operator,
      amount: t.amount,
      status: t.status,
      message: t.message,
      createdAt: t.createdAt,
    }));
  const others = ledger.shop
    .rows({ from: q.from, to: q.to, search, statuses: q.statuses, operator: q.operator, limit: q.limit })
    // Rows kept before text was cleaned at the pull are cleaned here too.
    .map((r) => ({
      ...r,
      counterName: cleanPeerText(r.counterName),
      operator: cleanPeerText(r.operator),
      message: cleanPeerText(r.message),
      own: false,
    }));
  return [...own, ...others].sort((a, b) => b.createdAt - a.createdAt).slice(0, q.limit);
}
