import type Database from 'better-sqlite3';
import * as z from 'zod';
import { TXN_STATUSES } from '../../../shared/status';
import { sqlStatusList } from '../../../shared/money-law/status-money';
import { toShownTxn } from './rows';
import { TXN_COLUMNS } from './sql-columns';
import type { TxnRecord } from '../txn/txn-record';

const groupRow = z.object({
  date: z.string(),
  status: z.enum(TXN_STATUSES),
  operator: z.string(),
  count: z.number().int(),
  amount: z.number().int(),
  margin: z.number().int().nullable(),
});
export type ReportGroup = z.infer<typeof groupRow>;

const snapshotRows = z.array(
  z.object({ id: z.number().int(), at: z.number(), buyer: z.number().int(), source: z.enum(['balance', 'reply', 'callback']) }),
);
export type SnapshotRow = z.infer<typeof snapshotRows>[number];
const sentRow = z.object({ count: z.number().int(), amount: z.number().int() });
const accountRow = z.object({
  account: z.string(),
  status: z.enum(TXN_STATUSES),
  count: z.number().int(),
  amount: z.number().int(),
  margin: z.number().int(),
});
export type AccountGroup = z.infer<typeof accountRow>;
const supersededRow = groupRow.omit({ margin: true });
/** The statuses of an attempt a failover followed: each meant the customer got nothing from it. */
const NOTHING = sqlStatusList('nothing');

/**
 * The report's reads, prepared once per ledger. The day book reads the per-day totals that
 * triggers keep (migration 2), at most days × statuses × operators rows; everything the screen
 * shows is summed from those in memory. Rows are parsed: the file is outside input.
 */
export class ReportSql {
  private readonly s;

  constructor(db: Database.Database) {
    this.s = {
      // Totals kept by triggers (migration 2); a key whose rows all moved on keeps a zero row.
      groups: db.prepare(
        `SELECT recharge_date AS date, status, operator, count, amount, CASE WHEN margin_count > 0 THEN margin END AS margin
         FROM txn_day_totals WHERE recharge_date BETWEEN ? AND ? AND count > 0`,
      ),
      // The range's failed attempts another attempt of their sale followed (a failover's steps),
      // found through the attempts that followed them (txns_later_attempts), whose day is the
      // same or later: at most the last failure follow-up (72 h) and a day of provider dating later.
      // Both indexes cover what is read (migration 26): a cold month reads no row of txns.
      superseded: db.prepare(
        `SELECT p.recharge_date AS date, p.status, p.operator, count(*) AS count, total(p.amount) AS amount
         FROM txns n INDEXED BY txns_later_attempts
           JOIN txns p INDEXED BY txns_failed_attempts ON p.sale_id = n.sale_id AND p.attempt_no = n.attempt_no - 1
         WHERE n.attempt_no > 1 AND n.recharge_date BETWEEN date(@from, '-1 day') AND date(@to, '+4 days')
           AND p.recharge_date BETWEEN @from AND @to AND p.status IN ${NOTHING}
         GROUP BY p.recharge_date, p.status, p.operator`,
      ),
      before: db.prepare(
        'SELECT id, at, buyer, source FROM balance_snapshots INDEXED BY balance_snapshots_at WHERE at < ? ORDER BY at DESC, id DESC LIMIT 1',
      ),
      beforeReading: db.prepare(
        `SELECT id, at, buyer, source FROM balance_snapshots INDEXED BY balance_snapshots_at
         WHERE at < @at OR (at = @at AND id < @id) ORDER BY at DESC, id DESC LIMIT 1`,
      ),
      readings: db.prepare(
        `SELECT id, at, buyer, source FROM balance_snapshots INDEXED BY balance_snapshots_at
         WHERE at >= ? AND at < ? ORDER BY at DESC, id DESC LIMIT ?`,
      ),
      txnPage: db.prepare(
        `SELECT ${TXN_COLUMNS} FROM txns INDEXED BY txns_created
         WHERE created_at >= max(@start, @at) AND created_at < @end AND (created_at > @at OR id > @id)
         ORDER BY created_at, id LIMIT @limit`,
      ),
      // Per account, from the totals triggers keep by (day, account, status) (migration 19): a month
      // of rows read one by one was ~40,000 rows at a busy counter.
      byAccount: db.prepare(
        `SELECT account_id AS account, status, sum(count) AS count, sum(amount) AS amount,
           sum(CASE WHEN status = 'Success' THEN margin ELSE 0 END) AS margin
         FROM txn_account_day_totals WHERE recharge_date BETWEEN @from AND @to
         GROUP BY account_id, status HAVING sum(count) > 0`,
      ),
      sent: db.prepare(
        'SELECT COUNT(*) AS count, COALESCE(SUM(amount), 0) AS amount FROM txns INDEXED BY txns_created WHERE created_at > ? AND created_at <= ?',
      ),
    };
  }

