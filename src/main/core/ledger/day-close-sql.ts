import type Database from 'better-sqlite3';
import * as z from 'zod';
import { dayCloseSchema, type DayClose } from '../../../shared/day-close-schemas';
import { MONEY_ENTRY_KINDS } from '../../../shared/payment/payment';
import { saleWentCount } from './sale-attempts-sql';
import { DoneBySql } from './done-by-sql';
import { ROLES } from '../../../shared/lock-schemas';

const COLUMNS = `date, revision, closed_at AS closedAt, expected, counted, counted - expected AS difference,
  success_count AS successCount, open_count AS openCount, note,
  upi_expected AS upiExpected, upi_counted AS upiCounted, upi_counted - upi_expected AS upiDifference`;
// Who counted, from done_by (migration 22), beside each closing: a few rows, each an index probe.
const byColumn = (column: string, as: string) =>
  `(SELECT ${column} FROM done_by INDEXED BY done_by_ref WHERE action = 'close' AND ref = date || '#' || revision ORDER BY id LIMIT 1) AS ${as}`;
const COUNTED_BY = [byColumn('person_id', 'byId'), byColumn('person_name', 'byName'), byColumn('role', 'byRole')].join(', ');
const closes = z.array(
  dayCloseSchema
    .extend({ byId: z.number().int().min(0).nullable(), byName: z.string().nullable(), byRole: z.enum(ROLES).nullable() })
    .transform(({ byId, byName, byRole, ...close }): DayClose =>
      byRole === null ? close : { ...close, countedBy: { id: byId, name: byName ?? '', role: byRole } },
    ),
);
const saleSums = z.object({ cash: z.number(), upi: z.number(), credit: z.number(), successPaid: z.number() });
const entrySums = z.array(z.object({ kind: z.enum(MONEY_ENTRY_KINDS), method: z.enum(['cash', 'upi']).nullable(), amount: z.number() }));

/** The customer's money of one day, in paise: the sales made that day and the entries dated that day. */
export interface DayMoneyRows {
  /** Every sale of the day by part, whatever became of its recharge after (that is an entry of its own day). */
  sales: { cash: number; upi: number; credit: number };
  /** The day's successful attempts' amounts that belong to a sale (any attempt of it): the rest were made before sales were kept. */
  successWithSale: number;
  /** Σ amount of the entries dated this day, by kind and method. */
  entries: z.infer<typeof entrySums>;
}

/** How a close is named where who counted it is kept (done_by.ref): the day and its revision. */
export const closeRef = (date: string, revision: number): string => `${date}#${revision}`;

/** The day closings: append-only (a trigger refuses changes), a recount a new revision. */
export class DayCloseSql {
  private readonly s;
  private readonly done;

  constructor(private readonly db: Database.Database) {
    this.done = new DoneBySql(db);
    this.s = {
      forDate: db.prepare(`SELECT ${COLUMNS}, ${COUNTED_BY} FROM day_closes WHERE date = ? ORDER BY revision`),
      recent: db.prepare(`SELECT ${COLUMNS}, ${COUNTED_BY} FROM day_closes INDEXED BY day_closes_recent ORDER BY closed_at DESC LIMIT ?`),
      // successPaid: what the day's successful attempts that belong to a sale were for, each
      // attempt once: a failover's success is its second attempt's, and a possible double's two
      // charges are both the sale's, so neither is taken for a recharge made before sales were kept.
      sales: db.prepare(
        `SELECT total(s.cash) AS cash, total(s.upi) AS upi, total(s.credit) AS credit,
           total((s.cash + s.upi + s.credit) * ${saleWentCount('s.ref_id')}) AS successPaid
         FROM sales s INDEXED BY sales_date WHERE s.sale_date = ?`,
      ),
      // A correction naming a khata payment carries that payment's method (cash or UPI), so the
      // close counts it on its own day in the drawer the payment went to (issue 38 item 2).
      entries: db.prepare(
        `SELECT m.kind,
           CASE WHEN m.kind = 'correction'
             THEN (SELECT p.method FROM money_entries p WHERE p.id = m.corrects AND p.kind = 'credit_payment')
             ELSE m.method END AS method,
           total(m.amount) AS amount
         FROM money_entries m INDEXED BY money_entries_date
         WHERE m.entry_date = ? GROUP BY 1, 2`,
      ),
      insert: db.prepare(
        `INSERT INTO day_closes (date, revision, closed_at, expected, counted, success_count, open_count, note, upi_expected, upi_counted)
         VALUES (@date, @revision, @closedAt, @expected, @counted, @successCount, @openCount, @note, @upiExpected, @upiCounted)`,
      ),
    };
  }

  /** A day's closings, first to last. */
  forDate(date: string): DayClose[] {
    return closes.parse(this.s.forDate.all(date));
  }

  /** The customer's money of one India-time day (issue 30 item 5); the close adds it up. */
  money(date: string): DayMoneyRows {
    const { successPaid, ...sales } = saleSums.parse(this.s.sales.get(date));
    return { sales, successWithSale: successPaid, entries: entrySums.parse(this.s.entries.all(date)) };
  }

  /** The newest closings first. */
  recent(limit: number): DayClose[] {
    return closes.parse(this.s.recent.all(limit));
  }

  /**
   * Writes the closing `decide` returns, in one SQL transaction with what it read: two closings
   * of one day cannot both take the same revision. `decide` may throw, and then nothing is written.
   */
  append<T extends Omit<DayClose, 'difference' | 'upiDifference'>>(decide: () => T): T {
    return this.db.transaction(() => {
      const close = decide();
      this.s.insert.run(close);
      this.done.record('close', closeRef(close.date, close.revision), close.closedAt);
      return close;
    })();
  }
}
