import { outcomeText } from '../../../../src/shared/words/outcome-text';
import { afterEach, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { StartupError } from '../../../../src/main/core/errors/startup-error';
import { LOCK_FILE, lockDataFolder } from '../../../../src/main/core/data-folder/data-folder-lock';
import { mountSmallDisk } from '../../../support/small-disk';
import { openHarness, type TestHarness } from '../flow/harness-client';
import { tempDir } from '../../../support/temp-dir';

const ROOT = resolve(import.meta.dirname, '../../../..');
// `node --import tsx`, not the tsx CLI: the CLI runs the script in a grandchild, and a SIGKILL
// must hit the process that holds the lock.
const TSX = ['--import', 'tsx'];
// What `npm run web` runs (its launcher bundles the harness when a source changed).
const WEB = 'src/build/web.mjs';
const children: ChildProcess[] = [];
const harnesses: TestHarness[] = [];

afterEach(async () => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const h of harnesses.splice(0)) await h.dispose();
});

async function open(dir: string): Promise<TestHarness> {
  const h = await openHarness({ keepDir: dir });
  harnesses.push(h);
  return h;
}

/** Runs a TypeScript file in its own Node process; resolves once it printed "ready". */
function holder(dir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...TSX, join(import.meta.dirname, 'lock-child.ts'), dir], { cwd: ROOT, stdio: 'pipe' });
  children.push(child);
  return new Promise((ready, fail) => {
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.stdout.on('data', (d: Buffer) => d.toString().includes('ready') && ready(child));
    child.on('exit', (code) => fail(new Error(`holder exited ${code}: ${err}`)));
  });
}

function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((done) => child.on('exit', (code, signal) => done({ code, signal })));
}

describe('one core per data folder', { timeout: 30_000 }, () => {
  it('a second harness on the same folder refuses with a typed error that says what to do', async () => {
    const dir = tempDir('lock');
    const first = await open(dir);
    const second = openHarness({ keepDir: dir });
    await expect(second).rejects.toBeInstanceOf(StartupError);
    const refused: unknown = await second.catch((e: unknown) => e);
    expect(refused instanceof StartupError && refused.outcome).toEqual({
      code: 'data_folder_in_use',
      params: { folder: dir, pid: process.pid, since: expect.any(Number) },
    });
    expect(refused instanceof StartupError && outcomeText('en', refused.outcome)).toMatch(
      new RegExp(`data folder ${dir.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')} is already in use.*Close the other RechargeDesk`),
    );
    // The first one is untouched: it still answers.
    expect((await first.ok('app:info')).dataDir).toBe(dir);
    await first.dispose();
    harnesses.splice(0);
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    expect((await (await open(dir)).ok('app:info')).dataDir).toBe(dir);
  });

  it('a second `npm run web` on a folder another process holds prints the reason and exits non-zero', async () => {
    const dir = tempDir('lock');
    await holder(dir);
    const cli = spawn(process.execPath, [WEB, '--data-dir', dir, '--port', '0'], { cwd: ROOT, stdio: 'pipe' });
    children.push(cli);
    let stderr = '';
    cli.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const { code } = await exited(cli);
    expect(code).toBe(1);
    expect(stderr).toMatch(/already in use by another RechargeDesk \(process \d+/);
    expect(stderr).toMatch(/Close the other RechargeDesk/);
  });

  it('a clean close releases the lock; a kill -9 leaves a stale lock that the next start takes over at once', async () => {
    const dir = tempDir('lock');
    const clean = await holder(dir);
    expect(existsSync(join(dir, LOCK_FILE))).toBe(true);
    clean.stdin?.write('close\n');
    expect(await exited(clean)).toMatchObject({ code: 0 });
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);

    const killed = await holder(dir);
    const pid = killed.pid;
    killed.kill('SIGKILL');
    expect(await exited(killed)).toMatchObject({ signal: 'SIGKILL' });
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ pid });
    const next = await open(dir);
    expect((await next.ok('app:info')).dataDir).toBe(dir);
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid });
  });

  it('a lock file with garbage in it, left long ago, does not lock the shop out', async () => {
    const dir = tempDir('lock');
    writeFileSync(join(dir, LOCK_FILE), '');
    const { utimesSync } = await import('node:fs');
    utimesSync(join(dir, LOCK_FILE), new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    expect((await (await open(dir)).ok('app:info')).dataDir).toBe(dir);
  });

  it('on a full disk the lock still holds (a nameless lock file kept fresh) and is released on close', (ctx) => {
    const disk = mountSmallDisk('256k');
    if (typeof disk === 'string') return ctx.skip(disk);
    try {
      disk.fill();
      const lock = lockDataFolder(disk.dir);
      expect(() => lockDataFolder(disk.dir)).toThrow(StartupError);
      lock.release();
      expect(existsSync(join(disk.dir, LOCK_FILE))).toBe(false);
    } finally {
      disk.free();
      disk.dispose();
    }
  });
});
