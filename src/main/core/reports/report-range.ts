import { istDate, istDayStart } from '../../../shared/ist-date';
import { MAX_REPORT_DAYS, type ReportRange } from '../../../shared/report-schemas';
import { UserFacingError } from '../errors/user-facing-error';

const DAY = 86_400_000;

/** A checked range: in order, at most a year long, not starting after today (India time). */
export interface CheckedRange {
  readonly from: string;
  readonly to: string;
  /** The UTC instants of 00:00 IST on `from` and on the day after `to`. */
  readonly start: number;
  readonly end: number;
  /** Every calendar day of the range, in order. */
  readonly days: string[];
}

export function checkRange(r: ReportRange, now: number): CheckedRange {
  const start = istDayStart(r.from);
  const end = istDayStart(r.to) + DAY;
  if (end <= start) throw new UserFacingError('report_range_reversed', {});
  const length = Math.round((end - start) / DAY);
  if (length > MAX_REPORT_DAYS) {
    throw new UserFacingError('report_range_too_long', { maxDays: MAX_REPORT_DAYS });
  }
  if (r.from > istDate(now)) throw new UserFacingError('report_range_future', {});
  const days: string[] = [];
  for (let at = start; at < end; at += DAY) days.push(istDate(at));
  return { from: r.from, to: r.to, start, end, days };
}
