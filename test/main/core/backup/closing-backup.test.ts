import { PROJECT_ROOT } from '../../../../src/harness/project-root';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { BackupService } from '../../../../src/main/core/backup/backup-service';
import { backupsBusy } from '../../../../src/main/core/backup/backup-lock';
import { launchClosingBackup } from '../../../../src/main/core/backup/closing-job';
import { BackupChild } from '../../../../src/main/core/backup/backup-child';
import { readIndex } from '../../../../src/main/core/backup/backup-index';
import { verifyInWorker } from '../../../../src/main/core/ledger/sqlite-worker';
import { Ledger } from '../../../../src/main/core/ledger/ledger';
import { closingBackupFromSource } from '../../../../src/harness/closing-backup-command';
import { seedLedger } from '../../../support/seed-ledger';
import { tempDir } from '../../../support/temp-dir';

/**
 * The backup of a clean close runs in a real child process (src/harness/closing-backup-child.ts
 * on this Node, as the web harness starts it; the app starts its own program the same way), on a
 * real ledger file: the quit does not wait for it, and it still lands verified.
 */
let dir: string;
let file: string;
let localDir: string;
const T0 = Date.parse('2026-11-20T06:00:00Z');
const ROWS = 60_000;

type Child = ConstructorParameters<typeof BackupService>[0]['child'];
/** The closing backup in a detached child of its own, as a quit with no session child takes it. */
const detachedChild: Child = {
  detach: async (job) => launchClosingBackup(closingBackupFromSource(PROJECT_ROOT), job),
  run: async () => null,
};

/** `child` null: no child at all, the backup runs in this process. */
function service(ledger: Ledger | null, child: Child | null = detachedChild): BackupService {
  return new BackupService({
    ledgerFile: file,
    localDir,
    secondDir: () => null,
    settingsJson: () => JSON.stringify({ version: 1, language: 'hi' }),
    fingerprint: () => ledger?.fingerprint() ?? '',
    now: Date.now,
    setSecondFolder: () => {},
    child: child ?? undefined,
  });
}

async function until(what: () => boolean | Promise<boolean>, ms = 90_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await what())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * A guard against hangs, not a timing goal: the child runs below every other program's priority
 * (its own scheduling group lowered too), so a machine busy with other work starves it for a while.
 */
const CHILD_TIMEOUT = { timeout: 180_000 };

beforeEach(() => {
  dir = tempDir('closing');
  file = join(dir, 'data', 'ledger.db');
  localDir = join(dir, 'data', 'backups');
  seedLedger(file, ROWS, T0);
}, 60_000);
afterEach(async () => {
  // Never remove the folder under a child still writing in it.
  await until(() => !backupsBusy(localDir)).catch(() => {});
}, 120_000);

