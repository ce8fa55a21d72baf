import { PROJECT_ROOT } from '../../src/harness/start-harness';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BackupService } from '../../src/main/core/backup/backup-service';
import { Ledger } from '../../src/main/core/ledger/ledger';
import { inspectBackup, prepareRestore, swapInBackup } from '../../src/main/core/backup/restore';
import { ledgerFixture } from './ledger-fixture';
import { percentile, round } from './stats';
import { backupInChild } from '../../src/main/core/backup/closing-job';
import { closingBackupFromSource } from '../../src/harness/closing-backup-command';
import { startHarness } from '../../src/harness/start-harness';
import { backupsBusy } from '../../src/main/core/backup/backup-lock';
import { readIndex } from '../../src/main/core/backup/backup-index';
import { verifyInWorker } from '../../src/main/core/ledger/sqlite-worker';

/**
 * The books at 1M rows: what opening and closing cost now that the full check is off those
 * paths (and what that check costs on the main thread, which the old close paid), and a
 * verified backup with the counter's calls timed while it runs.
 */
export async function booksBench() {
  const dir = mkdtempSync(join(tmpdir(), 'rd-bench-books-'));
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
    ledger.db.pragma('quick_check');
    const checkMs = performance.now() - t;

    // As the app takes it: in a child process below the counter's priority (closing-job.ts). The
    // worker-thread path it replaced is timed too, as `*_worker`, for comparison.
    const service = (inChild: boolean) =>
      new BackupService({
        ledgerFile: file,
        localDir: join(dir, 'backups'),
        secondDir: () => null,
        settingsJson: () => '{}',
        fingerprint: () => ledger.fingerprint(),
        now: Date.now,
        setSecondFolder: () => {},
        child: inChild ? { detach: () => false, run: (job) => backupInChild(closingBackupFromSource(PROJECT_ROOT), job) } : undefined,
      });
    // The counter's calls while the backup runs: a history page and a lookup every 10 ms, each
    // timed from when it was due to when it answered (a held main thread shows as a long wait).
    const counter = (until: Promise<unknown>) => {
      let maxWait = 0;
      let calls = 0;
      const waits: number[] = [];
      let due = performance.now();
      let running = true;
      void until.finally(() => (running = false));
      return (async () => {
        while (running) {
          due = Math.max(due + 10, performance.now());
          await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
          ledger.history({ limit: 100 });
          ledger.lastForNumber('9876543210');
          maxWait = Math.max(maxWait, performance.now() - due);
          waits.push(performance.now() - due);
          calls++;
        }
        return { maxWait, calls, p99: percentile(waits, 99) };
      })();
    };
    // The same calls without a backup, warm: what the machine gives anyway (it is shared).
    const idle = await counter(new Promise((r) => setTimeout(r, 3000)));
    t = performance.now();
    const inWorker = service(false).backup('manual');
    const duringWorker = await counter(inWorker);
    await inWorker;
    const workerMs = performance.now() - t;
    t = performance.now();
    const backup = service(true).backup('manual');
    const during = await counter(backup);
    const made = await backup;
    const backupMs = performance.now() - t;
    ledger.close();

    // Restore that backup as the app does: check it in a worker, copy it beside the ledger,
    // swap it in (the current file kept aside), open it.
    const chosen = made.lastGood;
    if (!chosen) throw new Error('the backup was not listed');
    t = performance.now();
    await inspectBackup(join(chosen.folder, chosen.file));
    const incoming = prepareRestore(join(chosen.folder, chosen.file), file);
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
      idle_ipc_wait_max_ms_1m: round(idle.maxWait),
      // The maximum is one bad moment of a shared machine; the 99th percentile shows the trend.
      backup_ipc_wait_p99_ms_1m: round(during.p99),
      idle_ipc_wait_p99_ms_1m: round(idle.p99),
      backup_ipc_wait_p99_ms_1m_worker: round(duringWorker.p99),
      backup_counter_calls: during.calls,
      backup_ms_1m_worker: round(workerMs),
      backup_ipc_wait_max_ms_1m_worker: round(duringWorker.maxWait),
      restore_ms_1m: round(restoreMs),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
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
  ledger.db
    .prepare("INSERT INTO txn_events (ref_id, at, from_status, to_status, source) VALUES ('BENCHQUIT', ?, NULL, 'Success', 'bench')")
    .run(Date.now());
  const t = performance.now();
  await harness.close();
  const quitMs = performance.now() - t;
  const backups = join(dataDir, 'demo', 'backups');
  while (readIndex(backups).length === 0 || backupsBusy(backups)) await new Promise((r) => setTimeout(r, 50));
  const closingMs = performance.now() - t;
  const [entry] = readIndex(backups);
  const check = await verifyInWorker(join(backups, entry?.file ?? ''));
  if (check.check !== 'ok' || check.counts['txns'] !== entry?.counts['txns']) throw new Error('the closing backup did not verify');
  return { quit_ms_1m: round(quitMs), closing_backup_ms_1m: round(closingMs) };
}
