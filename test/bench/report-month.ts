import { Ledger } from '../../src/main/core/ledger/ledger';
import { ReportService } from '../../src/main/core/reports/report-service';
import { DayCloseService } from '../../src/main/core/dayclose/day-close-service';
import { istDate } from '../../src/shared/ist-date';
import { ACCOUNTS, FIXTURE_END, ledgerFixture } from './ledger-fixture';
import { dropPageCache } from './page-cache';
import { percentile, round } from './stats';

const DAY = 86_400_000;

/** The app's readers of the books, wired as a session wires them (provider-session.ts), for the fixture's three accounts. */
function open() {
  const ledger = Ledger.open(ledgerFixture());
  const reports = new ReportService({
    ledger,
    now: () => FIXTURE_END,
    language: () => 'en',
    accounts: () => ACCOUNTS.map((id) => ({ id, name: id })),
  });
  const dayClose = new DayCloseService({ ledger, reports, now: () => FIXTURE_END, upiSet: () => true });
  return { ledger, reports, dayClose };
}

/**
 * report_*_ms_1m: the Reports screen's day book (with how customers paid and each account's part)
 * for a day, 30 days and a year of the 1M-row ledger with its books (p95, warm); dayclose_ms_1m:
 * the close of the day's one call (dayclose:get), which reads the same report and the day's money.
 * *_cold_*: the first call after the file is reopened with the OS page cache dropped (when root).
 */
export function reportMonth() {
  let { ledger, reports, dayClose } = open();
  const time = (n: number, call: (i: number) => void) => {
    const times: number[] = [];
    for (let i = 0; i < n + 5; i++) {
      const t = performance.now();
      call(i);
      if (i >= 5) times.push(performance.now() - t);
    }
    return round(percentile(times, 95), 2);
  };
  // A different range each time, so no answer is cached anywhere but SQLite's pages.
  const end = (i: number) => FIXTURE_END - ((i * 7) % 300) * DAY;
  const report = (days: number) => (i: number) => {
    const r = reports.report({ from: istDate(end(i) - (days - 1) * DAY), to: istDate(end(i)) });
    if (r.totals.count === 0 || r.payments.length === 0 || r.byAccount.length === 0)
      throw new Error('the fixture has no books in this range');
  };
  const close = (i: number) => {
    if (dayClose.get(istDate(end(i))).success.count === 0) throw new Error('the fixture has no sales this day');
  };
  const cold = (call: (i: number) => void) => {
    ledger.close();
    dropPageCache();
    ({ ledger, reports, dayClose } = open());
    const t = performance.now();
    call(3);
    return round(performance.now() - t, 2);
  };
  const result = {
    report_day_ms_1m: time(50, report(1)),
    report_month_ms_1m: time(30, report(30)),
    report_year_ms_1m: time(5, report(365)),
    dayclose_ms_1m: time(50, close),
    report_wallet_month_ms_1m: (() => {
      const t = performance.now();
      reports.wallet({ from: istDate(FIXTURE_END - 29 * DAY), to: istDate(FIXTURE_END) });
      return round(performance.now() - t, 2);
    })(),
    report_day_cold_ms_1m: cold(report(1)),
    report_month_cold_ms_1m: cold(report(30)),
    report_year_cold_ms_1m: cold(report(365)),
    dayclose_cold_ms_1m: cold(close),
  };
  ledger.close();
  return result;
}
