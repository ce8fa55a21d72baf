import type Database from 'better-sqlite3';
import * as z from 'zod';
import { dayCloseSchema, type DayClose } from '../../../shared/day-close-schemas';
import { istDate } from '../../../shared/ist-date';
import { UserFacingError } from '../errors/user-facing-error';
import type { ReportService } from '../reports/report-service';

const COLUMNS = `date, revision, closed_at AS closedAt, expected, counted, counted - expected AS difference,
  success_count AS successCount, open_count AS openCount, note`;
const closes = z.array(dayCloseSchema);

export interface DayCloseDeps {
  db: Database.Database;
  reports: Pick<ReportService, 'report'>;
  now: () => number;
}

/**
 * Closing the day: the cash counted against what the ledger says the drawer should hold. The
 * expected cash is the day's successful recharges; failed and refunded ones were handed back.
 * A closing is never changed: a recount is recorded beside it, visibly.
 */
export class DayCloseService {
  private readonly s;

  constructor(private readonly deps: DayCloseDeps) {
    this.s = {
      forDate: deps.db.prepare(`SELECT ${COLUMNS} FROM day_closes WHERE date = ? ORDER BY revision`),
      recent: deps.db.prepare(`SELECT ${COLUMNS} FROM day_closes INDEXED BY day_closes_recent ORDER BY closed_at DESC LIMIT ?`),
      insert: deps.db.prepare(
        `INSERT INTO day_closes (date, revision, closed_at, expected, counted, success_count, open_count, note)
         VALUES (@date, @revision, @closedAt, @expected, @counted, @successCount, @openCount, @note)`,
      ),
    };
  }

  get(date: string) {
    const { totals } = this.deps.reports.report({ from: date, to: date });
    return {
      date,
      expected: totals.success.amount,
      success: totals.success,
      refunded: totals.refunded,
      failed: totals.failed,
      open: totals.open,
      closes: closes.parse(this.s.forDate.all(date)),
    };
  }

  close(r: { date: string; counted: number; note: string; recount: boolean }): DayClose {
    if (r.date > istDate(this.deps.now())) throw new UserFacingError('day_in_future', {});
    return this.deps.db.transaction(() => {
      const day = this.get(r.date);
      if (day.closes.length > 0 && !r.recount) {
        throw new UserFacingError('day_already_closed', { date: r.date });
      }
      const close = {
        date: r.date,
        revision: day.closes.length + 1,
        closedAt: this.deps.now(),
        expected: day.expected,
        counted: r.counted,
        successCount: day.success.count,
        openCount: day.open.count,
        note: r.note.trim(),
      };
      this.s.insert.run(close);
      return { ...close, difference: close.counted - close.expected };
    })();
  }

  list(limit = 60): DayClose[] {
    return closes.parse(this.s.recent.all(limit));
  }
}
