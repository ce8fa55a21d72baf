import type { HistoryQuery } from './ledger-types';
import { TXN_COLUMNS } from './sql-columns';

/** Below this many digits a number prefix matches too many rows for the number index to pay. */
const NUMBER_INDEX_MIN_DIGITS = 6;

export interface BuiltQuery {
  sql: string;
  params: Record<string, string | number>;
}

/**
 * Builds the history query for the ledger's indexes: newest first, keyset paging on
 * (created_at, id), and an index chosen for the filter that narrows the most.
 */
export function buildHistoryQuery(q: HistoryQuery): BuiltQuery {
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
  const search = q.search?.trim();
  if (search) {
    params['search'] = search;
    if (/^\d+$/.test(search)) {
      params['searchEnd'] = `${search}:`; // ':' sorts right after '9': the prefix range of digits.
      where.push('((number >= @search AND number < @searchEnd) OR ref_id = @search OR txn_id = @search OR opt_id = @search)');
      if (search.length >= NUMBER_INDEX_MIN_DIGITS) index = '';
    } else {
      where.push('(ref_id = @search OR txn_id = @search OR opt_id = @search)');
      index = '';
    }
  }
  if (q.before) {
    where.push('(created_at, id) < (@beforeAt, @beforeId)');
    params['beforeAt'] = q.before.createdAt;
    params['beforeId'] = q.before.id;
  }
  const indexed = index ? ` INDEXED BY ${index}` : '';
  const sql = `SELECT ${TXN_COLUMNS} FROM txns${indexed}${where.length ? ` WHERE ${where.join(' AND ')}` : ''}
    ORDER BY created_at DESC, id DESC LIMIT @limit`;
  return { sql, params };
}
