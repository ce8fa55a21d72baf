import type { HistoryQuery } from '../txn/txn-record';
import { TXN_COLUMNS } from './sql-columns';

/** Below this many digits a number prefix matches too many rows for the number index to pay. */
const NUMBER_INDEX_MIN_DIGITS = 6;

export interface BuiltQuery {
  sql: string;
  params: Record<string, string | number>;
}

/** The filters every part of a history query shares, and the index that serves them best. */
function commonFilters(q: HistoryQuery): { where: string[]; params: Record<string, string | number>; index: string } {
  const where: string[] = [];
  const params: Record<string, string | number> = { limit: q.limit };
  let index = 'txns_created';
  if (q.from !== undefined) {
    where.push('created_at >= @from');
    params['from'] = q.from;
  }
  if (q.to !== undefined) {
    where.push('created_at < @to');
    params['to'] = q.to;
  }
  if (q.statuses && q.statuses.length > 0) {
    const names = q.statuses.map((s, i) => {
      params[`s${i}`] = s;
      return `@s${i}`;
    });
    where.push(`status IN (${names.join(', ')})`);
    // (status, created_at) serves one status with or without a date range.
    if (q.statuses.length === 1) index = 'txns_status';
  }
  if (q.operator) {
    where.push('operator = @operator');
    params['operator'] = q.operator;
    if (index === 'txns_created') index = 'txns_operator';
  }
  if (q.before) {
    where.push('(created_at, id) < (@beforeAt, @beforeId)');
    params['beforeAt'] = q.before.createdAt;
    params['beforeId'] = q.before.id;
  }
  return { where, params, index };
}

function select(index: string, where: string[], params: Record<string, string | number>): BuiltQuery {
  const indexed = index ? ` INDEXED BY ${index}` : '';
  return {
    sql: `SELECT ${TXN_COLUMNS} FROM txns${indexed}${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY created_at DESC, id DESC LIMIT @limit`,
    params,
  };
}

/**
 * Builds the history query as one or more parts, each newest first with keyset paging on
 * (created_at, id) and on the index that fits it. A search becomes one part per kind of match
 * (number prefix, ref_id, txn_id, operator reference): SQLite will not combine those indexes under
 * ORDER BY … LIMIT, and one scan for all of them costs a full pass over the ledger. The caller
 * merges the parts and keeps the newest `limit`.
 */
export function buildHistoryQueries(q: HistoryQuery): BuiltQuery[] {
  const { where, params, index } = commonFilters(q);
  const search = q.search?.trim();
  if (!search) return [select(index, where, params)];
  const withSearch = { ...params, search };
  const parts: BuiltQuery[] = [
    select('sqlite_autoindex_txns_1', [...where, 'ref_id = @search'], withSearch),
    select('txns_txn_id', [...where, "txn_id = @search AND txn_id != ''"], withSearch),
    select('txns_opt_id', [...where, "opt_id = @search AND opt_id != ''"], withSearch),
  ];
  if (/^\d+$/.test(search)) {
    // ':' sorts right after '9': [search, search + ':') is exactly the numbers with this prefix.
    const range = [...where, 'number >= @search AND number < @searchEnd'];
    parts.push(select(search.length >= NUMBER_INDEX_MIN_DIGITS ? 'txns_number' : index, range, { ...withSearch, searchEnd: `${search}:` }));
    // Shopkeepers find a customer by the last 4 digits they remember; no index serves a suffix, so
    // this walks the time index newest first and stops at the page size.
    if (search.length >= 4 && search.length <= 6)
      parts.push(select(index, [...where, 'substr(number, -@suffixLen) = @search'], { ...withSearch, suffixLen: search.length }));
  }
  return parts;
}
