/**
 * The provider keys transactions by its own calendar date, India time (UTC+5:30, no DST).
 * Using the UTC date asks for yesterday between 00:00 and 05:30 IST, and the lookup fails.
 */
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

export function istDate(at: Date | number): string {
  const ms = typeof at === 'number' ? at : at.getTime();
  if (!Number.isFinite(ms)) throw new RangeError('invalid date');
  return new Date(ms + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** IST clock time HH:MM:SS, for receipts and history rows. */
export function istTime(at: Date | number): string {
  const ms = typeof at === 'number' ? at : at.getTime();
  return new Date(ms + IST_OFFSET_MS).toISOString().slice(11, 19);
}

/** UTC instant of 00:00 IST on the given YYYY-MM-DD, for date-range queries. */
export function istDayStart(date: string): number {
  const ms = Date.parse(`${date}T00:00:00.000Z`);
  if (!Number.isFinite(ms) || !/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new RangeError(`not a date: ${date}`);
  return ms - IST_OFFSET_MS;
}

export function isIsoDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const ms = Date.parse(`${text}T00:00:00.000Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === text;
}
