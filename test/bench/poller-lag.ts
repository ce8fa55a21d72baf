import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Ledger } from '../../src/main/core/ledger/ledger';
import { Poller, DEFAULT_POLLER } from '../../src/main/core/poller/poller';
import { ResellerClient } from '../../src/main/core/reseller/reseller-client';
import { istDate } from '../../src/shared/ist-date';
import { round } from './stats';
import { spawnScript } from './spawn-script';
import { ledgerDb } from '../support/ledger-db';
import { makeTempDir, removeTempDir } from '../support/temp-folder';

/** poller_lag_p99_ms_10k: event-loop delay while 10,000 open transactions are being polled. */
export async function pollerLag(open = 10_000, seconds = 10) {
  const { child, match } = await spawnScript(
    'src/sandbox/cli.ts',
    ['--port', '0', '--token', 'poller-bench-token'],
    /listening on (http:\/\/127\.0\.0\.1:\d+)/,
  );
  const dir = makeTempDir('bench-poller');
  const ledger = Ledger.open(join(dir, 'ledger.db'));
  const now = Date.now();
  const insert = ledgerDb(ledger).prepare(
    `INSERT INTO txns (ref_id, number, operator, amount, status, recharge_date, created_at, updated_at, next_check_at)
     VALUES (?, ?, 'JIO', 1000, 'Pending', ?, ?, ?, ?)`,
  );
  ledgerDb(ledger).transaction(() => {
    for (let i = 0; i < open; i++)
      insert.run(`POLL${String(i).padStart(12, '0')}`, `98${String(i).padStart(8, '0')}`, istDate(now), now, now, now + (i % 1000));
  })();
  const client = new ResellerClient(() => ({ baseUrl: match[1]!, username: '9876543210', token: 'poller-bench-token' }));
  let checks = 0;
  // Harder than the defaults (3 in flight, 5/s) so the measurement has load to show.
  const poller = new Poller({
    ledger,
    client,
    settings: () => ({ ...DEFAULT_POLLER, maxInFlight: 10, ratePerSecond: 200 }),
    onChange: () => checks++,
    onConnection: () => {},
  });
  const h = monitorEventLoopDelay({ resolution: 1 });
  h.enable();
  poller.start();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  poller.stop();
  await poller.idle();
  h.disable();
  await client.close();
  ledger.close();
  child.kill('SIGTERM');
  removeTempDir(dir);
  return {
    poller_lag_p99_ms_10k: round(h.percentile(99) / 1e6, 2),
    poller_lag_max_ms_10k: round(h.max / 1e6, 2),
    poller_checks_per_s: round(checks / seconds, 0),
  };
}

/**
 * poller_cpu_pct_10k: the poller with the shop's default settings (3 in flight, 5 checks/s) over
 * 10,000 open transactions, all overdue: CPU of this process as a share of one core, the check
 * rate against the cap, and whether the transactions checked are the longest overdue.
 */
export async function pollerCpu(open = 10_000, seconds = 15) {
  const { child, match } = await spawnScript(
    'src/sandbox/cli.ts',
    ['--port', '0', '--token', 'poller-bench-token'],
    /listening on (http:\/\/127\.0\.0\.1:\d+)/,
  );
  const dir = makeTempDir('bench-poller-cpu');
  const ledger = Ledger.open(join(dir, 'ledger.db'));
  const now = Date.now();
  const insert = ledgerDb(ledger).prepare(
    `INSERT INTO txns (ref_id, number, operator, amount, status, recharge_date, created_at, updated_at, next_check_at)
     VALUES (?, ?, 'JIO', 1000, 'Pending', ?, ?, ?, ?)`,
  );
  // Row i fell due i × 10 ms after row 0: the poller must take them in that order.
  ledgerDb(ledger).transaction(() => {
    for (let i = 0; i < open; i++) {
      const ref = `CPU${String(i).padStart(12, '0')}`;
      insert.run(ref, `98${String(i).padStart(8, '0')}`, istDate(now), now - 3600_000, now - 3600_000, now - 200_000 + i * 10);
    }
  })();
  const client = new ResellerClient(() => ({ baseUrl: match[1]!, username: '9876543210', token: 'poller-bench-token' }));
  const settings = DEFAULT_POLLER;
  const poller = new Poller({ ledger, client, settings: () => settings, onChange: () => {}, onConnection: () => {} });
  // Settle (JIT, first connections), then measure a window.
  poller.start();
  await new Promise((r) => setTimeout(r, 2000));
  const checkedBefore = Number(ledgerDb(ledger).prepare('SELECT COUNT(*) FROM txns WHERE attempts > 0').pluck().get());
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const used = process.cpuUsage(cpu0);
  const wall = performance.now() - t0;
  const checked = Number(ledgerDb(ledger).prepare('SELECT COUNT(*) FROM txns WHERE attempts > 0').pluck().get());
  // Every checked row must be among the first `checked` (+ those in flight) to fall due.
  const lastChecked = String(ledgerDb(ledger).prepare('SELECT MAX(ref_id) FROM txns WHERE attempts > 0').pluck().get());
  poller.stop();
  await poller.idle();
  await client.close();
  ledger.close();
  child.kill('SIGTERM');
  removeTempDir(dir);
  return {
    poller_cpu_pct_10k: round((100 * (used.user + used.system)) / 1000 / wall, 2),
    poller_checks_per_s_10k: round((checked - checkedBefore) / (wall / 1000), 2),
    poller_rate_cap_per_s: settings.ratePerSecond,
    poller_due_order_ok: Number(lastChecked.slice(3)) < checked + settings.maxInFlight,
  };
}
