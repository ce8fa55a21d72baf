import { Ledger } from '../../src/main/core/ledger/ledger';
import { ReportService } from '../../src/main/core/reports/report-service';
import { istDate } from '../../src/shared/ist-date';
import { FIXTURE_END, ledgerFixture } from './ledger-fixture';
import { percentile, round } from './stats';

const DAY = 86_400_000;

/** report_month_ms_1m: the Reports screen's day book for 30 days of a 1M-row ledger (p95), and a day's and a year's. */
export function reportMonth() {
  const ledger = Ledger.open(ledgerFixture());
  const reports = new ReportService({ ledger, now: () => FIXTURE_END, language: () => 'en' });
  const time = (days: number, n: number) => {
    const times: number[] = [];
    for (let i = 0; i < n + 5; i++) {
      // A different month each time, so no answer is cached anywhere but SQLite's pages.
      const end = FIXTURE_END - ((i * 7) % 300) * DAY;
      const t = performance.now();
      const r = reports.report({ from: istDate(end - (days - 1) * DAY), to: istDate(end) });
      if (i >= 5) times.push(performance.now() - t);
      if (r.totals.count === 0) throw new Error('the fixture has no rows in this range');
    }
    return round(percentile(times, 95), 2);
  };
  const result = {
    report_day_ms_1m: time(1, 50),
    report_month_ms_1m: time(30, 30),
    report_year_ms_1m: time(365, 5),
    report_wallet_month_ms_1m: (() => {
      const t = performance.now();
      reports.wallet({ from: istDate(FIXTURE_END - 29 * DAY), to: istDate(FIXTURE_END) });
      return round(performance.now() - t, 2);
    })(),
  };
  ledger.close();
  return result;
}
