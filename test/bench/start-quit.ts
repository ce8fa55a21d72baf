import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Ledger } from '../../src/main/core/ledger/ledger';
import { createCore } from '../../src/main/core/create-core';
import { sandboxDemo } from '../../src/main/demo-sandbox';
import { JsonFileSettingsStore } from '../../src/main/adapters/json-file-settings-store';
import { MemoryVault } from '../../src/main/core/vault/secret-vault';
import { ensureRendererBuilt } from '../../src/harness/ensure-build';
import { closingBackupFromSource } from '../../src/harness/closing-backup-command';
import { launchChromiumWithProfile } from '../support/chromium';
import { ledgerFixture } from './ledger-fixture';
import { dropPageCache } from './page-cache';
import { ROOT, spawnScript } from './spawn-script';
import { percentile, round } from './stats';
import { ledgerDb } from '../support/ledger-db';
import { makeTempDir, removeTempDir } from '../support/temp-folder';

const WEB = 'src/build/web.mjs';

/**
 * Waits for the closing backup's child to let go of its lock (core/backup/backup-lock.ts), and for
 * its copy to be on the disk: the kernel writes a 1 GB copy back for seconds after the child is
 * done, and a start measured meanwhile shared the disk and a core with that writeback, which a
 * shop's next morning does not.
 */
async function backupDone(dir: string): Promise<void> {
  const until = Date.now() + 120_000;
  await new Promise((r) => setTimeout(r, 200));
  while (existsSync(join(dir, 'backup.lock')) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  spawnSync('sync');
}

/**
 * start_to_typeable_ms_1m: from spawning the harness process (the real core over a 1M-row ledger)
 * to a focused, typeable number field in Chromium, the median of a shop's daily starts: the
 * browser is launched afresh for each start (not timed, as the harness's browser is already open)
 * on a profile folder kept from the earlier starts, as the app's window keeps its profile, so its
 * code cache is what yesterday left. start_to_typeable_first_ms_1m: the first start ever (an empty
 * profile). start_to_typeable_cold_ms_1m: a start after a reboot (the OS page cache dropped, root
 * only). quit_ms_1m: from SIGTERM to the process's exit (the closing backup runs on in its own child;
 * the integrity check is no longer on this path, measured on its own as integrity_check_ms_1m).
 * core_close_ms_1m: the core's own close in this process, handing its closing backup to the same
 * child the app and the harness use. The harness runs as `npm run web` does, from its prebuilt
 * bundle; core_start_ms_1m is the core alone, as the packaged app's prebuilt main process runs it.
 */
export async function startQuit(warmRuns = 4) {
  ensureRendererBuilt(ROOT, () => {});
  const dataDir = makeTempDir('bench-start');
  mkdirSync(join(dataDir, 'demo'), { recursive: true });
  const file = join(dataDir, 'demo', 'ledger.db');
  copyFileSync(ledgerFixture(), file);
  // What `npm run web` runs: its launcher bundles the harness when a source changed. One start
  // first, so every measured start is a start, not a build.
  const warm = await spawnScript(WEB, ['--port', '0', '--temp'], /listening on/);
  const warmExit = once(warm.child, 'exit');
  warm.child.kill('SIGTERM');
  await warmExit;
  const profile = makeTempDir('bench-profile');
  const starts: number[] = [];
  const listens: number[] = [];
  const quits: number[] = [];
  let coldStart = Number.NaN;
  let firstStart = Number.NaN;
  let cold = false;
  const plan = ['first', ...Array.from({ length: warmRuns }, () => 'warm'), 'cold'] as const;
  try {
    for (const kind of plan) {
      const browser = await launchChromiumWithProfile(profile);
      // The browser is open before the start, as a shop's is: its own start-up is not the app's.
      await new Promise((r) => setTimeout(r, 1500));
      if (kind === 'cold') cold = dropPageCache();
      const t0 = performance.now();
      // The tab opens while the process starts, as the app's window is made while its core opens
      // (start-app.ts); the time still runs from the spawn.
      const [{ child, match }, page] = await Promise.all([
        spawnScript(WEB, ['--port', '0', '--data-dir', dataDir], /listening on (http:\/\/127\.0\.0\.1:\d+)/).then((started) => {
          listens.push(performance.now() - t0);
          return started;
        }),
        browser.newPage().then(async (opened) => {
          await opened.setViewportSize({ width: 1366, height: 768 });
          return opened;
        }),
      ]);
      await page.goto(match[1]!);
      await page.waitForFunction(
        () =>
          (globalThis as unknown as { document: { activeElement: { id?: string } | null } }).document.activeElement?.id ===
          'recharge-number',
      );
      const typeable = performance.now() - t0;
      if (kind === 'cold') coldStart = typeable;
      else if (kind === 'first') firstStart = typeable;
      else starts.push(typeable);
      if (process.env['BENCH_VERBOSE']) console.log(kind, Math.round(listens.at(-1) ?? 0), Math.round(typeable));
      await browser.close();
      const tq = performance.now();
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
      quits.push(performance.now() - tq);
      // The quit handed the closing backup to a child that goes on copying the 1M-row ledger;
      // the next start is measured as a shop's next morning is, once that backup is done.
      await backupDone(join(dataDir, 'demo', 'backups'));
    }
    console.log(`quit_ms_1m runs: ${quits.map((q) => Math.round(q)).join(', ')}`);
    // The core alone, in this process (no TypeScript to compile, no bridge to bundle): what the
    // Electron app's main process does before its window can ask for anything.
    const tCore = performance.now();
    const core = await createCore({
      name: 'RechargeDesk',
      version: 'bench',
      dataDir,
      settingsStore: new JsonFileSettingsStore(join(dataDir, 'settings.json')),
      vault: new MemoryVault(),
      demoProvider: sandboxDemo().provider,
      logger: { error: () => {} },
      // As the app and the harness quit: the closing backup goes to its child, not into the close.
      closingBackup: closingBackupFromSource(ROOT),
    });
    await core.router.dispatch('app:info', {});
    const coreStart = performance.now() - tCore;
    const tClose = performance.now();
    await core.close();
    const coreClose = performance.now() - tClose;
    // The check below reads the file the child is still copying: after it, as the next start would.
    await backupDone(join(dataDir, 'demo', 'backups'));
    const ledger = Ledger.open(file);
    const tc = performance.now();
    ledgerDb(ledger).pragma('quick_check');
    const check = performance.now() - tc;
    ledger.close();
    return {
      start_to_typeable_ms_1m: round(percentile(starts, 50), 0),
      start_to_typeable_cold_ms_1m: round(coldStart, 0),
      start_to_typeable_first_ms_1m: round(firstStart, 0),
      start_cold_page_cache_dropped: cold,
      start_to_listening_ms_1m: round(percentile(listens, 50), 0),
      core_start_ms_1m: round(coreStart, 0),
      core_close_ms_1m: round(coreClose, 0),
      quit_ms_1m: round(percentile(quits, 50), 0),
      integrity_check_ms_1m: round(check, 0),
    };
  } finally {
    removeTempDir(dataDir);
    removeTempDir(profile);
  }
}
