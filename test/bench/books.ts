import { PROJECT_ROOT } from '../../src/harness/project-root';
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BackupService } from '../../src/main/core/backup/backup-service';
import { Ledger } from '../../src/main/core/ledger/ledger';
import { inspectBackup, prepareRestore, swapInBackup } from '../../src/main/core/backup/restore';
import { ledgerFixture } from './ledger-fixture';
import { percentile, round } from './stats';
import { BackupChild } from '../../src/main/core/backup/backup-child';
import { closingFailure } from '../../src/main/core/backup/closing-job';
import { closingBackupFromSource } from '../../src/harness/closing-backup-command';
import { startHarness } from '../../src/harness/start-harness';
import { backupsBusy } from '../../src/main/core/backup/backup-lock';
import { readIndex } from '../../src/main/core/backup/backup-index';
import { verifyInWorker } from '../../src/main/core/ledger/sqlite-worker';
import { ledgerDb } from '../support/ledger-db';
import { makeTempDir, removeTempDir } from '../support/temp-folder';

/**
 * The books at 1M rows: what opening and closing cost now that the full check is off those
 * paths (and what that check costs on the main thread, which the old close paid), and a
 * verified backup with the counter's calls timed while it runs.
 */
export async function booksBench() {
  const dir = makeTempDir('bench-books');
  const file = join(dir, 'ledger.db');
  copyFileSync(ledgerFixture(), file);
  try {
    let t = performance.now();
    let ledger = Ledger.open(file);
    const openMs = performance.now() - t;
    t = performance.now();
    ledger.close();
    const closeMs = performance.now() - t;

    ledger = Ledger.open(file);
    t = performance.now();
    ledgerDb(ledger).pragma('quick_check');
    const checkMs = performance.now() - t;

    // As the app takes it: in the session's backup child, below the counter's priority
    // (backup-child.ts). The worker-thread path (the fallback when no child can start) is timed
    // too, as `*_worker`, and a backup asked before any child runs (`*_cold`: the child is started
    // by the ask, as in a session's first 30 s or just after the child died).
    const service = (child: BackupChild | null) =>
      new BackupService({
        ledgerFile: file,
        localDir: join(dir, 'backups'),
        secondDir: () => null,
        settingsJson: () => '{}',
        fingerprint: () => ledger.fingerprint(),
        now: Date.now,
        setSecondFolder: () => {},
        child: child ? { detach: async () => false, run: (job) => child.run(job) } : undefined,
      });
    const command = closingBackupFromSource(PROJECT_ROOT);

    t = performance.now();
    const inWorker = service(null).backup('manual');
    const duringWorker = await counter(ledger, inWorker);
    await inWorker;
    const workerMs = performance.now() - t;

    const coldChild = new BackupChild(command);
    const cold = service(coldChild).backup('manual');
    const duringCold = await counter(ledger, cold);
    await cold;
    coldChild.stop();

    // The app starts its child once, when the counter has been quiet for 2 s (books-keeper.ts);
    // what that start costs the counter's calls is timed here on its own.
    const child = new BackupChild(command);
    const warming = child.warm();
    const duringStart = await counter(ledger, warming);
    if (!(await warming)) throw new Error('the backup child did not start');

    t = performance.now();
    const backup = service(child).backup('manual');
    const during = await counter(ledger, backup);
    const made = await backup;
    const backupMs = performance.now() - t;
    child.stop();
    // The same calls with no backup, as long again, at once after it: what this machine gives anyway
    // (it is shared), so the figure can be judged against it.
    const idle = await counter(ledger, new Promise((r) => setTimeout(r, backupMs)));
    ledger.close();

    // Restore that backup as the app does: check it in a worker, rebuild its rows into a fresh
    // ledger beside the current one, swap it in (the current file kept aside), open it.
    const chosen = made.lastGood;
    if (!chosen) throw new Error('the backup was not listed');
    t = performance.now();
    await inspectBackup(join(chosen.folder, chosen.file));
    const { incoming } = await prepareRestore(join(chosen.folder, chosen.file), file, Date.now());
    swapInBackup(incoming, file, Date.now());
    Ledger.open(file).close();
    const restoreMs = performance.now() - t;
    const quit = await quitBench(dir);
    return {
      ...quit,
      ledger_open_ms_1m: round(openMs),
      ledger_close_ms_1m: round(closeMs),
      quick_check_main_thread_ms_1m: round(checkMs),
      backup_ms_1m: round(backupMs),
      backup_ipc_wait_max_ms_1m: round(during.maxWait),
      // The maximum is one bad moment of a shared machine; the 99th percentile shows the trend.
      backup_ipc_wait_p99_ms_1m: round(during.p99),
      backup_counter_calls: during.calls,
      // Waits over 50 ms; of those, how many the main thread spent working (this process's doing)
      // and how many it spent ready but waiting for a CPU (the machine's other load).
      backup_ipc_waits_over_50_1m: during.over50,
      backup_ipc_waits_over_50_busy_1m: during.over50Busy,
      backup_ipc_waits_over_50_queued_1m: during.over50Queued,
      backup_ipc_wait_max_ms_1m_idle: round(idle.maxWait),
      backup_ipc_wait_p99_ms_1m_idle: round(idle.p99),
      backup_ipc_waits_over_50_1m_idle: idle.over50,
      backup_ipc_waits_over_50_busy_1m_idle: idle.over50Busy,
      backup_ipc_waits_over_50_queued_1m_idle: idle.over50Queued,
      backup_child_start_wait_max_ms: round(duringStart.maxWait),
      backup_ipc_wait_max_ms_1m_cold: round(duringCold.maxWait),
      backup_ipc_wait_p99_ms_1m_cold: round(duringCold.p99),
      backup_ipc_waits_over_50_1m_cold: duringCold.over50,
      backup_ipc_waits_over_50_busy_1m_cold: duringCold.over50Busy,
      backup_ipc_waits_over_50_queued_1m_cold: duringCold.over50Queued,
      backup_ms_1m_worker: round(workerMs),
      backup_ipc_wait_max_ms_1m_worker: round(duringWorker.maxWait),
      backup_ipc_wait_p99_ms_1m_worker: round(duringWorker.p99),
      restore_ms_1m: round(restoreMs),
    };
  } finally {
    removeTempDir(dir);
  }
}

