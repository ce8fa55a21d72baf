import type Database from 'better-sqlite3';
import * as z from 'zod';
import {
  ANSWER_FIXES,
  changedAnswerMoney,
  fixEntries,
  type AnswerFix,
  type ChangedAnswerMoney,
} from '../../../shared/money-law/changed-answer-money';
import { TXN_STATUSES } from '../../../shared/status';
import { DoneBySql } from './done-by-sql';

const changeRow = z.object({
  refId: z.string(),
  saleId: z.string(),
  fromStatus: z.enum(TXN_STATUSES),
  fromWord: z.string().nullable(),
  fromAt: z.number().int(),
  toStatus: z.enum(TXN_STATUSES),
  toWord: z.string().nullable(),
  toAt: z.number().int(),
});
export type AnswerChangeRow = z.infer<typeof changeRow>;

const fixRow = z.object({ choice: z.enum(ANSWER_FIXES), amount: z.number().int(), at: z.number().int() });
export type AnswerFixRow = z.infer<typeof fixRow>;

const moneyRow = z.object({
  onGiveBackList: z.number().int(),
  givenBack: z.number().int(),
  notPaid: z.number().int(),
  keptAsCredit: z.number().int(),
  creditReversed: z.number().int(),
});

/**
 * Changed answers (migration 17): written with the status they change, in the same SQL
 * transaction (Ledger.update), and read by the notice, the card and History. The sale's money
 * that came back to the customer is read here too, to say what the change means for it.
 */
export class AnswerChangeSql {
  private readonly s;
  private readonly done;

  constructor(
    private readonly db: Database.Database,
    /** Called after each committed write: the journal reads the new money entries (Ledger.journalMoney). */
    private readonly written: () => void = () => {},
  ) {
    this.done = new DoneBySql(db);
    this.s = {
      fixOf: db.prepare(`SELECT choice, amount, at FROM answer_change_fixes WHERE sale_id = ?`),
      addFix: db.prepare(`INSERT OR IGNORE INTO answer_change_fixes (sale_id, choice, amount, at) VALUES (@sale, @choice, @amount, @at)`),
      // Credit taken off the due (credit_reversed) or paid money kept as credit (kept_as_credit):
      // each entry is undone by a correction naming it, as the khata corrects any entry.
      undo: db.prepare(
        `INSERT INTO money_entries (kind, ref_id, number, method, amount, corrects, entry_date, at)
         SELECT 'correction', NULL, m.number, NULL, m.amount, m.id, @date, @at FROM money_entries m
         WHERE m.ref_id = @sale AND m.kind IN ('credit_reversed', 'kept_as_credit')`,
      ),
      // Cash handed back: the customer owes it again, a correction naming the sale.
      onDue: db.prepare(
        `INSERT INTO money_entries (kind, ref_id, number, method, amount, corrects, entry_date, at)
         SELECT 'correction', s.ref_id, s.number, NULL, @amount, NULL, @date, @at FROM sales s WHERE s.ref_id = @sale`,
      ),
      paid: db.prepare(
        `INSERT INTO money_entries (kind, ref_id, number, method, amount, entry_date, at)
         SELECT 'credit_payment', NULL, s.number, 'cash', @amount, @date, @at FROM sales s WHERE s.ref_id = @sale`,
      ),
      changed: db.prepare(`SELECT 1 FROM answer_changes WHERE sale_id = ? LIMIT 1`),
      add: db.prepare(
        `INSERT INTO answer_changes (ref_id, sale_id, from_status, from_word, from_at, to_status, to_word, to_at)
         SELECT t.ref_id, coalesce(t.sale_id, t.ref_id), t.status, t.provider_status,
           coalesce((SELECT max(e.at) FROM txn_events e WHERE e.ref_id = t.ref_id AND e.to_status = t.status), t.updated_at),
           @toStatus, @toWord, @at
         FROM txns t WHERE t.ref_id = @refId`,
      ),
      // The shop still has the paid part and the customer was recharged: it is no longer to give back.
      leaveList: db.prepare(`DELETE FROM give_back_waiting WHERE ref_id = ?`),
      latest: db.prepare(
        `SELECT ref_id AS refId, sale_id AS saleId, from_status AS fromStatus, from_word AS fromWord, from_at AS fromAt,
           to_status AS toStatus, to_word AS toWord, to_at AS toAt
         FROM answer_changes WHERE ref_id = ? ORDER BY id DESC LIMIT 1`,
      ),
      money: db.prepare(
        `SELECT EXISTS (SELECT 1 FROM give_back_waiting WHERE ref_id = @sale) AS onGiveBackList,
           coalesce((SELECT sum(amount) FROM money_entries WHERE ref_id = @sale AND kind IN ('given_back', 'split_not_paid')), 0) AS givenBack,
           coalesce((SELECT sum(amount) FROM money_entries WHERE ref_id = @sale AND kind = 'kept_as_credit'), 0) AS keptAsCredit,
           coalesce((SELECT sum(amount) FROM money_entries WHERE ref_id = @sale AND kind = 'not_paid'), 0)
             + coalesce((SELECT s.upi FROM sales s WHERE s.ref_id = @sale
               AND EXISTS (SELECT 1 FROM money_entries m WHERE m.ref_id = @sale AND m.kind = 'split_not_paid')), 0) AS notPaid,
           coalesce((SELECT sum(amount) FROM money_entries WHERE ref_id = @sale AND kind = 'credit_reversed'), 0) AS creditReversed`,
      ),
    };
  }

