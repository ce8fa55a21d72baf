import { istDate } from '../../../shared/ist-date';
import type { Ledger } from '../ledger/ledger';

/** Whether a count of the day's drawer is recorded (one indexed lookup). */
export function isDayCounted(ledger: Pick<Ledger, 'dayCloses'>, date: string): boolean {
  return ledger.dayCloses.forDate(date).length > 0;
}

export type WithMargin = { margin: number | null; createdAt: number };

/**
 * Staff get no commission of a day whose count is not recorded (issue 38): a day's commissions add
 * up to its takings, which is the expected cash a blind count must not see. The one rule for
 * History's list, its details and the recharge pushed to an open window. A row with a commission
 * is a success, so its day took money: whether the day is counted is all there is to ask.
 */
export function withheldUntilCounted<T extends WithMargin>(t: T, counted: (date: string) => boolean): T & { untilCounted?: true } {
  return t.margin !== null && !counted(istDate(t.createdAt)) ? { ...t, margin: null, untilCounted: true } : t;
}
