import { isIsoDate } from '../../shared/ist-date';

export type DayText = { ok: true; iso: string } | { ok: false; problem: 'format' | 'noSuchDate' };

/**
 * A day typed day/month/year (1 or 2 digits each for day and month, 4 for the year; "/", "-", "."
 * or a space between), as the ledger keeps it (YYYY-MM-DD). A day that does not exist (31/02) is
 * refused, never rolled over into the next month.
 */
export function parseDayText(text: string): DayText {
  const m = /^(\d{1,2})[/\-. ](\d{1,2})[/\-. ](\d{4})$/.exec(text.trim());
  if (!m) return { ok: false, problem: 'format' };
  const [, d = '', mo = '', y = ''] = m;
  const iso = `${y}-${mo.padStart(2, '0')}-${d.padStart(2, '0')}`;
  return isIsoDate(iso) ? { ok: true, iso } : { ok: false, problem: 'noSuchDate' };
}
