import { PROJECT_ROOT } from '../../../../src/harness/project-root';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BackupService } from '../../../../src/main/core/backup/backup-service';
import { backupsBusy } from '../../../../src/main/core/backup/backup-lock';
import { BackupChild } from '../../../../src/main/core/backup/backup-child';
import { launchClosingBackup, type ClosingJob } from '../../../../src/main/core/backup/closing-job';
import { readIndex } from '../../../../src/main/core/backup/backup-index';
import { processRunning } from '../../../../src/main/core/data-folder/lock-file';
import { verifyInWorker } from '../../../../src/main/core/ledger/sqlite-worker';
import { Ledger } from '../../../../src/main/core/ledger/ledger';
import { closingBackupFromSource } from '../../../../src/harness/closing-backup-command';
import type { BackupStatus } from '../../../../src/shared/ipc/backup-schemas';
import { seedLedger } from '../../../support/seed-ledger';
import { ledgerDb } from '../../../support/ledger-db';
import { tempDir } from '../../../support/temp-dir';

/**
 * The session's one backup child (backup-child.ts), for real: a child process on this Node (as
 * the web harness starts it; the app starts its own program the same way), a real ledger file,
 * jobs over the real local socket.
 */
let dir: string;
let file: string;
let localDir: string;
let children: BackupChild[];
const T0 = Date.parse('2026-11-20T06:00:00Z');
const ROWS = 60_000;
const command = closingBackupFromSource(PROJECT_ROOT);

function newChild(): BackupChild {
  const child = new BackupChild(command);
  children.push(child);
  return child;
}

/** A session's backups as books-keeper.ts wires them to its child. */
function service(ledger: Ledger, child: BackupChild, seen: BackupStatus[] = []): BackupService {
  return new BackupService({
    ledgerFile: file,
    localDir,
    secondDir: () => null,
    settingsJson: () => JSON.stringify({ version: 1, language: 'en' }),
    fingerprint: () => ledger.fingerprint(),
    now: Date.now,
    setSecondFolder: () => {},
    child: {
      detach: async (job) => (await child.handOver(job)) || launchClosingBackup(command, job),
      run: (job) => child.run(job),
    },
    onChange: (s) => seen.push(s),
  });
}

function job(ledger: Ledger, reason: ClosingJob['reason']): ClosingJob {
  return { ledgerFile: file, localDir, secondDir: null, secondRoot: null, settingsJson: '{}', fingerprint: ledger.fingerprint(), reason };
}

