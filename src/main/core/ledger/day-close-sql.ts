import type Database from 'better-sqlite3';
import * as z from 'zod';
import { dayCloseSchema, type DayClose } from '../../../shared/day-close-schemas';

const COLUMNS = `date, revision, closed_at AS closedAt, expected, counted, counted - expected AS difference,
  success_count AS successCount, open_count AS openCount, note`;
const closes = z.array(dayCloseSchema);

/** The day closings: append-only (a trigger refuses changes), a recount a new revision. */
export class DayCloseSql {
  private readonly s;

  constructor(private readonly db: Database.Database) {
    this.s = {
      forDate: db.prepare(`SELECT ${COLUMNS} FROM day_closes WHERE date = ? ORDER BY revision`),
      recent: db.prepare(`SELECT ${COLUMNS} FROM day_closes INDEXED BY day_closes_recent ORDER BY closed_at DESC LIMIT ?`),
      insert: db.prepare(
        `INSERT INTO day_closes (date, revision, closed_at, expected, counted, success_count, open_count, note)
         VALUES (@date, @revision, @closedAt, @expected, @counted, @successCount, @openCount, @note)`,
      ),
    };
  }

  /** A day's closings, first to last. */
  forDate(date: string): DayClose[] {
    return closes.parse(this.s.forDate.all(date));
  }

  /** The newest closings first. */
  recent(limit: number): DayClose[] {
    return closes.parse(this.s.recent.all(limit));
  }

  /**
   * Writes the closing `decide` returns, in one SQL transaction with what it read: two closings
   * of one day cannot both take the same revision. `decide` may throw, and then nothing is written.
   */
  append<T extends Omit<DayClose, 'difference'>>(decide: () => T): T {
    return this.db.transaction(() => {
      const close = decide();
      this.s.insert.run(close);
      return close;
    })();
  }
}