describe('the backup of a clean close, in a child process', CHILD_TIMEOUT, () => {
  it('lets the quit return at once, then appears verified with every row', async () => {
    const ledger = Ledger.open(file, T0);
    const fingerprint = ledger.fingerprint();
    const started = performance.now();
    await service(ledger).atClose({ quitting: true });
    ledger.close();
    const quitMs = performance.now() - started;
    // The quit came back before any backup existed: it did not wait for the copy.
    expect(readIndex(localDir)).toEqual([]);
    expect(quitMs).toBeLessThan(1000);

    await until(() => readIndex(localDir).length === 1 && !backupsBusy(localDir));
    const [entry] = readIndex(localDir);
    expect(entry?.reason).toBe('close');
    expect(entry?.fingerprint).toBe(fingerprint);
    expect(entry?.counts['txns']).toBe(ROWS);
    const check = await verifyInWorker(join(localDir, entry?.file ?? ''));
    expect(check.check).toBe('ok');
    expect(check.counts['txns']).toBe(ROWS);
    expect(check.manifest).toContain('"language":"hi"');
  });

  it('after a quit that kept the write-ahead log, backs up the last recharge too and leaves one whole file', async () => {
    const ledger = Ledger.open(file, T0);
    ledger.insertSubmitting({ refId: 'LAST', number: '9876545555', operator: 'JIO', amount: 19900, rechargeDate: '2026-11-22', now: T0 });
    await service(ledger).atClose({ quitting: true });
    ledger.close({ keepWal: true });
    // The quit left the last recharge in the log (Ledger.close), for the child to carry on from.
    expect(existsSync(`${file}-wal`)).toBe(true);

    await until(() => readIndex(localDir).length === 1 && !backupsBusy(localDir));
    const [entry] = readIndex(localDir);
    expect(entry?.counts['txns']).toBe(ROWS + 1);
    // The child was the last writable connection: its close copied the log in and removed it.
    expect(existsSync(`${file}-wal`)).toBe(false);
    const reopened = Ledger.open(file, T0);
    expect(reopened.get('LAST')?.status).toBe('Submitting');
    reopened.close();
  });

  it('keeps a start during the closing backup safe: its own backup waits, both are listed and sound', async () => {
    const ledger = Ledger.open(file, T0);
    await service(ledger).atClose({ quitting: true });
    ledger.close();
    // The child is copying (its read transaction began before the copy file appeared).
    await until(() => existsSync(localDir) && readdirSync(localDir).some((f) => f.endsWith('.partial')));
    // What Settings reads at that start: a backup is running.
    expect((await service(null, null).status()).running).toBe(true);

    // The next start, while the child still copies: it writes new recharges and asks for a backup.
    seedLedger(file, 5, T0 + 10 * 86_400_000, 'NEW');
    const next = Ledger.open(file, T0);
    const again = service(next, null);
    await again.backup('manual');
    expect(backupsBusy(localDir)).toBe(false);
    next.close();

    const listed = readIndex(localDir);
    expect(listed.map((b) => b.reason).sort()).toEqual(['close', 'manual']);
    expect(listed.find((b) => b.reason === 'close')?.counts['txns']).toBe(ROWS);
    expect(listed.find((b) => b.reason === 'manual')?.counts['txns']).toBe(ROWS + 5);
    for (const b of listed) expect((await verifyInWorker(join(localDir, b.file))).check).toBe('ok');
  });

  it('takes no closing backup when nothing changed since the last verified one', async () => {
    const ledger = Ledger.open(file, T0);
    const s = service(ledger, null);
    await s.backup('manual');
    let launched = 0;
    const quiet = service(ledger, {
      detach: async () => {
        launched++;
        return true;
      },
      run: async () => null,
    });
    await quiet.atClose({ quitting: true });
    ledger.close();
    expect(launched).toBe(0);
    expect(readIndex(localDir)).toHaveLength(1);
  });

  it('takes a backup while the app runs in the same child, and waits for it', async () => {
    const ledger = Ledger.open(file, T0);
    const child = new BackupChild(closingBackupFromSource(PROJECT_ROOT));
    const inChild = service(ledger, { detach: async () => false, run: (job) => child.run(job) });
    const status = await inChild.backup('manual');
    child.stop();
    ledger.close();
    expect(status.lastGood?.reason).toBe('manual');
    expect(status.lastGood?.counts['txns']).toBe(ROWS);
    expect(backupsBusy(localDir)).toBe(false);
    expect((await verifyInWorker(join(localDir, status.lastGood?.file ?? ''))).check).toBe('ok');
  });

  it('tells the next start when the closing backup failed', async () => {
    const ledger = Ledger.open(file, T0);
    const fingerprint = ledger.fingerprint();
    ledger.close();
    rmSync(file); // the ledger is gone before the child reads it
    launchClosingBackup(closingBackupFromSource(PROJECT_ROOT), {
      ledgerFile: file,
      localDir,
      secondDir: null,
      secondRoot: null,
      settingsJson: '{}',
      fingerprint,
    });
    const next = service(null, null);
    await until(async () => (await service(null, null).status()).lastError !== null);
    expect((await next.status()).lastError).toBeNull(); // read once, at start
    expect((await service(null, null).status()).lastError?.code).toBe('backup_failed');
    expect(readIndex(localDir)).toEqual([]);
  });
});
