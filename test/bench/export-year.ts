import { join } from 'node:path';
import { startHarness } from '../../src/harness/start-harness';
import { istDate } from '../../src/shared/ist-date';
import { contract } from '../../src/shared/ipc/contract';
import { seedLedger } from '../support/seed-ledger';
import { makeTempDir, removeTempDir } from '../support/temp-folder';
import { percentile, round } from './stats';

const DAY = 86_400_000;
const ROWS = 200_000;
/** How often the counter asks something while the export runs (a status poll, a keypress's call). */
const PING_MS = 5;

/**
 * export_xlsx_year_ipc_wait_max_ms: an Excel export of ~200,000 transactions (a busy shop's year)
 * through the router, on the harness's real core, while a call goes through the router every 5 ms.
 * A call's wait counts from when it was due, so time the event loop was held before it could even
 * be sent counts too (one loop held it ~10 s).
 */
export async function exportYearBench() {
  const dataDir = makeTempDir('bench-export');
  const now = Date.now();
  const t0 = now - 150 * DAY;
  seedLedger(join(dataDir, 'demo', 'ledger.db'), ROWS, t0, 'EXP');
  const harness = await startHarness({ dataDir, build: false });
  try {
    const { router } = harness.core;
    const range = { from: istDate(t0), to: istDate(now) };
    /**
     * Calls every PING_MS while `work` runs: each call's wait from when it was due, and the CPU
     * this process used between two calls (what the export held the thread for, whatever else the
     * machine was doing: on a shared machine the wall-clock wait also counts time not scheduled).
     */
    const counter = async (work: Promise<unknown>) => {
      const waits: number[] = [];
      let cpuMax = 0;
      let busy = true;
      void work.finally(() => (busy = false));
      let due = performance.now();
      let cpu = process.cpuUsage();
      while (busy) {
        const r = await router.dispatch('app:info', {});
        if (!r.ok) throw new Error('app:info failed');
        waits.push(performance.now() - due);
        const used = process.cpuUsage(cpu);
        cpuMax = Math.max(cpuMax, (used.user + used.system) / 1000);
        due = Math.max(due + PING_MS, performance.now());
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
        cpu = process.cpuUsage();
      }
      await work;
      return { max: Math.max(...waits), p99: percentile(waits, 99), cpuMax };
    };
    const run = async (format: 'xlsx' | 'csv') => {
      // exceljs is loaded on the first Excel export: not part of the figure of this one.
      await router.dispatch('report:export', { from: range.to, to: range.to, format });
      const t = performance.now();
      const exported = router.dispatch('report:export', { ...range, format });
      const calls = await counter(exported);
      const r = await exported;
      if (!r.ok) throw new Error(`the ${format} export failed: ${JSON.stringify(r.error)}`);
      const { rows } = contract.channels['report:export'].response.parse(r.data);
      if (rows < ROWS) throw new Error(`the ${format} export has ${rows} rows`);
      return { ...calls, ms: performance.now() - t, rows };
    };
    const xlsx = await run('xlsx');
    const csv = await run('csv');
    // The same calls with nothing running, for as long: what this (shared) machine gives anyway.
    const idle = await counter(new Promise((r) => setTimeout(r, Math.min(xlsx.ms, 10_000))));
    return {
      export_xlsx_year_rows: xlsx.rows,
      export_xlsx_year_ms: round(xlsx.ms),
      export_xlsx_year_ipc_wait_max_ms: round(xlsx.max),
      export_xlsx_year_ipc_wait_p99_ms: round(xlsx.p99),
      export_xlsx_year_turn_cpu_max_ms: round(xlsx.cpuMax),
      export_csv_year_ms: round(csv.ms),
      export_csv_year_ipc_wait_max_ms: round(csv.max),
      export_csv_year_turn_cpu_max_ms: round(csv.cpuMax),
      export_idle_ipc_wait_max_ms: round(idle.max),
      export_idle_ipc_wait_p99_ms: round(idle.p99),
    };
  } finally {
    await harness.close();
    removeTempDir(dataDir);
  }
}
