import type { DayClose } from '../../../shared/day-close-schemas';
import { istDate } from '../../../shared/ist-date';
import { UserFacingError } from '../errors/user-facing-error';
import type { ReportService } from '../reports/report-service';
import type { Ledger } from '../ledger/ledger';
import { dayMoney } from './day-money';
import { isDayCounted } from './until-counted-rule';
import { checkRange } from '../reports/report-range';
import type { ReportRange } from '../../../shared/report-schemas';

export interface DayCloseDeps {
  ledger: Pick<Ledger, 'dayCloses' | 'moneyFollow' | 'sales'>;
  reports: Pick<ReportService, 'report'>;
  now: () => number;
  /** The shop has a UPI ID (Settings): its UPI app has a list of the day to check against. */
  upiSet: () => boolean;
}

/**
 * Closing the day: the cash counted against what the ledger says the drawer should hold: the cash
 * taken for the day's sales and paid towards dues, less the cash handed back (day-money.ts). UPI
 * is checked the same way against what the shop's UPI app lists as received, when the shop takes
 * UPI; credit is added up beside them. A closing is never changed: a recount is recorded beside
 * it, visibly.
 */
export class DayCloseService {
  constructor(private readonly deps: DayCloseDeps) {}

  /**
   * One day's figures. `blind` (staff at the counter): until a count of this day is recorded, the
   * expected cash, the expected UPI (in `money`) and the successes' sum are not sent at all, so no
   * screen can show them before the drawer and the UPI app are counted.
   */
  get(date: string, { blind = false }: { blind?: boolean } = {}) {
    const day = this.figures(date);
    if (!blind || day.closes.length > 0) return day;
    return { ...day, expected: null, money: null, success: { count: day.success.count, amount: null }, byAccount: [] };
  }

  /**
   * The newest day of the range that took money and has no count recorded, or null (issue 38):
   * staff get no amounts of such a day, in one day's report or across many. Newest first, since
   * today is the day most often still open, and a counted day costs one lookup.
   */
  uncountedIn(range: ReportRange): string | null {
    for (const date of checkRange(range, this.deps.now()).days.reverse()) {
      if (this.counted(date)) continue;
      const day = this.figures(date);
      if (day.success.count > 0 || day.money.cash.expected !== 0 || day.money.upi.expected !== 0) return date;
    }
    return null;
  }

  /** Whether a count of the day's drawer is recorded (one indexed lookup). */
  counted(date: string): boolean {
    return isDayCounted(this.deps.ledger, date);
  }

  /** One day's figures in full (the owner's: `get` is what the counter's screen may see). */
  figures(date: string) {
    const { totals, byAccount } = this.deps.reports.report({ from: date, to: date });
    const rows = this.deps.ledger.dayCloses.money(date);
    const money = dayMoney(rows, totals.success.amount);
    const upiWaiting = this.deps.ledger.sales.unreceivedTotal();
    const { received, payments, givenBack } = money.upi;
    return {
      date,
      expected: money.cash.expected,
      success: totals.success,
      refunded: totals.refunded,
      failed: totals.failed,
      open: totals.open,
      money,
      toGiveBack: this.deps.ledger.moneyFollow.waitingTotal(),
      upiWaiting,
      upiAsked: this.deps.upiSet() || rows.sales.upi + received + payments + givenBack + upiWaiting.count > 0,
      closes: this.deps.ledger.dayCloses.forDate(date),
      byAccount,
    };
  }

  close(r: { date: string; counted: number; upiCounted?: number | null; note: string; recount: boolean }): DayClose {
    if (r.date > istDate(this.deps.now())) throw new UserFacingError('day_in_future', {});
    const close = this.deps.ledger.dayCloses.append(() => {
      const day = this.figures(r.date);
      if (day.closes.length > 0 && !r.recount) {
        throw new UserFacingError('day_already_closed', { date: r.date });
      }
      // Asked, it is needed: a close that checked only the cash would say nothing of the UPI.
      const upiCounted = r.upiCounted ?? null;
      if (day.upiAsked && upiCounted === null) throw new UserFacingError('upi_count_needed', {});
      return {
        date: r.date,
        revision: day.closes.length + 1,
        closedAt: this.deps.now(),
        expected: day.expected,
        counted: r.counted,
        successCount: day.success.count,
        openCount: day.open.count,
        note: r.note.trim(),
        upiExpected: day.money.upi.expected,
        upiCounted,
      };
    });
    return {
      ...close,
      difference: close.counted - close.expected,
      upiDifference: close.upiCounted === null ? null : close.upiCounted - close.upiExpected,
    };
  }

  list(limit = 60): DayClose[] {
    return this.deps.ledger.dayCloses.recent(limit);
  }
}
