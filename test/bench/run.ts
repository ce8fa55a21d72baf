import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { execFileSync } from 'node:child_process';
import { ROOT, spawnScript } from './spawn-script';
import { sandboxThroughput } from './sandbox-throughput';
import { submitOverhead } from './core-submit';
import { ledgerHistory } from './ledger-history';
import { reportMonth } from './report-month';
import { ledgerFixture } from './ledger-fixture';
import { pollerCpu, pollerLag } from './poller-lag';
import { storeVsLedger } from './store-vs-ledger';
import { uiBench } from './ui-bench';
import { runCrash } from '../main/core/crash/crash-run';
import { runFailoverCrash } from '../main/core/crash/failover-run';
import { CRASH_LIBRARY_IDS } from '../main/core/crash/crash-library';
import { booksBench } from './books';
import { startQuit } from './start-quit';
import { trayBench } from './tray-bench';
import { shopCatchUp, shopFlagLag, shopLag, shopLagAtSize } from './shop-lag';
import { shopReportBench } from './shop-report';
import { nearRegularBench } from './near-regular';
import { removeTempDir } from '../support/temp-folder';
import { BUILTIN_PROFILE_IDS } from '../../src/shared/profiles/profile-ids';
import { profileParseBench } from './profile-parse';
import { profileLoadBench } from './profile-load';
import { exportYearBench } from './export-year';
import { routeDecisionBench } from './route-decision';
import { routeAppBench } from './route-app';
import { upiQrBench } from './upi-qr';
import { duesBench, shopDuesBench } from './dues';

// `npm run bench`: every benchmark, printed and written to bench/results/latest.json (git-ignored).
const only = process.argv[2];
const file = join(ROOT, 'bench/results/latest.json');
// One section updates its own keys and keeps the others from the last run.
const previous: unknown = only && existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
const results: Record<string, unknown> = {
  ...(typeof previous === 'object' && previous !== null ? previous : {}),
  node: process.version,
  at: new Date().toISOString(),
};
// When and on how loaded a machine each key was measured: `npm run bench:record` keeps it with the
// figure, and the table in docs/benchmarks.md prints it beside every result.
// The commit measured, with a mark when the tree had changes not yet committed.
const commit = (() => {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
  return `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain', '--untracked-files=no') ? '+changes' : ''}`;
})();
const measured: Record<string, unknown> = {
  ...(typeof results['measured'] === 'object' && results['measured'] !== null ? results['measured'] : {}),
};
results['measured'] = measured;

async function section(name: string, fn: () => Promise<Record<string, unknown>>) {
  if (only && only !== name) return;
  process.stdout.write(`${name}… `);
  const load = loadavg()[0]!;
  const r = await fn();
  Object.assign(results, r);
  const at = new Date().toISOString();
  for (const key of Object.keys(r)) measured[key] = { at, load: Math.max(load, loadavg()[0]!), section: name, commit };
  console.log(JSON.stringify(r));
}

await section('sandbox', () => sandboxThroughput({ connections: 64, durationMs: 10_000 }));
await section('sandbox-memory', async () => {
  const { child, match } = await spawnScript('test/bench/sandbox-memory-child.ts', ['1000000'], /(\{.*"rss_mb".*\})/, ['--expose-gc']);
  child.kill();
  const r = JSON.parse(match[1]!) as { rss_mb: number; heap_mb: number; sqlite_mb: number; engine_recharges_per_s: number };
  return {
    sandbox_rss_mb_1m: r.rss_mb,
    sandbox_heap_mb_1m: r.heap_mb,
    sandbox_sqlite_mb_1m: r.sqlite_mb,
    sandbox_engine_recharges_per_s: r.engine_recharges_per_s,
  };
});

