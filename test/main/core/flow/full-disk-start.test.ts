import { afterAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openHarness } from './harness-client';
import { startupOutcome } from '../../../../src/main/shell/startup-failure';
import { seedLedger } from '../../../support/seed-ledger';
import { tempDir } from '../../../support/temp-dir';

/** A small tmpfs, where the machine allows mounting one (root in the test container); else the test is skipped. */
function smallDisk(): string | null {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return null;
  const dir = mkdtempSync(join(tmpdir(), 'full-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', dir], { stdio: 'ignore' });
    return dir;
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
}

/** Writes until the disk refuses: nothing is left for the ledger. */
function fill(dir: string): void {
  const fd = openSync(join(dir, 'filler'), 'w');
  const block = Buffer.alloc(4096, 1);
  try {
    for (;;) writeSync(fd, block);
  } catch {
    // ENOSPC: the disk is full
  } finally {
    closeSync(fd);
  }
}

/** Starts a core on the folder; returns the outcome its failure is told with. */
async function startFailure(dataDir: string): Promise<string> {
  try {
    const h = await openHarness({ keepDir: dataDir });
    await h.dispose();
  } catch (e) {
    return startupOutcome('core', e).code;
  }
  throw new Error('the core started');
}

const disk = smallDisk();
afterAll(() => {
  if (!disk) return;
  execFileSync('umount', ['-l', disk]);
  rmSync(disk, { recursive: true, force: true });
});

describe('a start on a full disk (issue 27)', () => {
  it.skipIf(disk === null)('is told in the catalogue’s words, never as a raw SQLite stack', { timeout: 60_000 }, async () => {
    const dataDir = join(disk!, 'data');
    mkdirSync(join(dataDir, 'demo'), { recursive: true });
    // Open recharges: the start writes their checks into the ledger.
    seedLedger(join(dataDir, 'demo', 'ledger.db'), 300, Date.parse('2026-11-20T06:00:00Z'));
    fill(disk!);
    expect(await startFailure(dataDir)).toMatch(/^start_disk_(full|error)$/);
  });

  it('a history file that cannot be opened (SQLITE_CANTOPEN) is told in plain words too', { timeout: 60_000 }, async () => {
    const dataDir = tempDir('cantopen');
    // A folder where the ledger file should be: SQLite cannot open it.
    mkdirSync(join(dataDir, 'demo', 'ledger.db'), { recursive: true });
    expect(await startFailure(dataDir)).toBe('start_cannot_open');
  });
});
