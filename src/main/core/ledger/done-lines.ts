import type Database from 'better-sqlite3';
import * as z from 'zod';
import { dateFault, type ReplaySpan } from '../../../shared/money-law/money-entry-law';
import { doneRowSchema } from './done-by-sql';

export const doneLineSchema = z.object({ kind: z.literal('done'), done: doneRowSchema });
export type DoneLine = z.infer<typeof doneLineSchema>;

const DONE_SELECT = `id, action, ref, day, at, person_id AS personId, person_name AS personName, role`;
const maxRow = z.object({ d: z.number().int().nullable() });
const idRow = z.object({ id: z.number().int() });

/** The "who did it" rows written since the last look, for the journal: new rows only (the table is append-only). */
export class DoneTail {
  private readonly s;
  private last = 0;

  constructor(private readonly db: Database.Database) {
    this.s = {
      max: db.prepare('SELECT max(id) AS d FROM done_by'),
      after: db.prepare(`SELECT ${DONE_SELECT} FROM done_by WHERE id > ? ORDER BY id`),
    };
  }

  /** From now on: what is already written was journaled by the session that wrote it. */
  start(): void {
    this.last = maxRow.parse(this.s.max.get()).d ?? 0;
  }

  read(): DoneLine[] {
    if (this.db.inTransaction) return [];
    const lines: DoneLine[] = [];
    for (const row of this.s.after.all(this.last)) {
      this.last = Math.max(this.last, idRow.parse(row).id);
      const done = doneRowSchema.safeParse(row);
      // Passed over, as MoneyTail does: the snapshot carries it.
      if (done.success) lines.push({ kind: 'done', done: done.data });
    }
    return lines;
  }
}

/**
 * Puts journaled "who did it" rows back. A journal is a file anyone could have written, so a line
 * only adds a record the books lack: never a second "who" for a row that has one (the first is
 * kept), never one for a money row the books do not hold, never one dated outside the books.
 */
export class DoneReplay {
  private readonly s;

  constructor(
    db: Database.Database,
    private readonly span: ReplaySpan,
  ) {
    this.s = {
      has: db.prepare('SELECT 1 FROM done_by INDEXED BY done_by_ref WHERE action = ? AND ref = ? AND at = ?'),
      hasAny: db.prepare('SELECT 1 FROM done_by INDEXED BY done_by_ref WHERE action = ? AND ref = ?'),
      sale: db.prepare('SELECT 1 FROM sales WHERE ref_id = ?'),
      money: db.prepare('SELECT 1 FROM money_entries WHERE id = ?'),
      fix: db.prepare('SELECT 1 FROM answer_change_fixes WHERE sale_id = ?'),
      checked: db.prepare('SELECT 1 FROM sale_flags WHERE sale_id = ? AND seen_at IS NOT NULL'),
      // A close is named day#revision (closeRef): found on the table's own (date, revision) key.
      close: db.prepare(`SELECT 1 FROM day_closes WHERE date = substr(?1, 1, 10) AND revision = CAST(substr(?1, 12) AS INTEGER)`),
      complaint: db.prepare('SELECT 1 FROM complaints WHERE complain_id = ?'),
      insert: db.prepare(
        `INSERT INTO done_by (action, ref, day, at, person_id, person_name, role)
         VALUES (@action, @ref, @day, @at, @personId, @personName, @role)`,
      ),
    };
  }

  /** True when the line was added. */
  done({ done: d }: DoneLine): boolean {
    if (dateFault(d.at, d.day, this.span)) return false;
    if (this.s.has.get(d.action, d.ref, d.at)) return false;
    const onRow = ROW_OF[d.action];
    if (onRow && (this.s.hasAny.get(d.action, d.ref) || !this.s[onRow].get(onRow === 'money' ? Number(d.ref) : d.ref))) return false;
    const { action, ref, day, at, personId, personName, role } = d;
    return this.s.insert.run({ action, ref, day, at, personId, personName, role }).changes === 1;
  }
}

/** The actions that name a row of the books, and the check that the row is there. */
const ROW_OF = {
  sale: 'sale',
  money: 'money',
  fix: 'fix',
  checked: 'checked',
  close: 'close',
  complaint: 'complaint',
  settings: null,
  routing: null,
  account: null,
} as const;