async function until(what: () => boolean, ms = 90_000, everyMs = 50): Promise<void> {
  const end = Date.now() + ms;
  while (!what()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** The process id written in the backup folder's lock: who is copying right now. */
function lockHolder(): number | null {
  try {
    const parsed: unknown = JSON.parse(readFileSync(join(localDir, 'backup.lock'), 'utf8'));
    return typeof parsed === 'object' && parsed !== null && 'pid' in parsed && typeof parsed.pid === 'number' ? parsed.pid : null;
  } catch {
    return null;
  }
}

async function expectVerified(entryFile: string, txns: number): Promise<void> {
  const check = await verifyInWorker(join(localDir, entryFile));
  expect(check.check).toBe('ok');
  expect(check.counts['txns']).toBe(txns);
}

/**
 * A guard against hangs, not a timing goal: the child runs below every other program's priority
 * (its own scheduling group lowered too), so a machine busy with other work starves it for a while.
 */
const CHILD_TIMEOUT = { timeout: 180_000 };

beforeEach(() => {
  dir = tempDir('backup-child');
  file = join(dir, 'data', 'ledger.db');
  localDir = join(dir, 'data', 'backups');
  children = [];
  seedLedger(file, ROWS, T0);
}, 60_000);
afterEach(async () => {
  for (const c of children) c.stop();
  // Never remove the folder under a child still writing in it.
  await until(() => !backupsBusy(localDir)).catch(() => {});
}, 120_000);

describe('the backup child of a session', CHILD_TIMEOUT, () => {
  it('takes a backup asked while it is busy after the first, in the same process, both verified', async () => {
    const ledger = Ledger.open(file, T0);
    const child = newChild();
    expect(await child.warm()).toBe(true);
    const pid = child.pid;
    const first = child.run(job(ledger, 'daily'));
    // Asked while the child copies the first.
    await until(() => lockHolder() === pid, 90_000, 5);
    const second = child.run(job(ledger, 'manual'));
    expect(await first).toBe('ok');
    expect(await second).toBe('ok');
    ledger.close();
    expect(child.pid).toBe(pid);

    const listed = readIndex(localDir);
    expect(listed.map((b) => b.reason).sort()).toEqual(['daily', 'manual']);
    for (const b of listed) await expectVerified(b.file, ROWS);
  });

  it('tells a child killed mid-backup (kill -9), tries again in a new one, and leaves no half copy', async () => {
    const ledger = Ledger.open(file, T0);
    const child = newChild();
    expect(await child.warm()).toBe(true);
    const killed = child.pid;
    const seen: BackupStatus[] = [];
    const backup = service(ledger, child, seen).backup('manual');
    // The child holds the folder's lock from the start of the copy to the end of its checks.
    await until(() => lockHolder() === killed, 90_000, 5);
    process.kill(killed ?? 0, 'SIGKILL');

    const status = await backup;
    ledger.close();
    // Told while it tried again: the failure reached the notices first…
    expect(seen[0]?.lastError).toEqual({ code: 'backup_failed', params: { why: 'died' } });
    // …then the second attempt, in a new child, passed and cleared it.
    expect(status.lastError).toBeNull();
    expect(seen.at(-1)?.lastError).toBeNull();
    expect(child.pid).not.toBe(killed);
    expect(processRunning(killed ?? 0)).toBe(false);
    const listed = readIndex(localDir);
    expect(listed).toHaveLength(1);
    await expectVerified(listed[0]?.file ?? '', ROWS);
    expect(readdirSync(localDir).filter((f) => f.endsWith('.partial'))).toEqual([]);
  });

  it('lets the app quit while it copies: the quit does not wait, the closing backup follows, then the child exits', async () => {
    const ledger = Ledger.open(file, T0);
    const child = newChild();
    expect(await child.warm()).toBe(true);
    const pid = child.pid ?? 0;
    const s = service(ledger, child);
    void s.backup('daily').catch(() => {});
    await until(() => lockHolder() === pid, 90_000, 5);
    // A recharge after the daily backup's copy began: the closing one must hold it.
    ledgerDb(ledger)
      .prepare("INSERT INTO txn_events (ref_id, at, from_status, to_status, source) VALUES ('REF000001', ?, 'Success', 'Refunded', 'test')")
      .run(T0 + 1);
    const fingerprint = ledger.fingerprint();

    const started = performance.now();
    await s.atClose({ quitting: true });
    const quitMs = performance.now() - started;
    ledger.close();
    expect(quitMs).toBeLessThan(1000);
    // The quit came back while the daily backup was still being copied.
    expect(readIndex(localDir)).toEqual([]);

    // The child finishes both, in order, then exits on its own.
    await until(() => !processRunning(pid));
    const listed = readIndex(localDir);
    expect(listed.map((b) => b.reason).sort()).toEqual(['close', 'daily']);
    expect(listed.find((b) => b.reason === 'close')?.fingerprint).toBe(fingerprint);
    for (const b of listed) await expectVerified(b.file, ROWS);
    expect(backupsBusy(localDir)).toBe(false);
  });

  it('takes the closing backup handed to it at quit and then exits; with no child running one is started for it', async () => {
    const ledger = Ledger.open(file, T0);
    const child = newChild();
    expect(await child.warm()).toBe(true);
    const pid = child.pid ?? 0;
    const started = performance.now();
    await service(ledger, child).atClose({ quitting: true });
    expect(performance.now() - started).toBeLessThan(1000);
    await until(() => !processRunning(pid));
    expect(readIndex(localDir).map((b) => b.reason)).toEqual(['close']);

    // No child running (never warmed): the closing backup gets a process of its own.
    seedLedger(file, 3, T0 + 10 * 86_400_000, 'NEW');
    const cold = newChild();
    await service(ledger, cold).atClose({ quitting: true });
    ledger.close();
    expect(cold.pid).toBeNull();
    await until(() => readIndex(localDir).length === 2 && !backupsBusy(localDir));
    await expectVerified(readIndex(localDir)[0]?.file ?? '', ROWS + 3);
  });
});
