/**
 * The rows of the benchmark table in docs/benchmarks.md: what each key measures and its goal. The
 * figures come only from bench/recorded.json (what `npm run bench:record` kept of a real run), so
 * no number in the table is typed by hand. A key ending in `*` stands for every recorded key with
 * that beginning (one per history shape, per dialect): its row shows how many and the worst.
 */
export interface Goal {
  readonly at: 'most' | 'least';
  readonly value: number;
}

export interface Measure {
  readonly key: string;
  readonly what: string;
  readonly goal?: Goal;
  readonly unit: string;
}

const most = (value: number): Goal => ({ at: 'most', value });
const least = (value: number): Goal => ({ at: 'least', value });

export const MEASURES: readonly Measure[] = [
  {
    key: 'submit_added_ms',
    what: "a submit the window's way, minus a bare GET of the same endpoint (loopback)",
    goal: most(0.6),
    unit: 'ms',
  },
  { key: 'submit_overhead_ratio', what: 'full submit against a bare GET (loopback)', goal: most(1.5), unit: '×' },
  { key: 'submit_added_ms_journal', what: 'the same, with a second backup folder journaling each recharge', unit: 'ms' },
  { key: 'history_p95_ms_1m_worst', what: "History's worst shape, warm p95, 1M-row ledger", goal: most(5), unit: 'ms' },
  { key: 'history_p95_ms_1m_*', what: 'History per shape typed at the counter, warm p95', goal: most(5), unit: 'ms' },
  { key: 'history_cold_p95_ms_1m_*', what: 'History per shape, first query, page cache dropped', goal: most(50), unit: 'ms' },
  { key: 'report_day_ms_1m', what: "the day book for a day (with how customers paid, each account's part)", goal: most(50), unit: 'ms' },
  { key: 'report_month_ms_1m', what: 'the day book for 30 days', goal: most(50), unit: 'ms' },
  { key: 'report_month_cold_ms_1m', what: 'the same, page cache dropped', goal: most(200), unit: 'ms' },
  { key: 'report_year_ms_1m', what: 'the day book for a year', unit: 'ms' },
  { key: 'dayclose_ms_1m', what: "the close of the day's one call", goal: most(50), unit: 'ms' },
  { key: 'dayclose_cold_ms_1m', what: 'the same, page cache dropped', goal: most(200), unit: 'ms' },
  { key: 'near_regular_false_alarm_pct_1m', what: "the wrong-number guard's alarms on new customers' numbers", unit: '%' },
  {
    key: 'route_decision_us_p95',
    what: 'choosing the account as the app does (SaleRouter.first), 1M-row ledger',
    goal: most(100),
    unit: 'µs',
  },
  { key: 'profile_parse_us_p95', what: "a reply read through a profile, every built-in profile's samples", goal: most(100), unit: 'µs' },
  { key: 'profile_parse_v2_variants_us_p95', what: 'a version 2 profile with variants', goal: most(100), unit: 'µs' },
  { key: 'profile_request_v2_signed_us_p95', what: 'a request built and HMAC-signed', goal: most(100), unit: 'µs' },
  {
    key: 'profile_load_ms_10k_import_max',
    what: "a 10 KB profile's import (read, checked, engine made), the worst of the run",
    goal: most(50),
    unit: 'ms',
  },
  {
    key: 'profile_load_ms_first',
    what: "the 10 KB profile's first import in a fresh process (its first zod and RE2 use), the median of 5 processes",
    goal: most(50),
    unit: 'ms',
  },
  {
    key: 'export_xlsx_year_ipc_wait_max_ms',
    what: "the longest a counter call waits while a year's XLSX export runs",
    goal: most(50),
    unit: 'ms',
  },
  { key: 'upi_qr_p95_ms', what: 'choosing UPI to the frame that shows its QR (Chromium)', goal: most(50), unit: 'ms' },
  { key: 'dues_p95_ms_50k', what: "the Dues tab's one call, 50,000 customers", goal: most(50), unit: 'ms' },
  { key: 'dues_cold_p95_ms_50k', what: 'the same, page cache dropped', goal: most(50), unit: 'ms' },
  { key: 'crash_doubles', what: 'kill -9 at random instants: recharges sent twice', goal: most(0), unit: '' },
  { key: 'crash_lost', what: 'kill -9 at random instants: recharges lost', goal: most(0), unit: '' },
  { key: 'crash_doubles_*', what: 'the same per provider dialect', goal: most(0), unit: '' },
  { key: 'crash_lost_*', what: 'recharges lost, per provider dialect', goal: most(0), unit: '' },
  {
    key: 'crash_money_mismatches_*',
    what: 'a status or the wallet not as the provider has it, per provider dialect',
    goal: most(0),
    unit: '',
  },
  {
    key: 'crash_untold_*',
    what: "recharges left open (or a reversal unseen) because the dialect's status check cannot say the provider's word",
    unit: '',
  },
  {
    key: 'crash_sales_double_success',
    what: 'kill -9 mid failover across two simulators: a sale recharged twice',
    goal: most(0),
    unit: '',
  },
  { key: 'ledger_open_ms_1m', what: 'opening the 1M-row ledger', goal: most(100), unit: 'ms' },
  { key: 'poller_lag_p99_ms_10k', what: "the poller's lag, 10,000 open, 220 checks/s", goal: most(20), unit: 'ms' },
  { key: 'poller_cpu_pct_10k', what: "the poller's CPU, 10,000 overdue", goal: most(5), unit: '%' },
  { key: 'rss_mb_1m', what: 'the core’s memory, 1M-row ledger, a history page', goal: most(200), unit: 'MB' },
  { key: 'rss_mb_1m_10k_open', what: 'the same with 10,000 open paged in, poller on', goal: most(200), unit: 'MB' },
  { key: 'start_to_typeable_ms_1m', what: "start to a typeable counter (npm run web's launcher)", goal: most(1000), unit: 'ms' },
  { key: 'quit_ms_1m', what: 'quit to the process gone', goal: most(300), unit: 'ms' },
  { key: 'backup_ipc_wait_max_ms_1m', what: 'the longest counter call during a backup', goal: most(50), unit: 'ms' },
  { key: 'tray_longtask_ms_per10s_10k', what: 'long tasks per 10 s with 10,000 open (Chromium)', goal: most(100), unit: 'ms' },
  { key: 'tray_input_p95_ms_10k', what: 'a key in the number box to the next frame, 10,000 open', goal: most(50), unit: 'ms' },
  { key: 'ui_initial_js_gzip_kb', what: "the window's first JavaScript, gzipped", goal: most(250), unit: 'KB' },
  { key: 'ui_time_to_interactive_ms', what: 'page load to a typeable recharge form (Chromium)', goal: most(1000), unit: 'ms' },
  { key: 'ui_scroll_frame_p95_ms_1m', what: 'scrolling 1M-row History, frame interval p95', goal: most(16), unit: 'ms' },
  { key: 'sandbox_rps', what: 'the sandbox, 64 keep-alive connections, requests per second', goal: least(5000), unit: '/s' },
  { key: 'sandbox_p99_ms', what: 'the sandbox at 64 keep-alive connections, p99', unit: 'ms' },
  { key: 'shared_lag_p95_ms', what: "counter 1's recharge in counter 2's list (PostgreSQL, 3 counters)", goal: most(1000), unit: 'ms' },
  { key: 'shared_lag_sale_p95_ms', what: "counter 1's credit sale in counter 2's khata statement", goal: most(1000), unit: 'ms' },
  { key: 'shared_lag_payment_p95_ms', what: "counter 1's khata payment in counter 2's statement", goal: most(1000), unit: 'ms' },
  {
    key: 'shared_flag_lag_p95_ms',
    what: "the owner's check of counter 1's double shown at counter 2 (PostgreSQL)",
    goal: most(1000),
    unit: 'ms',
  },
  {
    key: 'shared_lag_p95_ms_3m',
    what: "counter 1's recharge in counter 2's list, the shop ledger holding 3 × 1M recharges with their events and records",
    goal: most(1000),
    unit: 'ms',
  },
  {
    key: 'shared_lag_sale_p95_ms_3m',
    what: "counter 1's credit sale in counter 2's statement, at the same size",
    goal: most(1000),
    unit: 'ms',
  },
  {
    key: 'shared_lag_payment_p95_ms_3m',
    what: "counter 1's khata payment in counter 2's statement, at the same size",
    goal: most(1000),
    unit: 'ms',
  },
  {
    key: 'shared_flag_lag_p95_ms_3m',
    what: "the owner's check of counter 3's double shown at counter 2, at the same size",
    goal: most(1000),
    unit: 'ms',
  },
  {
    key: 'shop_lag_fill_s_3m',
    what: 'filling that shop ledger in SQL (INSERT … SELECT FROM generate_series), vacuum and analyse included',
    unit: 's',
  },
  {
    key: 'shop_report_month_ms_1m_3counters',
    what: 'the whole-shop month, 1M recharges of each of 3 counters with their sales and khata payments, warm p95',
    goal: most(50),
    unit: 'ms',
  },
  { key: 'shop_report_month_cold_ms_1m_3counters', what: 'the same, first call after opening, page cache dropped', unit: 'ms' },
  { key: 'shop_dues_ms', what: "the Dues tab, 50,000 customers' khata written at 3 counters, warm p95", goal: most(50), unit: 'ms' },
  {
    key: 'shop_catch_up_s_10k',
    what: "a counter back after an hour offline: 10,000 recharges in the other counter's list",
    goal: most(10),
    unit: 's',
  },
];

export const meets = (goal: Goal, value: number): boolean => (goal.at === 'most' ? value <= goal.value : value >= goal.value);
