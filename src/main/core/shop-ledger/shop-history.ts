import * as z from 'zod';
import { txnStatusSchema } from '../../../shared/ipc/txn-schemas';
import type { Ledger } from '../ledger/ledger';
import type { ShopHistoryRequest, ShopTxn } from './shop-types';

const shopRows = z.array(
  z.object({
    refId: z.string(),
    counter: z.string(),
    counterName: z.string(),
    number: z.string(),
    operator: z.string(),
    amount: z.number().int(),
    status: txnStatusSchema,
    message: z.string(),
    createdAt: z.number().int(),
  }),
);

/**
 * The whole shop's history: this counter's rows from its own ledger, the others' as last pulled
 * into `shop_rows` (so it reads offline too), newest first, each with its counter's name.
 */
export function shopHistory(
  ledger: Pick<Ledger, 'db' | 'history'>,
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
  const where: string[] = [];
  const params: Record<string, string | number> = { limit: q.limit };
  if (q.from !== undefined) {
    where.push('created_at >= @from');
    params['from'] = q.from;
  }
  if (q.to !== undefined) {
    where.push('created_at < @to');
    params['to'] = q.to;
  }
  if (q.statuses && q.statuses.length > 0) {
    where.push(`status IN (${q.statuses.map((_, i) => `@s${i}`).join(', ')})`);
    q.statuses.forEach((status, i) => (params[`s${i}`] = status));
  }
  if (q.operator) {
    where.push('operator = @operator');
    params['operator'] = q.operator;
  }
  if (search) {
    // ':' sorts right after '9': [search, search + ':') is every number with this prefix.
    where.push('((number >= @search AND number < @searchEnd) OR ref_id = @search)');
    params['search'] = search;
    params['searchEnd'] = `${search}:`;
  }
  const sql = `SELECT ref_id AS refId, counter, counter_name AS counterName, number, operator, amount, status, message,
      created_at AS createdAt FROM shop_rows ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
    ORDER BY created_at DESC LIMIT @limit`;
  // Every row here was checked when it was pulled; parsed again because it comes from a file.
  const others = shopRows.parse(ledger.db.prepare(sql).all(params)).map((r) => ({ ...r, own: false }));
  return [...own, ...others].sort((a, b) => b.createdAt - a.createdAt).slice(0, q.limit);
}
