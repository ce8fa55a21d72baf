import { istDayStart } from '../../../shared/ist-date';

/** Noon India time of a YYYY-MM-DD date, for the formatters that take an instant. */
export const dateAt = (date: string): number => istDayStart(date) + 6.5 * 3600_000;
