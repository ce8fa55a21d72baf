import type Database from 'better-sqlite3';
import * as z from 'zod';
import { ROLES } from '../../../shared/lock-schemas';

const int = z.number().int();
const closeFields = {
  date: z.string(),
  revision: int,
  closedAt: int,
  expected: int,
  counted: int,
  upiExpected: int.nullable(),
  upiCounted: int.nullable(),
  successCount: int,
  openCount: int,
  note: z.string(),
  byName: z.string().nullable(),
  byRole: z.enum(ROLES).nullable(),
};
const ownCloses = z.array(z.object({ id: int, ...closeFields }));
/** One of this counter's closings as it travels: who counted by name and role, never by id (ids are each counter's own). */
export type OwnClose = z.infer<typeof ownCloses>[number];
const keptClose = z.object(closeFields).optional();
const peerCloses = z.array(z.object({ counter: z.string(), counterName: z.string(), ...closeFields }));
/** Another counter's closing as kept here, checked before it gets here. */
export type PeerClose = z.infer<typeof peerCloses>[number];
const countRow = z.object({ n: int });

// Who counted, as the close's own screen names them (day-close-sql's COUNTED_BY): the first done_by row of the close.
const by = (column: string, as: string) =>
  `(SELECT ${column} FROM done_by INDEXED BY done_by_ref WHERE action = 'close' AND ref = c.date || '#' || c.revision ORDER BY id LIMIT 1) AS ${as}`;
const CLOSE_COLUMNS = `date, revision, closed_at AS closedAt, expected, counted, upi_expected AS upiExpected,
  upi_counted AS upiCounted, success_count AS successCount, open_count AS openCount, note`;

/**
 * The day closings' side of the records channel (migration 29): this counter's closings after the
 * push cursor (day_closes is append-only, so its id is the cursor), and the other counters' kept in
 * peer_day_closes, once per (counter, day, revision).
 */
export class ShopClosesSql {
  private readonly s;

  constructor(db: Database.Database) {
    this.s = {
      after: db.prepare(
        `SELECT c.id, ${CLOSE_COLUMNS}, ${by('person_name', 'byName')}, ${by('role', 'byRole')}
         FROM day_closes c WHERE c.id > ? ORDER BY c.id LIMIT ?`,
      ),
      unsent: db.prepare('SELECT count(*) AS n FROM day_closes WHERE id > ?'),
      kept: db.prepare(
        `SELECT ${CLOSE_COLUMNS}, by_name AS byName, by_role AS byRole FROM peer_day_closes
         WHERE counter = ? AND date = ? AND revision = ?`,
      ),
      forDate: db.prepare(
        `SELECT counter, counter_name AS counterName, ${CLOSE_COLUMNS}, by_name AS byName, by_role AS byRole
         FROM peer_day_closes INDEXED BY peer_day_closes_date WHERE date = ? ORDER BY counter, revision`,
      ),
      add: db.prepare(
        `INSERT OR IGNORE INTO peer_day_closes (counter, date, revision, counter_name, closed_at, expected, counted, upi_expected,
           upi_counted, success_count, open_count, note, by_name, by_role)
         VALUES (@counter, @date, @revision, @counterName, @closedAt, @expected, @counted, @upiExpected,
           @upiCounted, @successCount, @openCount, @note, @byName, @byRole)`,
      ),
    };
  }

  /** This counter's closings after `id`, oldest first. */
  ownAfter(id: number, limit: number): OwnClose[] {
    return ownCloses.parse(this.s.after.all(id, limit));
  }

  unsentAfter(id: number): number {
    return countRow.parse(this.s.unsent.get(id)).n;
  }

  /** A peer's closing as kept, field for field as it was pulled (for a record pulled again). */
  kept(counter: string, date: string, revision: number): z.infer<typeof keptClose> {
    return keptClose.parse(this.s.kept.get(counter, date, revision));
  }

  /** Every other counter's closings of a day, each counter's revisions in order. */
  forDate(date: string): PeerClose[] {
    return peerCloses.parse(this.s.forDate.all(date));
  }

  add(close: PeerClose): void {
    this.s.add.run(close);
  }
}
