import { istDate, istDayStart } from '../../../shared/ist-date';

const DAY_MS = 86_400_000;
/** Instants whose India date SQLite's date() and JS both write as YYYY-MM-DD (years 0001–9998). */
const FIRST = Date.parse('0001-01-02T00:00:00Z');
const LAST = Date.parse('9998-12-30T00:00:00Z');

/**
 * How the whole-shop report reads [from, to): the whole India-time days inside it from the day
 * totals (fromDay..toDay, empty when fromDay > toDay), and the rest row by row: [from, fromEnd)
 * and [toStart, to), the partial days at its ends (all of it when no whole day fits).
 */
export interface DaySpan {
  fromDay: string;
  toDay: string;
  from: number;
  fromEnd: number;
  toStart: number;
  to: number;
}

export function daySpan(range: { from: number; to: number }): DaySpan {
  const { from, to } = range;
  // A range past what the dates can write is read row by row: no row of a shop lies out there.
  if (!(from >= FIRST && to <= LAST && from < to)) return { fromDay: '1', toDay: '0', from, fromEnd: to, toStart: to, to };
  const startOfFrom = istDayStart(istDate(from));
  const firstWhole = startOfFrom < from ? startOfFrom + DAY_MS : startOfFrom;
  const afterWhole = istDayStart(istDate(to));
  const fromEnd = Math.min(firstWhole, to);
  return { fromDay: istDate(firstWhole), toDay: istDate(afterWhole - 1), from, fromEnd, toStart: Math.max(afterWhole, fromEnd), to };
}