  /**
   * Keeps the change of `refId` (still in its earlier status) to `toStatus`, and takes its sale off
   * the give-back list. Called inside Ledger.update's transaction, before the status is written.
   */
  record(refId: string, saleId: string, toStatus: string, toWord: string | null, at: number): void {
    this.s.add.run({ refId, toStatus, toWord, at });
    this.s.leaveList.run(saleId);
  }

  /** What the shopkeeper did about the sale's money after its changed answer; null while nothing. */
  fixOf(saleId: string): AnswerFixRow | null {
    const row = this.s.fixOf.get(saleId);
    return row === undefined ? null : fixRow.parse(row);
  }

  /**
   * Records the shopkeeper's fix of a changed answer's money, once per sale, with its money
   * entries in the same SQL transaction: false when the sale had no changed answer, nothing to
   * fix, or was fixed already (a second click changes nothing).
   */
  fix(saleId: string, choice: AnswerFix, at: number, date: string): boolean {
    const done = this.db.transaction(() => {
      if (this.s.changed.get(saleId) === undefined) return false;
      const money = this.money(saleId);
      const entries = fixEntries(money, choice);
      if (entries.onDue <= 0) return false;
      if (this.s.addFix.run({ sale: saleId, choice, amount: entries.onDue, at }).changes !== 1) return false;
      if (money.putBackOnDue > 0) this.s.undo.run({ sale: saleId, date, at });
      if (money.collect > 0) this.s.onDue.run({ sale: saleId, amount: money.collect, date, at });
      if (entries.paidCash > 0) this.s.paid.run({ sale: saleId, amount: entries.paidCash, date, at });
      this.done.record('fix', saleId, at);
      return true;
    })();
    if (done) this.written();
    return done;
  }

  /** The newest change of this attempt's answer, or null when it never changed. */
  latest(refId: string): AnswerChangeRow | null {
    const row = this.s.latest.get(refId);
    return row === undefined ? null : changeRow.parse(row);
  }

  /** What the sale's money needs now that it is known the customer was recharged (read before or after the change). */
  money(saleId: string): ChangedAnswerMoney {
    const m = moneyRow.parse(this.s.money.get({ sale: saleId }));
    return changedAnswerMoney({ ...m, onGiveBackList: m.onGiveBackList === 1 });
  }
}
