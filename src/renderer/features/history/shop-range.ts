import { istDate, istDayStart } from '../../../shared/ist-date';
import { dateRange, type HistoryFilters } from '../../stores/history-store';

const DAY = 86_400_000;

/** The history filters' dates as the shop totals' range: today when no dates are chosen. */
export function shopRange(filters: HistoryFilters, now = Date.now()): { from: number; to: number } {
  const r = dateRange(filters, now);
  const today = istDayStart(istDate(now));
  return r.from !== undefined && r.to !== undefined ? { from: r.from, to: r.to } : { from: today, to: today + DAY };
}
