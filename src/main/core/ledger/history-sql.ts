import type { HistoryQuery } from '../txn/txn-record';
import { OPEN_STATUSES, OPEN_WHERE } from './open-statuses';
import { LISTED_TXN_COLUMNS, TXN_COLUMNS } from './sql-columns';
import { searchForms } from './search-forms';
import { nameMatchSql } from './name-match';
import { looksLikeName } from '../../../shared/customer-schemas';

/** Customers one name search follows into the ledger: a name typed, not a list of the town. */
const MAX_NAMED_CUSTOMERS = 50;

export interface BuiltQuery {
  sql: string;
  params: Record<string, string | number>;
}

export type Params = Record<string, string | number>;

/**
 * The time range and the `limit`, as every history query (this counter's, the whole shop's)
 * filters them on `created_at`; and the statuses as named parameters `@s0`, `@s1`, ….
 */
export function rangeFilters(q: { from?: number | undefined; to?: number | undefined; limit: number }): {
  where: string[];
  params: Params;
} {
  const where: string[] = [];
  const params: Params = { limit: q.limit };
  if (q.from !== undefined) {
    where.push('created_at >= @from');
    params['from'] = q.from;
  }
  if (q.to !== undefined) {
    where.push('created_at < @to');
    params['to'] = q.to;
  }
  return { where, params };
}

export function statusParams(statuses: readonly string[], params: Params): string {
  return statuses
    .map((s, i) => {
      params[`s${i}`] = s;
      return `@s${i}`;
    })
    .join(', ');
}

/** The filters every part of a history query shares, and the index that serves them best. */
function commonFilters(q: HistoryQuery): { where: string[]; params: Params; index: string } {
  const { where, params } = rangeFilters(q);
  let index = 'txns_created';
  if (q.statuses && q.statuses.length > 0) {
    const names = statusParams(q.statuses, params);
    if (q.statuses.every((s) => OPEN_STATUSES.includes(s))) {
      // Open rows are a sliver of the ledger: their partial index is in time order and carries
      // status and operator, so "open only" never reads a final row.
      where.push(OPEN_WHERE);
      index = 'txns_open';
    } else {
      // (status, created_at) serves one status in time order; several are merged by a sort.
      index = 'txns_status';
    }
    where.push(`status IN (${names})`);
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

/**
 * The newest `limit` matches of one kind from one index: their ids, or for a search their full
 * key in txns_number_rows (id, created_at, number).
 */
const part = (index: string, where: string[], columns = 'id, created_at, number') =>
  `SELECT ${columns} FROM txns INDEXED BY ${index}${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY created_at DESC, id DESC LIMIT @limit`;

/**
 * Builds the history query: newest first, keyset paging on (created_at, id), each kind of match
 * on the index that fits it. A search is one part per kind of match (number prefix, last digits,
 * ref_id, txn_id, operator reference, customer name): SQLite will not combine those indexes under ORDER BY …
 * LIMIT, and one scan for all of them costs a full pass over the ledger.
 *
 * Each part yields only (id, created_at, number), from its index where it can (a range of a few
 * thousand matches is then sorted as small index entries, never read from the table); the parts
 * are merged and cut to `limit` inside SQLite, and only those rows are read: a page of history
 * costs `limit` row reads, not one per match. A filter alone reads its rows from the table by id:
 * rows near in time are near in the file. A search reads them from txns_number_rows (every listed
 * column in number order): one customer's rows are spread over two years of table (a page of them
 * was ~100 random reads after a restart, 50–75 ms) but sit side by side in that index.
 */
export function buildHistoryQuery(q: HistoryQuery): BuiltQuery {
  const { where, params, index } = commonFilters(q);
  const search = q.search?.trim();
  if (!search) {
    return { sql: `SELECT ${TXN_COLUMNS} FROM txns WHERE id IN (${part(index, where, 'id')}) ORDER BY created_at DESC, id DESC`, params };
  }
  // A reference read off a receipt or typed from a call is often in other letter case: each id is
  // looked up as typed, in capitals and in small letters (three seeks on its index, not a scan).
  params['search'] = search;
  params['searchUpper'] = search.toUpperCase();
  params['searchLower'] = search.toLowerCase();
  const anyCase = '(@search, @searchUpper, @searchLower)';
  const parts: string[] = [
    part('sqlite_autoindex_txns_1', [...where, `ref_id IN ${anyCase}`]),
    part('txns_txn_id', [...where, `txn_id IN ${anyCase} AND txn_id != ''`]),
    part('txns_opt_id', [...where, `opt_id IN ${anyCase} AND opt_id != ''`]),
  ];
  const forms = searchForms(search);
  forms.prefixes.forEach((prefix, i) => {
    // ':' sorts right after '9': [prefix, prefix + ':') is exactly the numbers with this prefix.
    parts.push(part('txns_number', [...where, `number >= @p${i} AND number < @p${i}End`]));
    params[`p${i}`] = prefix;
    params[`p${i}End`] = `${prefix}:`;
  });
  // A name (issue 15): the numbers of the customers it names, each on the number index. The
  // customers are capped, so a one-letter search sorts a few thousand rows at most.
  const names = looksLikeName(search) ? nameMatchSql(search, params) : null;
  if (names) parts.push(part('txns_number', [...where, `number IN (${names} LIMIT ${MAX_NAMED_CUSTOMERS})`]));
  if (forms.suffix) {
    const last4 = [...where, 'substr(number, -4) = @last4'];
    params['last4'] = forms.suffix.slice(-4);
    // The index finds the last four; a longer ending is checked on the number it carries.
    if (forms.suffix.length > 4) {
      last4.push(`substr(number, -${forms.suffix.length}) = @suffix`);
      params['suffix'] = forms.suffix;
    }
    parts.push(part('txns_last4', last4));
  }
  const page = `SELECT id AS pageId, created_at AS pageAt, number AS pageNumber FROM (${parts
    .map((p) => `SELECT * FROM (${p})`)
    .join(' UNION ')}) ORDER BY created_at DESC, id DESC LIMIT @limit`;
  // CROSS JOIN keeps the page outside: each of its rows is one seek on the full key.
  return {
    sql: `SELECT ${LISTED_TXN_COLUMNS} FROM (${page}) CROSS JOIN txns INDEXED BY txns_number_rows
      WHERE number = pageNumber AND created_at = pageAt AND id = pageId ORDER BY pageAt DESC, pageId DESC`,
    params,
  };
}
