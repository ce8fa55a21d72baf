import type Database from 'better-sqlite3';
import * as z from 'zod';
import { shopTxnSchema } from '../../../shared/ipc/shop-schemas';
import { txnStatusSchema } from '../../../shared/ipc/txn-schemas';
import { rangeFilters, statusParams } from './history-sql';
import { sqlStatusList } from '../../../shared/money-law/status-money';
import { daySpan } from './shop-day-span';

const cursorRow = z.object({ shopKey: z.string(), pushed: z.number().int(), pulled: z.number().int() });
export type ShopCursor = z.infer<typeof cursorRow>;
const eventRows = z.array(
  z.object({
    eventId: z.number().int(),
    refId: z.string(),
    at: z.number().int(),
    fromStatus: z.string().nullable(),
    toStatus: z.string(),
    source: z.string(),
  }),
);
export type OutboxEvent = z.infer<typeof eventRows>[number];
const countRow = z.object({ n: z.number().int() });
const keptRow = z
  .object({
    number: z.string(),
    operator: z.string(),
    amount: z.number().int(),
    status: txnStatusSchema,
    margin: z.number().int().nullable(),
  })
  .optional();
const shopRows = z.array(shopTxnSchema.omit({ own: true, possibleDouble: true, checked: true }));
export type ShopRow = z.infer<typeof shopRows>[number];
const groups = z.array(
  z.object({
    counter: z.string(),
    counterName: z.string(),
    status: z.string(),
    accountId: z.string(),
    /** The account's name as the counter that sent it knows it ('' for this counter: it names its own). */
    accountName: z.string(),
    /** 1 when these are first attempts: each is a sale. */
    first: z.number().int(),
    n: z.number().int(),
    amount: z.number().int(),
  }),
);
export type ShopGroup = z.infer<typeof groups>[number];
const doubleGroups = z.array(z.object({ counter: z.string(), n: z.number().int(), amount: z.number().int() }));
const saleRows = z.array(z.object({ refId: z.string(), saleId: z.string(), attemptNo: z.number().int(), accountId: z.string() }));
const saleIds = z.array(z.object({ saleId: z.string() }));
/** Success as the ledger writes it: the charged status (money law: 'went'). */
const WENT = sqlStatusList('went');

/** Another counter's row as it is kept in `shop_rows` (checked before it gets here). */
export interface KeptShopRow {
  refId: string;
  counter: string;
  counterName: string;
  number: string;
  operator: string;
  amount: number;
  status: string;
  message: string;
  createdAt: number;
  updatedAt: number;
  saleId: string;
  attemptNo: number;
  accountId: string;
  accountName: string;
  /** Its Success was a Failure or Error the status check changed (its event in the shop ledger). */
  changedByCheck: boolean;
  walletKey: string | null;
  margin: number | null;
}

/** The whole-shop history's filters, as far as the rows pulled from other counters take them. */
export interface ShopRowsQuery {
  from?: number | undefined;
  to?: number | undefined;
  search: string;
  statuses?: readonly string[] | undefined;
  operator?: string | undefined;
  limit: number;
}

/**
 * The shop ledger's side of this counter's file (docs/shared-ledger.md): the outbox cursor, the
 * other counters' rows pulled into `shop_rows`, and the whole shop's history and totals read from
 * them. Rows are parsed: the file is outside input.
 */
export class ShopSql {
  private readonly s;

