import { beforeAll, describe, expect, it } from 'vitest';
import { join, resolve } from 'node:path';
import { BackupChild } from '../../src/main/core/backup/backup-child';
import { readIndex } from '../../src/main/core/backup/backup-index';
import { processRunning } from '../../src/main/core/data-folder/lock-file';
import { verifyInWorker } from '../../src/main/core/ledger/sqlite-worker';
import { ensureAppBuilt } from '../support/electron-standin/ensure-built';
import { seedLedger } from '../support/seed-ledger';
import { fileTempDir } from '../support/temp-dir';

const ROOT = resolve(import.meta.dirname, '../..');
const ROWS = 5_000;
const dir = fileTempDir('bundle-child');

beforeAll(() => {
  ensureAppBuilt();
  seedLedger(join(dir, 'demo', 'ledger.db'), ROWS, Date.parse('2026-11-20T06:00:00Z'));
}, 120_000);

describe('the built main bundle as the backup child', () => {
  it("serves the session's backups over its socket, then exits when let go", async () => {
    // The command the app builds in closing-backup-mode.ts (its own program, the app's path, the
    // flag), here the built bundle under Node with `electron` resolved to the stand-in.
    const child = new BackupChild({
      command: process.execPath,
      args: ['--import', 'tsx', '--import', resolve(ROOT, 'test/support/electron-standin/register.ts'), ROOT, '--closing-backup'],
      env: { ELECTRON_STANDIN_USER_DATA: dir },
    });
    expect(await child.warm()).toBe(true);
    const pid = child.pid ?? 0;
    const localDir = join(dir, 'demo', 'backups');
    const job = {
      ledgerFile: join(dir, 'demo', 'ledger.db'),
      localDir,
      secondDir: null,
      secondRoot: null,
      settingsJson: '{}',
      fingerprint: 'f1',
    };
    expect(await child.run({ ...job, reason: 'daily' })).toBe('ok');
    expect(await child.run({ ...job, reason: 'manual', fingerprint: 'f2' })).toBe('ok');
    // The same process took both.
    expect(child.pid).toBe(pid);
    const listed = readIndex(localDir);
    expect(listed.map((b) => b.reason).sort()).toEqual(['daily', 'manual']);
    for (const b of listed) {
      const check = await verifyInWorker(join(localDir, b.file));
      expect(check.check).toBe('ok');
      expect(check.counts['txns']).toBe(ROWS);
    }
    child.stop();
    await expect.poll(() => processRunning(pid), { timeout: 30_000 }).toBe(false);
  }, 120_000);
});
