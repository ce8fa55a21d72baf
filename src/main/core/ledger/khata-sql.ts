import type Database from 'better-sqlite3';
import * as z from 'zod';
import {
  DUE_ENTRY_KINDS,
  advanceRowSchema,
  ageTotalSchema,
  dueRowSchema,
  statementLineSchema,
  type AdvanceRow,
  type AgeTotal,
  type DueRow,
  type StatementLine,
} from '../../../shared/khata/khata-schemas';
import type { StatementLineFacts } from '../../../shared/money-law/money-entry-law';
import { DoneBySql } from './done-by-sql';
import { EDIT_AT } from './customer-sql';

const KINDS_IN = DUE_ENTRY_KINDS.map((k) => `'${k}'`).join(', ');
/** An entry's move of the due, in its direction: a correction carries its sign, every other kind lowers it. */
const ENTRY_DELTA = `CASE m.kind WHEN 'correction' THEN m.amount ELSE -m.amount END`;

/**
 * Every move of the due, oldest first: the credit part of each sale, then the due's entries. The
 * one place the shared formula lives: Due(number) = Σ sales.credit − Σ credit_payment
 * − Σ credit_reversed − Σ kept_as_credit + Σ correction (signed), over this counter's tables and
 * the other counters' pulled into the peer tables (migration 27): one khata for the shop. `counter`
 * is the name of the counter that wrote a peer's line, null for this counter's own.
 */
const MOVES = `
  SELECT 'sale' AS kind, NULL AS id, s.ref_id AS refId, s.method, s.credit AS delta, NULL AS corrects, NULL AS correctsRef,
    s.sale_date AS date, s.created_at AS at, 0 AS src, s.id AS seq, NULL AS counter
  FROM sales s WHERE s.number = @number AND s.credit > 0
  UNION ALL
  SELECT m.kind, m.id, m.ref_id, m.method, ${ENTRY_DELTA}, m.corrects, CASE WHEN m.kind = 'correction' THEN m.ref_id END,
    m.entry_date, m.at, 1, m.id, NULL
  FROM money_entries m WHERE m.number = @number AND m.kind IN (${KINDS_IN})
  UNION ALL
  SELECT 'sale', NULL, s.ref_id, s.method, s.credit, NULL, NULL, s.sale_date, s.created_at, 2, s.rowid, s.counter_name
  FROM peer_sales s WHERE s.number = @number AND s.credit > 0
  UNION ALL
  SELECT m.kind, m.local_id, m.ref_id, m.method, ${ENTRY_DELTA}, m.corrects, CASE WHEN m.kind = 'correction' THEN m.ref_id END,
    m.entry_date, m.at, 3, m.rowid, m.counter_name
  FROM peer_money_entries m WHERE m.number = @number AND m.kind IN (${KINDS_IN})`;

const dueRow = z.object({ due: z.number().int() });
const statementRows = z.array(statementLineSchema);
const dueRows = z.array(dueRowSchema);
const advanceRows = z.array(advanceRowSchema);
const ageRows = z.array(ageTotalSchema);
const entryRow = z.object({ id: z.number().int(), kind: z.string(), number: z.string().nullable(), amount: z.number().int() }).optional();
const saleCredit = z.object({ number: z.string(), credit: z.number().int() }).optional();
const replayRows = z.array(z.object({ number: z.string(), delta: z.number().int(), date: z.string(), at: z.number().int() }));
const limitRow = z.object({ creditLimit: z.number().int().nullable(), lang: z.string().nullable() }).optional();

export interface NewPayment {
  number: string;
  method: 'cash' | 'upi';
  /** Paise, > 0. */
  amount: number;
  date: string;
  at: number;
}

export interface NewCorrection {
  number: string;
  /** Paise, signed in the due's direction, never 0. */
  amount: number;
  /** The money entry corrected, or null when it is a sale's credit part (then `refId`). */
  corrects: number | null;
  refId: string | null;
  date: string;
  at: number;
}

/**
 * The customer's credit book (the khata, issue 30 item 3): dues computed by the shared formula
 * over every kind that moves them, whoever wrote it (money-close writes reversals and advances),
 * payments and corrections written as new money entries (never edited), and the dues list read
 * from the `khata` table the triggers keep (migration 12).
 */
export class KhataSql {
  private readonly s;
  private readonly done;