  constructor(private readonly db: Database.Database) {
    this.s = {
      cursor: db.prepare('SELECT shop_key AS shopKey, pushed_event_id AS pushed, pulled_seq AS pulled FROM shop_outbox WHERE id = 1'),
      reset: db.prepare('UPDATE shop_outbox SET shop_key = ?, pushed_event_id = 0, pulled_seq = 0 WHERE id = 1'),
      // Every row at once, with the day totals (migration 33 keeps no delete trigger: this stays a truncation).
      clearRows: db.prepare('DELETE FROM shop_rows'),
      clearTotals: db.prepare('DELETE FROM shop_day_totals'),
      eventsAfter: db.prepare(
        `SELECT id AS eventId, ref_id AS refId, at, from_status AS fromStatus, to_status AS toStatus, source
         FROM txn_events WHERE id > ? ORDER BY id LIMIT ?`,
      ),
      unsent: db.prepare('SELECT count(*) AS n FROM txn_events WHERE id > ?'),
      pushed: db.prepare('UPDATE shop_outbox SET pushed_event_id = ? WHERE id = 1 AND pushed_event_id < ?'),
      pulled: db.prepare('UPDATE shop_outbox SET pulled_seq = ? WHERE id = 1 AND pulled_seq < ?'),
      rewindPull: db.prepare('UPDATE shop_outbox SET pulled_seq = 0 WHERE id = 1'),
      kept: db.prepare('SELECT number, operator, amount, status, margin FROM shop_rows WHERE ref_id = ?'),
      // The whole-shop report (migration 33): whole days from the day totals, the partial days at the
      // range's ends row by row; ordered as the groups of every row were, so the report reads the same.
      ownGroups: db.prepare(
        `WITH part (status, account_id, first, n, amount) AS (
           SELECT status, account_id, first, count, amount FROM txn_shop_day_totals
           WHERE day BETWEEN @fromDay AND @toDay AND count > 0
           UNION ALL
           SELECT status, account_id, attempt_no = 1, 1, amount FROM txns INDEXED BY txns_created
           WHERE created_at >= @from AND created_at < @fromEnd
           UNION ALL
           SELECT status, account_id, attempt_no = 1, 1, amount FROM txns INDEXED BY txns_created
           WHERE created_at >= @toStart AND created_at < @to)
         SELECT @prefix AS counter, @name AS counterName, status, account_id AS accountId, '' AS accountName, first,
           sum(n) AS n, sum(amount) AS amount
         FROM part GROUP BY status, account_id, first ORDER BY status, account_id, first`,
      ),
      otherGroups: db.prepare(
        `WITH part (counter, counter_name, status, account_id, account_name, first, n, amount) AS (
           SELECT counter, counter_name, status, account_id, account_name, first, count, amount FROM shop_day_totals
           WHERE day BETWEEN @fromDay AND @toDay AND count > 0
           UNION ALL
           SELECT counter, counter_name, status, account_id, account_name, attempt_no = 1, 1, amount
           FROM shop_rows INDEXED BY shop_rows_created WHERE created_at >= @from AND created_at < @fromEnd
           UNION ALL
           SELECT counter, counter_name, status, account_id, account_name, attempt_no = 1, 1, amount
           FROM shop_rows INDEXED BY shop_rows_created WHERE created_at >= @toStart AND created_at < @to)
         SELECT counter, max(counter_name) AS counterName, status, account_id AS accountId, max(account_name) AS accountName,
           first, sum(n) AS n, sum(amount) AS amount
         FROM part GROUP BY counter, status, account_id, first ORDER BY counter, status, account_id, first`,
      ),
      doubleGroups: db.prepare(
        `SELECT @prefix AS counter, count(*) AS n, coalesce(sum(t.amount), 0) AS amount
           FROM txns t INDEXED BY txns_later_attempts_created
           WHERE t.attempt_no > 1 AND t.created_at >= @from AND t.created_at < @to AND t.status IN ${WENT}
             AND (EXISTS (SELECT 1 FROM txns f WHERE f.ref_id = t.sale_id AND f.status IN ${WENT})
               OR EXISTS (SELECT 1 FROM txns f WHERE f.sale_id = t.sale_id AND f.attempt_no < t.attempt_no AND f.status IN ${WENT}))
           UNION ALL
           SELECT r.counter, count(*), coalesce(sum(r.amount), 0)
           FROM shop_rows r INDEXED BY shop_rows_later_attempts
           WHERE r.attempt_no > 1 AND r.created_at >= @from AND r.created_at < @to AND r.status IN ${WENT}
             AND EXISTS (SELECT 1 FROM shop_rows f WHERE f.sale_id = r.sale_id AND f.attempt_no < r.attempt_no AND f.status IN ${WENT})
           GROUP BY r.counter`,
      ),
      upsertRow: db.prepare(
        `INSERT INTO shop_rows (ref_id, counter, counter_name, number, operator, amount, status, message, created_at, updated_at,
           sale_id, attempt_no, account_id, account_name, changed_by_check, wallet_key, margin)
         VALUES (@refId, @counter, @counterName, @number, @operator, @amount, @status, @message, @createdAt, @updatedAt,
           @saleId, @attemptNo, @accountId, @accountName, @changedByCheck, @walletKey, @margin)
         ON CONFLICT (ref_id) DO UPDATE SET counter_name = excluded.counter_name, number = excluded.number,
           operator = excluded.operator, amount = excluded.amount, status = excluded.status, message = excluded.message,
           created_at = excluded.created_at, updated_at = excluded.updated_at, sale_id = excluded.sale_id,
           attempt_no = excluded.attempt_no, account_id = excluded.account_id, account_name = excluded.account_name,
           changed_by_check = max(changed_by_check, excluded.changed_by_check),
           wallet_key = excluded.wallet_key, margin = excluded.margin
         WHERE shop_rows.counter = excluded.counter`,
      ),
    };
  }

  cursor(): ShopCursor {
    return cursorRow.parse(this.s.cursor.get());
  }

  /** Another shop ledger (or the first): the cursors start again and the rows pulled go. */
  resetFor(shopKey: string): void {
    this.db.transaction(() => {
      this.s.reset.run(shopKey);
      this.s.clearRows.run();
      this.s.clearTotals.run();
    })();
  }

  /** This counter's events after `id`, oldest first. */
  eventsAfter(id: number, limit: number): OutboxEvent[] {
    return eventRows.parse(this.s.eventsAfter.all(id, limit));
  }

