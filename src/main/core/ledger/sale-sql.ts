import type Database from 'better-sqlite3';
import * as z from 'zod';
import { methodTotalSchema, saleSchema, unreceivedSaleSchema, type Sale, type UnreceivedSale } from '../../../shared/payment/payment';
import { SETTLE_CHOICES, type PaymentMethod } from '../../../shared/payment/payment-parts';
import { countAmount } from '../../../shared/day-close-schemas';
import { DoneBySql } from './done-by-sql';

/** What the counter writes with a recharge's Submitting row: how the customer paid, in paise. */
export interface NewSale {
  saleRef: string | null;
  method: PaymentMethod;
  cash: number;
  upi: number;
  credit: number;
}

/** The entries that settle a failed sale's paid part, as an SQL list: at most one per sale (migrations 12, 21 and 23). */
export const SETTLED_KINDS_SQL = `(${SETTLE_CHOICES.map((k) => `'${k}'`).join(', ')})`;

// The entries after a sale, each at most one per sale (unique indexes of migration 13).
export const SALE_COLUMNS = `s.ref_id AS refId, s.sale_ref AS saleRef, s.method, s.cash, s.upi, s.credit, s.created_at AS createdAt,
  (SELECT min(at) FROM money_entries m WHERE m.ref_id = s.ref_id AND m.kind = 'upi_received') AS upiReceivedAt,
  (SELECT kind FROM money_entries m WHERE m.ref_id = s.ref_id AND m.kind IN ${SETTLED_KINDS_SQL}) AS settledAs,
  (SELECT at FROM money_entries m WHERE m.ref_id = s.ref_id AND m.kind IN ${SETTLED_KINDS_SQL}) AS settledAt,
  (SELECT at FROM money_entries m WHERE m.ref_id = s.ref_id AND m.kind = 'credit_reversed') AS creditReversedAt,
  EXISTS (SELECT 1 FROM give_back_waiting w WHERE w.ref_id = s.ref_id) AS toGiveBack`;
const sales = z.array(saleSchema);
const unreceivedRows = z.array(unreceivedSaleSchema);
const methodTotals = z.array(methodTotalSchema);

/**
 * How each recharge was paid for, and what happened to that money after: the sales table and the
 * money entries, both append-only (triggers refuse changes). A sale is written with its
 * recharge's Submitting row (Ledger.insertSubmitting); everything after is a new entry.
 */
export class SaleSql {
  private readonly s;
  private readonly done;

  constructor(
    private readonly db: Database.Database,
    /** Called after each committed write: the journal reads the new rows (Ledger.journalMoney). */
    private readonly written: () => void = () => {},
  ) {
    this.done = new DoneBySql(db);
    this.s = {
      forRef: db.prepare(`SELECT ${SALE_COLUMNS} FROM sales s WHERE s.ref_id = ?`),
      // A failover attempt has no sale of its own: its sale is its first attempt's (issue 29).
      forAttempt: db.prepare(
        `SELECT ${SALE_COLUMNS} FROM sales s WHERE s.ref_id = coalesce((SELECT sale_id FROM txns WHERE ref_id = @refId), @refId)`,
      ),
      // Newest first, from the few rows still waiting (upi_waiting, kept by triggers).
      unreceived: db.prepare(
        `SELECT ${SALE_COLUMNS}, s.number, t.status FROM upi_waiting w INDEXED BY upi_waiting_created
         JOIN sales s ON s.ref_id = w.ref_id JOIN txns t ON t.ref_id = s.ref_id
         ORDER BY w.created_at DESC LIMIT ?`,
      ),
      unreceivedTotal: db.prepare('SELECT count(*) AS count, coalesce(sum(upi), 0) AS amount FROM upi_waiting'),
      received: db.prepare(
        `INSERT INTO money_entries (kind, ref_id, number, method, amount, entry_date, at)
         SELECT 'upi_received', s.ref_id, s.number, 'upi', s.upi, @date, @at FROM sales s
         WHERE s.ref_id = @refId AND s.upi > 0
           AND NOT EXISTS (SELECT 1 FROM money_entries m WHERE m.ref_id = s.ref_id AND m.kind IN ('upi_received', 'not_paid', 'split_not_paid'))`,
      ),
      // The days' sales by how they were paid, each sale once when any of its attempts went through (a
      // failover's success is its second attempt's): the per-day totals triggers keep (migration 19),
      // a few rows a day, never the sales themselves (a month is ~40,000 of them at a busy counter).
      byMethod: db.prepare(
        `SELECT method, sum(count) AS count, sum(cash) AS cash, sum(upi) AS upi, sum(credit) AS credit
         FROM sale_day_totals WHERE sale_date BETWEEN ? AND ? GROUP BY method HAVING sum(count) > 0`,
      ),
    };
  }

  /** How the recharge `refId` was paid for; null for one made before sales were kept. */
  forRef(refId: string): Sale | null {
    return sales.parse(this.s.forRef.all(refId))[0] ?? null;
  }

  /** How the sale that recharge `refId` is an attempt of was paid for (its own, or its first attempt's). */
  forAttempt(refId: string): Sale | null {
    return sales.parse(this.s.forAttempt.all({ refId }))[0] ?? null;
  }

  /** UPI sales the shopkeeper has not yet seen arrive, newest first. */
  unreceived(limit: number): UnreceivedSale[] {
    return unreceivedRows.parse(this.s.unreceived.all(limit));
  }

  /** How many UPI sales are still to be marked received, and their UPI in paise. */
  unreceivedTotal(): z.infer<typeof countAmount> {
    return countAmount.parse(this.s.unreceivedTotal.get());
  }

  /** Records that the sale's UPI part arrived; false when there is no such UPI sale or it was already marked. */
  markReceived(refId: string, at: number, date: string): boolean {
    const marked = this.db.transaction(() => {
      const run = this.s.received.run({ refId, at, date });
      if (run.changes === 1) this.done.record('money', Number(run.lastInsertRowid), at);
      return run.changes === 1;
    })();
    this.written();
    return marked;
  }

  /** Successful sales between two India-time dates (inclusive), by how they were paid. */
  byMethod(from: string, to: string): z.infer<typeof methodTotals> {
    return methodTotals.parse(this.s.byMethod.all(from, to));
  }
}
