import type { Ledger } from '../ledger/ledger';
import { cleanPeerText } from '../../../shared/peer-text';
import { FIRST_ACCOUNT_ID } from '../../../shared/routing/single-account';
import type { ShopHistoryRequest, ShopTxn } from './shop-types';

/**
 * The whole shop's history: this counter's rows from its own ledger, the others' as last pulled
 * into `shop_rows` (so it reads offline too), newest first, each with its counter's name, the sale
 * it is an attempt of and the account it went to; a sale with two attempts charged is marked as a
 * possible double on each of its rows, at every counter, with the owner's first "checked" on it
 * (here or at another counter: which, and when).
 */
export function shopHistory(
  ledger: Pick<Ledger, 'shop' | 'history' | 'shopRecords'>,
  me: { prefix: string; name: string; nameOf?: (accountId: string) => string },
  q: ShopHistoryRequest,
): ShopTxn[] {
  const search = q.search?.trim() ?? '';
  const mine = ledger.history({
    from: q.from,
    to: q.to,
    search: search || undefined,
    statuses: q.statuses,
    operator: q.operator,
    limit: q.limit,
  });
  // A searched list's rows come without their sale and account: read them for the page.
  const attempts = ledger.shop.ownAttempts(mine.map((t) => t.refId));
  const own = mine.map((t) => {
    const a = attempts.get(t.refId);
    const accountId = a?.accountId ?? FIRST_ACCOUNT_ID;
    return {
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
      saleId: a?.saleId ?? t.refId,
      attemptNo: a?.attemptNo ?? 1,
      accountId,
      accountName: (me.nameOf?.(accountId) ?? '').slice(0, 40),
    };
  });
  const others = ledger.shop
    .rows({ from: q.from, to: q.to, search, statuses: q.statuses, operator: q.operator, limit: q.limit })
    // Rows kept before text was cleaned at the pull are cleaned here too.
    .map((r) => ({
      ...r,
      counterName: cleanPeerText(r.counterName),
      operator: cleanPeerText(r.operator),
      message: cleanPeerText(r.message),
      accountName: cleanPeerText(r.accountName),
      own: false,
    }));
  const page = [...own, ...others].sort((a, b) => b.createdAt - a.createdAt).slice(0, q.limit);
  const doubles = ledger.shop.doubleSales(page.map((t) => t.saleId));
  // A check counts only on a sale that is a double here: kept for any other, it marks nothing.
  const checks = ledger.shopRecords.flags.checks([...doubles]);
  return page.map((t) => {
    const check = doubles.has(t.saleId) ? checks.get(t.saleId) : undefined;
    const checked = check ? { counterName: cleanPeerText(check.counterName ?? me.name).slice(0, 40), at: check.at } : null;
    return { ...t, possibleDouble: doubles.has(t.saleId), checked };
  });
}