  /** How many events come after `id`. */
  countAfter(id: number): number {
    return countRow.parse(this.s.unsent.get(id)).n;
  }

  /** The push cursor moves forward only. */
  markPushed(eventId: number): void {
    this.s.pushed.run(eventId, eventId);
  }

  /** Keeps pulled rows and moves the pull cursor (forward only), in one transaction. */
  keepPulled(rows: readonly KeptShopRow[], seq: number): void {
    this.db.transaction(() => {
      for (const row of rows) this.s.upsertRow.run({ ...row, changedByCheck: row.changedByCheck ? 1 : 0 });
      this.s.pulled.run(seq, seq);
    })();
  }

  /**
   * The pull starts again from the first change: the cursor was past the shop ledger's own counter
   * (moved there by a forged row before rows were checked in order). Rows are kept by ref_id, so
   * pulling them again changes nothing but what was missed.
   */
  rewindPull(): void {
    this.s.rewindPull.run();
  }

  /** What is kept of another counter's row, for the check of its next version. */
  kept(refId: string): z.infer<typeof keptRow> {
    return keptRow.parse(this.s.kept.get(refId));
  }

  /** The other counters' rows as last pulled, newest first. */
  rows(q: ShopRowsQuery): ShopRow[] {
    const { where, params } = rangeFilters(q);
    if (q.statuses && q.statuses.length > 0) where.push(`status IN (${statusParams(q.statuses, params)})`);
    if (q.operator) {
      where.push('operator = @operator');
      params['operator'] = q.operator;
    }
    if (q.search) {
      // ':' sorts right after '9': [search, search + ':') is every number with this prefix.
      where.push('((number >= @search AND number < @searchEnd) OR ref_id = @search)');
      params['search'] = q.search;
      params['searchEnd'] = `${q.search}:`;
    }
    const sql = `SELECT ref_id AS refId, counter, counter_name AS counterName, number, operator, amount, status, message,
      created_at AS createdAt, coalesce(sale_id, ref_id) AS saleId, attempt_no AS attemptNo, account_id AS accountId,
      account_name AS accountName FROM shop_rows ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
    ORDER BY created_at DESC LIMIT @limit`;
    // Every row here was checked when it was pulled; parsed again because it comes from a file.
    return shopRows.parse(this.db.prepare(sql).all(params));
  }

  /** Which sale, attempt and account each of this counter's rows is (a searched history list reads none of them). */
  ownAttempts(refIds: readonly string[]): Map<string, z.infer<typeof saleRows>[number]> {
    const rows = saleRows.parse(
      this.db
        .prepare(
          `SELECT ref_id AS refId, coalesce(sale_id, ref_id) AS saleId, attempt_no AS attemptNo, account_id AS accountId
           FROM txns WHERE ref_id IN (SELECT value FROM json_each(?))`,
        )
        .all(JSON.stringify(refIds)),
    );
    return new Map(rows.map((r) => [r.refId, r]));
  }

  /** Of these sales (this counter's or another's), those with two attempts or more charged: possible doubles. */
  doubleSales(sales: readonly string[]): Set<string> {
    const rows = saleIds.parse(
      this.db
        .prepare(
          `WITH s(id) AS (SELECT DISTINCT value FROM json_each(?))
           SELECT id AS saleId FROM s WHERE
             (SELECT count(*) FROM txns t WHERE t.sale_id = s.id AND t.status IN ${WENT})
             + (SELECT count(*) FROM txns t WHERE t.ref_id = s.id AND t.sale_id IS NULL AND t.status IN ${WENT})
             + (SELECT count(*) FROM shop_rows r WHERE r.sale_id = s.id AND r.status IN ${WENT}) > 1`,
        )
        .all(JSON.stringify(sales)),
    );
    return new Set(rows.map((r) => r.saleId));
  }

  /**
   * Totals per status and account over a range, first attempts apart: this counter's from its own
   * ledger, named as `me`. Whole days from the totals triggers keep (migration 33), the ends row by row.
   */
  ownGroups(me: { prefix: string; name: string }, range: { from: number; to: number }): ShopGroup[] {
    return groups.parse(this.s.ownGroups.all({ ...daySpan(range), prefix: me.prefix, name: me.name }));
  }

  /** Totals per counter, status and account over a range, first attempts apart, from the rows last pulled. */
  otherGroups(range: { from: number; to: number }): ShopGroup[] {
    return groups.parse(this.s.otherGroups.all(daySpan(range)));
  }

  /**
   * Per counter, the charges over a range beyond a sale's first (a later attempt charged when an
   * earlier one of its sale was too): possible doubles. Only later attempts can be one: a few rows.
   */
  doubleGroups(me: { prefix: string }, range: { from: number; to: number }): z.infer<typeof doubleGroups> {
    return doubleGroups.parse(this.s.doubleGroups.all({ from: range.from, to: range.to, prefix: me.prefix }));
  }
}