  constructor(
    private readonly db: Database.Database,
    /** Called after each committed write: the journal reads the new rows (Ledger.journalMoney). */
    private readonly written: () => void = () => {},
  ) {
    this.done = new DoneBySql(db);
    this.s = {
      due: db.prepare(`SELECT coalesce(sum(delta), 0) AS due FROM (${MOVES})`),
      statement: db.prepare(
        `SELECT kind, id, refId, method, delta, corrects, correctsRef, date, at, due, counter FROM (
           SELECT *, sum(delta) OVER (ORDER BY at, src, seq ROWS UNBOUNDED PRECEDING) AS due FROM (${MOVES})
         ) ORDER BY at DESC, src DESC, seq DESC LIMIT @limit`,
      ),
      pay: db
        .prepare(
          `INSERT INTO money_entries (kind, number, method, amount, entry_date, at)
         VALUES ('credit_payment', @number, @method, @amount, @date, @at) RETURNING id`,
        )
        .pluck(),
      correct: db
        .prepare(
          `INSERT INTO money_entries (kind, ref_id, number, amount, corrects, entry_date, at)
         VALUES ('correction', @refId, @number, @amount, @corrects, @date, @at) RETURNING id`,
        )
        .pluck(),
      entry: db.prepare(`SELECT id, kind, number, amount FROM money_entries WHERE id = ?`),
      saleCredit: db.prepare(`SELECT number, credit FROM sales WHERE ref_id = ?`),
      correctedBy: db.prepare(
        `SELECT coalesce(sum(amount), 0) AS due FROM money_entries WHERE kind = 'correction' AND number = @number
           AND (corrects = @id OR (@id IS NULL AND corrects IS NULL AND ref_id = @refId))`,
      ),
      // Oldest debt first, on khata_owing alone (it carries the name): a few pages, never the book.
      owing: db.prepare(`SELECT number, name, due, since FROM khata INDEXED BY khata_owing WHERE due > 0 ORDER BY since, number LIMIT ?`),
      // The shop's money held for customers (a failed sale kept as credit, a correction), the oldest
      // first, on khata_advances alone (migration 20: only the rows below nothing).
      advances: db.prepare(
        `SELECT number, name, -due AS amount, at FROM khata INDEXED BY khata_advances WHERE due < 0 ORDER BY at, number LIMIT ?`,
      ),
      ages: db.prepare(
        `SELECT CASE WHEN since >= @week THEN 'fresh' WHEN since >= @month THEN 'month' ELSE 'old' END AS key,
           sum(count) AS count, sum(due) AS due
         FROM khata_ages WHERE count > 0 GROUP BY 1`,
      ),
      limitOf: db.prepare(`SELECT credit_limit AS creditLimit, lang FROM customers WHERE number = ?`),
      // The owner's edit is this counter's and the shop's newest (migration 31): it travels with the
      // name the book holds now, which may be another counter's.
      setLimit: db.prepare(
        `INSERT INTO customers (number, credit_limit, updated_at, shop_at, shop_from) VALUES (@number, @limit, @now, @now, '')
         ON CONFLICT (number) DO UPDATE SET credit_limit = excluded.credit_limit, updated_at = excluded.updated_at,
           shop_at = ${EDIT_AT}, shop_from = ''`,
      ),
      setLang: db.prepare(
        `INSERT INTO customers (number, lang, updated_at) VALUES (@number, @lang, @now)
         ON CONFLICT (number) DO UPDATE SET lang = excluded.lang, updated_at = excluded.updated_at`,
      ),
    };
  }

  /** What `number` owes now, paise (negative: the shop holds an advance). By the formula, over the entries themselves. */
  due(number: string): number {
    return dueRow.parse(this.s.due.get({ number })).due;
  }

  /** The newest `limit` lines of the number's statement, newest first, each with the due after it. */
  statement(number: string, limit: number): StatementLine[] {
    return statementRows.parse(this.s.statement.all({ number, limit }));
  }

  /** Records a payment towards the due; returns the entry's id. The service checks it first. */
  pay(p: NewPayment): number {
    const id = this.db.transaction(() => {
      const entry = z.number().int().parse(this.s.pay.get(p));
      this.done.record('money', entry, p.at);
      return entry;
    })();
    this.written();
    return id;
  }