await section('submit', () => submitOverhead());
// The same with a provider that takes 50 ms, nearer a real one: the app's share of a recharge.
await section('submit-50ms', () => submitOverhead(200, 50));
// The same with a second backup folder set: each recharge also journaled, fsync'd, off the main disk.
await section('submit-journal', () => submitOverhead(600, 0, true));
await section('history', async () => ledgerHistory());
await section('near-regular', async () => nearRegularBench());
await section('report', async () => reportMonth());
// A year's Excel export while the counter keeps calling (issue 27 item 7): goal ≤ 50 ms.
await section('export', () => exportYearBench());
await section('poller', () => pollerLag());
await section('poller-cpu', () => pollerCpu());
await section('core-memory', async () => {
  const { child, match } = await spawnScript('test/bench/core-memory-child.ts', [ledgerFixture()], /(\{.*"rss_mb".*\})/, ['--expose-gc']);
  child.kill();
  const r = JSON.parse(match[1]!) as { rss_mb: number; heap_mb: number; dataDir: string };
  removeTempDir(r.dataDir);
  return { rss_mb_1m: r.rss_mb, heap_mb_1m: r.heap_mb };
});
await section('core-memory-open', async () => {
  const { child, match } = await spawnScript('test/bench/core-memory-child.ts', [ledgerFixture(), '10000'], /(\{.*"rss_mb".*\})/, [
    '--expose-gc',
  ]);
  child.kill();
  const r = JSON.parse(match[1]!) as { rss_mb: number; heap_mb: number; dataDir: string };
  removeTempDir(r.dataDir);
  return { rss_mb_1m_10k_open: r.rss_mb, heap_mb_1m_10k_open: r.heap_mb };
});
await section('store-vs-ledger', async () => storeVsLedger());
await section('ui', () => uiBench());
// Kill -9 at random instants, refunds after success and complaints included (issue 11).
await section('crash', async () => {
  const r = await runCrash(Number(process.env['CRASH_KILLS'] ?? 200), 20261122);
  const { crash_runs, crash_doubles, crash_lost, crash_money_mismatches, crash_reversals_found_by_sweep } = r;
  return { crash_runs, crash_doubles, crash_lost, crash_money_mismatches, crash_reversals_found_by_sweep };
});
// Never-twice through every provider profile (issue 28), the library providers' included (issue 36):
// the same kills in each dialect. CRASH_DIALECTS=a,b runs only those.
await section('crash-dialects', async () => {
  const out: Record<string, number> = {};
  const chosen = process.env['CRASH_DIALECTS']?.split(',');
  for (const dialect of [...BUILTIN_PROFILE_IDS, ...CRASH_LIBRARY_IDS].filter((d) => !chosen || chosen.includes(d))) {
    const r = await runCrash(Number(process.env['CRASH_DIALECT_KILLS'] ?? 50), 20261126, dialect);
    out[`crash_doubles_${dialect}`] = r.crash_doubles;
    out[`crash_lost_${dialect}`] = r.crash_lost;
    out[`crash_money_mismatches_${dialect}`] = r.crash_money_mismatches;
    out[`crash_untold_${dialect}`] = r.crash_untold;
    if (r.mismatched.length + r.untold.length > 0)
      console.log(`${dialect}: ${JSON.stringify({ mismatched: r.mismatched, untold: r.untold })}`);
  }
  return out;
});
// Kill -9 at random moments of a failover across two simulators (issue 29): goal 0 double successes.
await section('crash-failover', async () => {
  const r = await runFailoverCrash(Number(process.env['CRASH_FAILOVER_KILLS'] ?? 60), 20261126);
  // Where the kills fell: the last attempt and status written (a1-Submitting: after the row, before the reply; a2-…: mid failover).
  const phases = Object.entries(r.phases).map(([phase, n]) => [`crash_failover_killed_at_${phase.replace('-', '_')}`, n]);
  const aimed = Object.entries(r.aimed).map(([phase, n]) => [`crash_failover_aimed_${phase.replace('-', '_')}`, n]);
  return {
    ...Object.fromEntries(Object.entries(r).filter(([k]) => k.startsWith('crash_'))),
    ...Object.fromEntries(phases),
    ...Object.fromEntries(aimed),
  };
});
// Reading a reply through a profile (goal ≤ 100 µs p95), and loading a profile file (issue 35: goal ≤ 50 ms).
await section('profile-parse', async () => ({ ...(await profileParseBench()), ...(await profileLoadBench()) }));
// Choosing a provider account for each recharge (issue 29): goal ≤ 100 µs p95, the app's path on a 1M-row ledger.
await section('route-decision', async () => ({ ...routeAppBench(), ...routeDecisionBench() }));
await section('books', () => booksBench());
await section('start-quit', () => startQuit());
await section('tray', () => trayBench());
// The QR on the confirmation after choosing UPI (issue 30): goal ≤ 50 ms.
await section('upi-qr', () => upiQrBench());
// The khata's dues list at 50,000 customers (issue 30 item 3): goal ≤ 50 ms cold and warm.
await section('dues', async () => duesBench());
// The shared shop ledger (issue 16): a real PostgreSQL started for the run.
await section('shop', () => shopLag());
await section('shop-catch-up', () => shopCatchUp());
// The owner's "checked" on a possible double, counter 1 to counter 2 (issue 37: every shared kind within 1 s).
await section('shop-flag', () => shopFlagLag());
// Every shared kind again with the shop ledger holding 3 × 1M recharges and their records (issue 37's size).
await section('shop-lag-size', () => shopLagAtSize(Number(process.env['SHOP_LAG_SIZE'] ?? 1_000_000)));
await section('shop-report', async () => shopReportBench());
await section('shop-dues', async () => shopDuesBench());

const dir = join(ROOT, 'bench/results');
mkdirSync(dir, { recursive: true });
writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
console.log(`written to bench/results/latest.json`);
