import type Database from 'better-sqlite3';
import * as z from 'zod';
import { DONE_ACTIONS, type DoneAction } from '../../../shared/done-actions';
import { doerSchema, ROLES, type Doer } from '../../../shared/lock-schemas';
import { istDate } from '../../../shared/ist-date';
import { cleanPeerText } from '../../../shared/peer-text';
import { actingPerson } from '../people/acting-person';
import { doneActionSchema } from '../../../shared/people-day-schemas';

const time = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** A done_by row as journaled and read back (migration 22). */
export const doneRowSchema = z.object({
  id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  action: z.enum(DONE_ACTIONS),
  // A journal line is a file anyone could have written: no hidden or reordering characters on a screen.
  ref: z.string().max(200).transform(cleanPeerText).pipe(z.string().min(1)),
  day: isoDate,
  at: time,
  personId: z.number().int().min(0).nullable(),
  personName: z.string().max(200).transform(cleanPeerText),
  role: z.enum(ROLES),
});

const dayActionRow = doneActionSchema.extend({
  personId: z.number().int().min(0).nullable(),
  personName: z.string().max(200),
  role: z.enum(ROLES),
});
export type DayActionRow = z.infer<typeof dayActionRow>;

const whoRow = z.object({ personId: z.number().int().min(0).nullable(), personName: z.string(), role: z.enum(ROLES) }).optional();

/**
 * Who did each money action (issue 38 item 1). `record` is called by each write a person makes,
 * inside the SQL transaction that writes it, so the row and its "who" are kept or lost together;
 * the core's own writes (a status check, a trigger's entry, a replay) run with nobody acting and
 * record nothing.
 */
export class DoneBySql {
  private readonly s;

  constructor(db: Database.Database) {
    this.s = {
      insert: db.prepare(
        `INSERT INTO done_by (action, ref, day, at, person_id, person_name, role)
         VALUES (@action, @ref, @day, @at, @personId, @personName, @role)`,
      ),
      who: db.prepare(
        `SELECT person_id AS personId, person_name AS personName, role FROM done_by INDEXED BY done_by_ref
         WHERE action = ? AND ref = ? ORDER BY id LIMIT 1`,
      ),
      // What each action moved: a money entry by its id, a sale by its ref (each a key probe).
      dayWithMoney: db.prepare(
        `SELECT d.at, d.action, d.ref, d.person_id AS personId, d.person_name AS personName, d.role, m.kind,
           coalesce(m.amount, f.amount, CASE WHEN d.action = 'sale' THEN s.cash + s.upi + s.credit END) AS amount,
           coalesce(m.number, s.number) AS number
         FROM done_by d INDEXED BY done_by_day
         LEFT JOIN money_entries m ON d.action = 'money' AND m.id = CAST(d.ref AS INTEGER)
         LEFT JOIN sales s ON d.action IN ('sale', 'fix', 'checked') AND s.ref_id = d.ref
         LEFT JOIN answer_change_fixes f ON d.action = 'fix' AND f.sale_id = d.ref
         WHERE d.day = ? ORDER BY d.at, d.id LIMIT ?`,
      ),
    };
  }

  /** The acting person did `action`, naming `ref`, at `at`; nothing when nobody is acting. */
  record(action: DoneAction, ref: string | number, at: number): void {
    const who = actingPerson();
    if (!who) return;
    this.s.insert.run({
      action,
      ref: String(ref).slice(0, 200),
      day: istDate(at),
      at,
      personId: who.id,
      personName: who.name.slice(0, 200),
      role: who.role,
    });
  }

  /** Who did it first; null when nobody was recorded (the core's own work, or before migration 22). */
  whoDid(action: DoneAction, ref: string | number): Doer | null {
    const row = whoRow.parse(this.s.who.get(action, String(ref)));
    return row ? doerSchema.parse({ id: row.personId, name: row.personName, role: row.role }) : null;
  }

  /** One day's actions with the money each moved, oldest first; rows that do not parse are left out. */
  dayWithMoney(day: string, limit: number): DayActionRow[] {
    return this.s.dayWithMoney.all(day, limit).flatMap((r) => {
      const row = dayActionRow.safeParse(r);
      return row.success ? [row.data] : [];
    });
  }
}