  /** Records a correction naming the entry (or sale) it corrects; returns its id. */
  correct(c: NewCorrection): number {
    const id = this.db.transaction(() => {
      const entry = z.number().int().parse(this.s.correct.get(c));
      this.done.record('money', entry, c.at);
      return entry;
    })();
    this.written();
    return id;
  }

  /**
   * The statement line a correction names, as written, for the money law (correctionFault): a
   * money entry by its id, else a sale's credit part by its ref; null when there is none.
   */
  lineOf(id: number | null, refId: string | null): StatementLineFacts | null {
    if (id !== null) {
      const e = entryRow.parse(this.s.entry.get(id));
      return e ? { number: e.number ?? '', kind: e.kind, move: e.kind === 'correction' ? e.amount : -e.amount } : null;
    }
    const s = refId === null ? undefined : saleCredit.parse(this.s.saleCredit.get(refId));
    return s ? { number: s.number, kind: 'sale', move: s.credit } : null;
  }

  /** The sum of the corrections already naming this entry (or, with id null, this sale's credit). */
  correctedBy(number: string, id: number | null, refId: string | null): number {
    return dueRow.parse(this.s.correctedBy.get({ number, id, refId })).due;
  }

  /** Who owes, oldest debt first. */
  owing(limit: number): DueRow[] {
    return dueRows.parse(this.s.owing.all(limit));
  }

  /** Customers the shop holds an advance for, the oldest first, at most `limit`. */
  advances(limit: number): AdvanceRow[] {
    return advanceRows.parse(this.s.advances.all(limit));
  }

  /**
   * Count and sum of dues by age: `week`/`month` are the earliest `since` dates still counted
   * 0–7 and 8–30 days old.
   */
  ages(week: string, month: string): AgeTotal[] {
    return ageRows.parse(this.s.ages.all({ week, month }));
  }

  /** The customer's own credit limit (paise; null: the shop's default) and reminder language (null: the shop's). */
  settings(number: string): { creditLimit: number | null; lang: string | null } {
    return limitRow.parse(this.s.limitOf.get(number)) ?? { creditLimit: null, lang: null };
  }

  setLimit(number: string, limit: number | null, now: number): void {
    this.s.setLimit.run({ number, limit, now });
  }

  setLang(number: string, lang: string | null, now: number): void {
    this.s.setLang.run({ number, lang, now });
  }
}

/**
 * Fills the `khata` table again from the append-only tables (this counter's and the peers'), every move in time order (a sale
 * before an entry of the same instant), as the triggers would have as it happened. A restore
 * copies the tables in name order (entries before sales), so the triggers' `since` would be wrong.
 */
export function replayKhata(db: Database.Database): void {
  const moves = replayRows.parse(
    db
      .prepare(
        `SELECT number, delta, date, at FROM (
           SELECT number, credit AS delta, sale_date AS date, created_at AS at, 0 AS src, id FROM sales WHERE credit > 0
           UNION ALL
           SELECT m.number, ${ENTRY_DELTA}, m.entry_date, m.at, 1, m.id FROM money_entries m
           WHERE m.number IS NOT NULL AND m.kind IN (${KINDS_IN})
           UNION ALL
           SELECT number, credit, sale_date, created_at, 2, rowid FROM peer_sales WHERE credit > 0
           UNION ALL
           SELECT m.number, ${ENTRY_DELTA}, m.entry_date, m.at, 3, m.rowid FROM peer_money_entries m
           WHERE m.number IS NOT NULL AND m.kind IN (${KINDS_IN})
         ) ORDER BY number, at, src, id`,
      )
      .all(),
  );
  const put = db.prepare(
    `INSERT INTO khata (number, due, since, at, name) VALUES (@number, @due, @since, @at,
       coalesce((SELECT name FROM customers WHERE number = @number), ''))`,
  );
  db.transaction(() => {
    // khata_ages follows by its triggers; its emptied dates go too.
    db.exec('DELETE FROM khata; DELETE FROM khata_ages');
    let i = 0;
    while (i < moves.length) {
      const number = moves[i]!.number;
      let due = 0;
      let since: string | null = null;
      let at = 0;
      for (; i < moves.length && moves[i]!.number === number; i++) {
        const m = moves[i]!;
        const next = due + m.delta;
        since = next <= 0 ? null : due <= 0 ? m.date : since;
        due = next;
        at = m.at;
      }
      put.run({ number, due, since, at });
    }
  })();
}