/**
 * The counter's calls until `until` settles: a history page and a lookup every 10 ms, each timed
 * from when it was due to when it answered (a held main thread shows as a long wait). For each
 * wait over 50 ms, whether the main thread was working through it (its own CPU time over half the
 * wait: this process's doing), and whether it was ready but waiting for a CPU the OS gave to other
 * programs (its run-queue time over half the wait, from Linux's schedstat: the machine's doing).
 */
async function counter(ledger: Ledger, until: Promise<unknown>) {
  let running = true;
  void until.finally(() => (running = false));
  const waits: number[] = [];
  let over50 = 0;
  let over50Busy = 0;
  let over50Queued = 0;
  let due = performance.now();
  let cpuBefore = process.threadCpuUsage();
  let queuedBefore = runQueueMs();
  while (running) {
    due = Math.max(due + 10, performance.now());
    await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
    ledger.history({ limit: 100 });
    ledger.lastForNumber('9876543210');
    const wait = performance.now() - due;
    const cpu = process.threadCpuUsage(cpuBefore);
    cpuBefore = process.threadCpuUsage();
    const queued = runQueueMs();
    waits.push(wait);
    if (wait > 50) {
      over50++;
      if ((cpu.user + cpu.system) / 1000 > wait / 2) over50Busy++;
      if (queued - queuedBefore > wait / 2) over50Queued++;
    }
    queuedBefore = queued;
  }
  return { maxWait: Math.max(0, ...waits), calls: waits.length, p99: percentile(waits, 99), over50, over50Busy, over50Queued };
}

/** How long this thread has waited, ready to run, for a CPU (ms; Linux only, else 0). */
function runQueueMs(): number {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[1]) / 1e6;
  } catch {
    return 0;
  }
}

/**
 * A quit after a change, on the real close path (the harness's core, as the app closes it): the
 * closing backup goes to a child process, so the quit is timed alone, then the child is waited
 * for and its backup verified (`closing_backup_ms_1m`: quit to verified backup in the list).
 */
async function quitBench(dir: string) {
  const dataDir = join(dir, 'quit');
  mkdirSync(join(dataDir, 'demo'), { recursive: true });
  copyFileSync(ledgerFixture(), join(dataDir, 'demo', 'ledger.db'));
  const harness = await startHarness({ dataDir, build: false, closingBackupInChild: true });
  const { ledger } = await harness.core.session();
  // One new event: the ledger changed since its last verified backup (it has none), as after a day's work.
  ledgerDb(ledger)
    .prepare("INSERT INTO txn_events (ref_id, at, from_status, to_status, source) VALUES ('BENCHQUIT', ?, NULL, 'Success', 'bench')")
    .run(Date.now());
  const t = performance.now();
  await harness.close();
  const quitMs = performance.now() - t;
  const backups = join(dataDir, 'demo', 'backups');
  while (readIndex(backups).length === 0 || backupsBusy(backups)) {
    // A failed closing backup (a disk filled by other work, say) ends the run instead of a wait for ever.
    const failed = closingFailure(backups);
    if (failed) throw new Error(`the closing backup failed: ${failed.code} ${JSON.stringify(failed.params)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const closingMs = performance.now() - t;
  const [entry] = readIndex(backups);
  const check = await verifyInWorker(join(backups, entry?.file ?? ''));
  if (check.check !== 'ok' || check.counts['txns'] !== entry?.counts['txns']) throw new Error('the closing backup did not verify');
  // Not quit_ms_1m: that key is the start-quit bench's (SIGTERM to the process gone); this is the harness's close in process.
  return { harness_close_ms_1m: round(quitMs), closing_backup_ms_1m: round(closingMs) };
}
