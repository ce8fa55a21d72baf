import type Database from 'better-sqlite3';
import * as z from 'zod';
import { ANSWER_FIXES } from '../../../shared/money-law/changed-answer-money';
import { txnStatusSchema } from '../../../shared/ipc/txn-schemas';

const rowId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const time = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const ref = z.string().min(1).max(64);
/** The provider's own status word, as kept with the change (a reply's word is bounded the same way). */
const word = z.string().max(200).nullable();

/** An answer_changes row as journaled (migration 17): both words and when each was said. */
const changeRowSchema = z.object({
  id: rowId,
  refId: ref,
  saleId: ref,
  fromStatus: txnStatusSchema,
  fromWord: word,
  fromAt: time,
  toStatus: txnStatusSchema,
  toWord: word,
  toAt: time,
});
/** An answer_change_fixes row as journaled: what the shopkeeper did about the money, once per sale. */
const fixRowSchema = z.object({
  id: rowId,
  saleId: ref,
  choice: z.enum(ANSWER_FIXES),
  amount: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  at: time,
});

export const answerLineSchema = z.object({ kind: z.literal('answer'), change: changeRowSchema });
export type AnswerLine = z.infer<typeof answerLineSchema>;
export const answerFixLineSchema = z.object({ kind: z.literal('answer_fix'), fix: fixRowSchema });
export type AnswerFixLine = z.infer<typeof answerFixLineSchema>;

const CHANGE_SELECT = `id, ref_id AS refId, sale_id AS saleId, from_status AS fromStatus, from_word AS fromWord, from_at AS fromAt,
  to_status AS toStatus, to_word AS toWord, to_at AS toAt`;
const FIX_SELECT = `id, sale_id AS saleId, choice, amount, at`;
const maxRow = z.object({ c: z.number().int().nullable(), f: z.number().int().nullable() });
const idRow = z.object({ id: z.number().int() });

/**
 * The changed answers and their fixes written since the last look, for the journal: new rows only
 * (both tables are append-only). Changes first: a fix names a change of its sale.
 */
export class AnswerTail {
  private readonly s;
  private lastChange = 0;
  private lastFix = 0;

  constructor(private readonly db: Database.Database) {
    this.s = {
      max: db.prepare('SELECT (SELECT max(id) FROM answer_changes) AS c, (SELECT max(id) FROM answer_change_fixes) AS f'),
      changes: db.prepare(`SELECT ${CHANGE_SELECT} FROM answer_changes WHERE id > ? ORDER BY id`),
      fixes: db.prepare(`SELECT ${FIX_SELECT} FROM answer_change_fixes WHERE id > ? ORDER BY id`),
    };
  }

  /** From now on: what is already written was journaled by the session that wrote it. */
  start(): void {
    const m = maxRow.parse(this.s.max.get());
    this.lastChange = m.c ?? 0;
    this.lastFix = m.f ?? 0;
  }

  read(): (AnswerLine | AnswerFixLine)[] {
    if (this.db.inTransaction) return [];
    const lines: (AnswerLine | AnswerFixLine)[] = [];
    for (const row of this.s.changes.all(this.lastChange)) {
      this.lastChange = Math.max(this.lastChange, idRow.parse(row).id);
      const change = changeRowSchema.safeParse(row);
      // Passed over, as MoneyTail does: the snapshot carries it.
      if (change.success) lines.push({ kind: 'answer', change: change.data });
    }
    for (const row of this.s.fixes.all(this.lastFix)) {
      this.lastFix = Math.max(this.lastFix, idRow.parse(row).id);
      const fix = fixRowSchema.safeParse(row);
      if (fix.success) lines.push({ kind: 'answer_fix', fix: fix.data });
    }
    return lines;
  }
}

/**
 * Puts journaled changed answers and fixes back, each once: a change by its attempt, new status and
 * time; a fix by its sale (the table's own key), and only beside a change of that sale the books
 * hold, so a forged fix cannot stop the shopkeeper from putting money back on a due.
 */
export class AnswerReplay {
  private readonly s;

  constructor(db: Database.Database) {
    this.s = {
      hasChange: db.prepare('SELECT 1 FROM answer_changes WHERE ref_id = ? AND to_status = ? AND to_at = ?'),
      saleChanged: db.prepare('SELECT 1 FROM answer_changes WHERE sale_id = ? LIMIT 1'),
      addChange: db.prepare(
        `INSERT INTO answer_changes (ref_id, sale_id, from_status, from_word, from_at, to_status, to_word, to_at)
         VALUES (@refId, @saleId, @fromStatus, @fromWord, @fromAt, @toStatus, @toWord, @toAt)`,
      ),
      // As when it was first written (answer-change-sql.ts record): the customer was recharged, nothing to give back.
      leaveList: db.prepare('DELETE FROM give_back_waiting WHERE ref_id = ?'),
      addFix: db.prepare('INSERT OR IGNORE INTO answer_change_fixes (sale_id, choice, amount, at) VALUES (@saleId, @choice, @amount, @at)'),
    };
  }

  change({ change }: AnswerLine): void {
    if (this.s.hasChange.get(change.refId, change.toStatus, change.toAt) !== undefined) return;
    const { id: _id, ...row } = change;
    this.s.addChange.run(row);
    this.s.leaveList.run(change.saleId);
  }

  fix({ fix }: AnswerFixLine): void {
    if (this.s.saleChanged.get(fix.saleId) === undefined) return;
    const { id: _id, ...row } = fix;
    this.s.addFix.run(row);
  }
}
