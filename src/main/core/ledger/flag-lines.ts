import type Database from 'better-sqlite3';
import * as z from 'zod';
import { SALE_FLAG_KINDS } from '../../../shared/routing/sale-flags';

const rowId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const time = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const ref = z.string().min(1).max(64);

/** A sale_flags row as journaled (migration 15), its id included; the replay keys it by sale, kind and first attempt. */
const flagRowSchema = z.object({
  id: rowId,
  saleId: ref,
  kind: z.enum(SALE_FLAG_KINDS),
  firstRef: ref,
  secondRef: ref,
  at: time,
  seenAt: time.nullable(),
});

export const flagLineSchema = z.object({ kind: z.literal('flag'), flag: flagRowSchema });
export type FlagLine = z.infer<typeof flagLineSchema>;

const FLAG_SELECT = `id, sale_id AS saleId, kind, first_ref AS firstRef, second_ref AS secondRef, at, seen_at AS seenAt`;
const maxRow = z.object({ f: z.number().int().nullable() });
const unseenIds = z.array(z.object({ id: z.number().int() }));

/**
 * The flags written or marked checked since the last look, for the journal. A new row is found by
 * id; "checked" changes a row in place, so the rows still unseen are remembered (a shop has a
 * handful) and journaled again once their seen_at is set: the table allows that one change only.
 */
export class FlagTail {
  private readonly s;
  private lastFlag = 0;
  private unseen = new Set<number>();

  constructor(private readonly db: Database.Database) {
    this.s = {
      max: db.prepare('SELECT max(id) AS f FROM sale_flags'),
      unseen: db.prepare('SELECT id FROM sale_flags WHERE seen_at IS NULL'),
      changed: db.prepare(
        `SELECT ${FLAG_SELECT} FROM sale_flags
         WHERE id > @last OR (seen_at IS NOT NULL AND id IN (SELECT value FROM json_each(@unseen))) ORDER BY id`,
      ),
    };
  }

  /** From now on: what is already written was journaled by the session that wrote it. */
  start(): void {
    this.lastFlag = maxRow.parse(this.s.max.get()).f ?? 0;
    this.unseen = new Set(unseenIds.parse(this.s.unseen.all()).map((r) => r.id));
  }

  read(): FlagLine[] {
    if (this.db.inTransaction) return [];
    const lines: FlagLine[] = [];
    for (const row of this.s.changed.all({ last: this.lastFlag, unseen: JSON.stringify([...this.unseen]) })) {
      const flag = flagRowSchema.safeParse(row);
      const id = idRow.parse(row).id;
      this.lastFlag = Math.max(this.lastFlag, id);
      if (!flag.success) continue; // passed over, as MoneyTail does: the snapshot carries it
      if (flag.data.seenAt === null) this.unseen.add(id);
      else this.unseen.delete(id);
      lines.push({ kind: 'flag', flag: flag.data });
    }
    return lines;
  }
}

const idRow = z.object({ id: z.number().int() });
const existing = z.object({ id: z.number().int(), seenAt: z.number().int().nullable() }).optional();

/**
 * Puts journaled flags back, each once by (sale_id, kind, first_ref), the table's own key: a line
 * for a flag already there only sets a seen_at still unset, never clears or moves one.
 */
export class FlagReplay {
  private readonly s;

  constructor(db: Database.Database) {
    this.s = {
      byKey: db.prepare('SELECT id, seen_at AS seenAt FROM sale_flags WHERE sale_id = ? AND kind = ? AND first_ref = ?'),
      idTaken: db.prepare('SELECT 1 FROM sale_flags WHERE id = ?'),
      insert: db.prepare(
        `INSERT INTO sale_flags (id, sale_id, kind, first_ref, second_ref, at, seen_at)
         VALUES (@id, @saleId, @kind, @firstRef, @secondRef, @at, @seenAt)`,
      ),
      seen: db.prepare('UPDATE sale_flags SET seen_at = ? WHERE id = ? AND seen_at IS NULL'),
    };
  }

  flag({ flag }: FlagLine): void {
    const row = existing.parse(this.s.byKey.get(flag.saleId, flag.kind, flag.firstRef));
    try {
      if (!row) this.s.insert.run({ ...flag, id: this.s.idTaken.get(flag.id) ? null : flag.id });
      else if (row.seenAt === null && flag.seenAt !== null) this.s.seen.run(flag.seenAt, row.id);
    } catch {
      // A line the table's rules refuse is skipped, never the restore.
    }
  }
}
