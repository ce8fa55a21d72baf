import type Database from 'better-sqlite3';
import * as z from 'zod';
import { toGiveBackSchema, type ToGiveBack } from '../../../shared/payment/payment';
import type { SettleChoice } from '../../../shared/payment/payment-parts';
import { SALE_COLUMNS, SETTLED_KINDS_SQL } from './sale-sql';
import { failedSaleMoney } from './migrations';
import { sqlStatusList } from '../../../shared/money-law/status-money';
import { DoneBySql } from './done-by-sql';

const waiting = z.array(toGiveBackSchema);
const countAmount = z.object({ count: z.number().int(), amount: z.number().int() });

/** Statuses after which the customer did not get the recharge (the money law's table): their money goes back to them. */
const FAILED_STATUSES = sqlStatusList('nothing');

/**
 * The customer's money after a recharge fails or is refunded (issue 30 item 4). The credit part
 * comes off the due by itself (migration 13's triggers write credit_reversed with the status);
 * the paid part waits on give_back_waiting until the shopkeeper gives it back or keeps it as
 * credit, which is written here, once per sale. Dues are the khata's to read (khata-sql.ts).
 */
export class MoneyFollowSql {
  private readonly s;
  private readonly done;

  constructor(
    private readonly db: Database.Database,
    /** Called after each committed write: the journal reads the new rows (Ledger.journalMoney). */
    private readonly written: () => void = () => {},
  ) {
    this.done = new DoneBySql(db);
    this.s = {
      waiting: db.prepare(
        `SELECT ${SALE_COLUMNS}, s.number, t.status, w.failed_at AS failedAt FROM give_back_waiting w INDEXED BY give_back_waiting_failed
         JOIN sales s ON s.ref_id = w.ref_id JOIN txns t ON t.ref_id = s.ref_id
         ORDER BY w.failed_at DESC LIMIT ?`,
      ),
      // The triggers' own SQL (migration 12), for a routed sale the triggers leave to the service.
      follow: failedSaleMoney('@sale', '@at')
        .split(';')
        .map((sql) => sql.trim())
        .filter((sql) => sql.length > 0)
        .map((sql) => db.prepare(sql)),
      // Routed sales whose newest attempt failed and whose money has not followed: a crash came
      // between the attempt's answer and the service's decision about the sale.
      unfollowed: db
        .prepare<[string], string>(
          `SELECT s.ref_id FROM sales s INDEXED BY sales_date WHERE s.sale_date >= ?
           AND EXISTS (SELECT 1 FROM txns t WHERE t.ref_id = s.ref_id AND t.route_json IS NOT NULL)
           AND (SELECT status FROM txns t WHERE t.ref_id = s.ref_id OR t.sale_id = s.ref_id ORDER BY t.attempt_no DESC LIMIT 1) IN ${FAILED_STATUSES}
           AND NOT EXISTS (SELECT 1 FROM money_entries m WHERE m.ref_id = s.ref_id AND (m.kind = 'credit_reversed' OR m.kind IN ${SETTLED_KINDS_SQL}))
           AND NOT EXISTS (SELECT 1 FROM give_back_waiting w WHERE w.ref_id = s.ref_id)`,
        )
        .pluck(),
      // Each of these is written only when the sale is over without a recharge (failedSaleMoney, settle).
      followed: db
        .prepare<{ sale: string }, number>(
          `SELECT EXISTS (SELECT 1 FROM money_entries m WHERE m.ref_id = @sale AND (m.kind = 'credit_reversed' OR m.kind IN ${SETTLED_KINDS_SQL}))
           OR EXISTS (SELECT 1 FROM give_back_waiting w WHERE w.ref_id = @sale)`,
        )
        .pluck(),
      waitingTotal: db.prepare('SELECT count(*) AS count, coalesce(sum(amount), 0) AS amount FROM give_back_waiting'),
      // The paid part as one entry, in the way it was paid: a split's is handed back from the drawer.
      // "Did not pay" only for a sale paid wholly by UPI that never came: a split's cash was paid.
      // A split whose UPI part never came: the cash part handed back, its UPI not paid (split-not-paid.ts).
      settle: db.prepare(
        `INSERT INTO money_entries (kind, ref_id, number, method, amount, entry_date, at)
         SELECT @choice, s.ref_id, s.number, CASE WHEN s.cash > 0 THEN 'cash' ELSE 'upi' END,
           CASE WHEN @choice = 'split_not_paid' THEN s.cash ELSE s.cash + s.upi END, @date, @at
         FROM sales s
         WHERE s.ref_id = @refId AND s.cash + s.upi > 0
           -- On the list only once the sale is over: a failed attempt of a routed sale may still be followed by one that succeeds.
           AND EXISTS (SELECT 1 FROM give_back_waiting w WHERE w.ref_id = s.ref_id)
           AND NOT EXISTS (SELECT 1 FROM money_entries m WHERE m.ref_id = s.ref_id AND m.kind IN ${SETTLED_KINDS_SQL})
           AND (@choice NOT IN ('not_paid', 'split_not_paid') OR (s.method = CASE @choice WHEN 'not_paid' THEN 'upi' ELSE 'split' END
             AND NOT EXISTS (SELECT 1 FROM money_entries m WHERE m.ref_id = s.ref_id AND m.kind = 'upi_received')))`,
      ),
    };
  }

  /** Failed or refunded sales whose paid part is still with the shop, the newest failure first. */
  toGiveBack(limit: number): ToGiveBack[] {
    return waiting.parse(this.s.waiting.all(limit));
  }

  /**
   * A routed sale that can go no further (every attempt failed, none left or no account to try):
   * its money follows as the triggers make an unrouted sale's follow, once (the same SQL, so the
   * same guards). `sale` is the first attempt's ref_id, `at` when its last attempt failed.
   */
  followFailedSale(sale: string, at: number): void {
    this.db.transaction(() => {
      for (const statement of this.s.follow) statement.run({ sale, at });
    })();
    this.written();
  }

  /** True once the customer's money of the sale `sale` (its first attempt's ref_id) has followed it: the sale is over. */
  followed(sale: string): boolean {
    return this.s.followed.get({ sale }) === 1;
  }

  /** Routed sales since `fromDate` (India time) whose last attempt failed and whose money has not followed. */
  unfollowedRoutedSales(fromDate: string): string[] {
    return this.s.unfollowed.all(fromDate);
  }

  /** How many failed sales' paid parts are still with the shop, and how much. */
  waitingTotal(): z.infer<typeof countAmount> {
    return countAmount.parse(this.s.waitingTotal.get());
  }

  /**
   * Records what was done with a failed sale's paid part, dated `date` (India time, today): false
   * when there is nothing to settle (not failed, nothing paid) or it was already settled.
   */
  settle(refId: string, choice: SettleChoice, at: number, date: string): boolean {
    const settled = this.db.transaction(() => {
      const run = this.s.settle.run({ refId, choice, at, date });
      if (run.changes === 1) this.done.record('money', Number(run.lastInsertRowid), at);
      return run.changes === 1;
    })();
    this.written();
    return settled;
  }
}