  /**
   * The day book's groups, each sale once however many attempts it took: a failed attempt that
   * another attempt of its sale followed is taken out (the sale is counted by how it ended; the
   * per-account part still counts every attempt). One a broken row made (a status outside the
   * model, a text amount) is left out and counted, so the report shows the rest and says how many
   * it could not read.
   */
  groups(from: string, to: string): { groups: ReportGroup[]; unreadable: number } {
    const groups: ReportGroup[] = [];
    let unreadable = 0;
    for (const row of this.s.groups.all(from, to)) {
      const parsed = groupRow.safeParse(row);
      if (parsed.success) groups.push(parsed.data);
      else unreadable += 1;
    }
    const key = (g: Pick<ReportGroup, 'date' | 'status' | 'operator'>) => `${g.date} ${g.status} ${g.operator}`;
    const byKey = new Map(groups.map((g) => [key(g), g]));
    for (const row of this.s.superseded.all({ from, to })) {
      const step = supersededRow.safeParse(row);
      const g = step.success ? byKey.get(key(step.data)) : undefined;
      if (!g || !step.success) continue;
      g.count -= step.data.count;
      g.amount -= step.data.amount;
    }
    return { groups: groups.filter((g) => g.count > 0), unreadable };
  }

  /**
   * The range's attempts per provider account and status. Read from the rows (the day book's
   * totals are not kept per account), so only asked when the shop has more than one account.
   * A row that does not make sense is counted out, as in `groups`.
   */
  byAccount(range: { from: string; to: string }): { groups: AccountGroup[]; unreadable: number } {
    const groups: AccountGroup[] = [];
    let unreadable = 0;
    for (const row of this.s.byAccount.all({ from: range.from, to: range.to })) {
      const parsed = accountRow.safeParse(row);
      if (parsed.success) groups.push(parsed.data);
      else unreadable += 1;
    }
    return { groups, unreadable };
  }

  lastBefore(at: number): SnapshotRow | undefined {
    return snapshotRows.parse(this.s.before.all(at))[0];
  }

  readingBefore(r: SnapshotRow): SnapshotRow | undefined {
    return snapshotRows.parse(this.s.beforeReading.all({ at: r.at, id: r.id }))[0];
  }

  /** The newest `limit` readings in [start, end), newest first. */
  readings(start: number, end: number, limit: number): SnapshotRow[] {
    return snapshotRows.parse(this.s.readings.all(start, end, limit));
  }

  /** Recharges created in (after, upTo]. */
  sent(after: number, upTo: number): { count: number; amount: number } {
    return sentRow.parse(this.s.sent.get(after, upTo));
  }

  /**
   * One page of the range's transactions, oldest first, after the last one of the page before
   * (none: from the start). A page is read whole, so no statement stays open between pages: an
   * export that waits between them leaves the connection free for the counter's own writes.
   */
  txnPage(start: number, end: number, after: Pick<TxnRecord, 'createdAt' | 'id'> | null, limit: number): TxnRecord[] {
    const rows = this.s.txnPage.all({ start, end, at: after?.createdAt ?? Number.MIN_SAFE_INTEGER, id: after?.id ?? 0, limit });
    return rows.map((row) => toShownTxn(row));
  }
}
