import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readIndex } from '../../src/main/core/backup/backup-index';
import { backupsBusy } from '../../src/main/core/backup/backup-lock';
import { ensureAppBuilt } from '../support/electron-standin/ensure-built';
import { startMain, type MainProcess } from '../support/electron-standin/run-main';
import { demoRechargeInWindow } from '../support/electron-standin/demo-recharge-in-window';
import { fileTempDir } from '../support/temp-dir';

const SCREENSHOTS = resolve(import.meta.dirname, '../../test-results/screenshots');

const userData = fileTempDir('desktop');
let app: MainProcess;

beforeAll(() => {
  ensureAppBuilt();
  app = startMain({ userData });
}, 120_000);

afterAll(async () => {
  if (app?.isRunning()) app.kill();
});

describe('the real main bundle in the Electron stand-in', () => {
  it('opens one window that shows the counter, under the CSP, with no errors', async () => {
    await app.waitFor((r) => r.kind === 'window' && r.event === 'show', 30_000);
    await app.inApp(
      async (ctx, shot) => void (await (await ctx.page()).screenshot({ path: shot })),
      join(SCREENSHOTS, 'desktop-app-first-paint.png'),
    );
    const seen = await app.inApp(
      async (ctx, shot) => {
        const page = await ctx.page();
        const shown = await page
          .getByLabel('Mobile number')
          .waitFor({ timeout: 15_000 })
          .then(() => true)
          .catch(() => false);
        await page.evaluate(() =>
          (globalThis as unknown as { document: { fonts: { ready: Promise<unknown> } } }).document.fonts.ready.then(() => undefined),
        );
        await page.screenshot({ path: shot });
        return {
          shown,
          heading: shown ? await page.getByRole('heading', { level: 1 }).first().textContent() : null,
          desk: await page.evaluate(() => typeof Reflect.get(globalThis, 'desk')),
        };
      },
      join(SCREENSHOTS, 'desktop-app-counter.png'),
    );
    const consoleLines = app.records.filter((r) => r.kind === 'console');
    expect(seen, `the window stayed blank; its console said ${JSON.stringify(consoleLines)}`).toEqual({
      shown: true,
      heading: 'RechargeDesk',
      desk: 'object',
    });
    expect(app.records.filter((r) => r.kind === 'console' && /error/i.test(r.level))).toEqual([]);
    // Served from the app's own origin, and the Windows app id set before anything else.
    expect(app.records.filter((r) => r.kind === 'window' && r.event === 'loadURL')).toEqual([
      { kind: 'window', event: 'loadURL', url: 'app://rechargedesk/index.html' },
    ]);
    expect(app.records[0]).toEqual({ kind: 'app', event: 'setAppUserModelId', detail: 'in.rechargedesk.app' });
  }, 60_000);

  it('makes a demo recharge through the preload and the real IPC handlers', async () => {
    const result = await app.inApp(
      async (ctx, arg) => {
        // The recharge travels as source: this function runs in the app's process.
        const recharge: unknown = (0, eval)(`(${arg.recharge})`);
        if (typeof recharge !== 'function') throw new Error('no recharge');
        await recharge(ctx);
        return (await ctx.page()).locator('.balance-amount').textContent();
      },
      { recharge: demoRechargeInWindow.toString() },
    );
    expect(result).toBe('₹4,805.97');
  }, 60_000);

  it('quits with the core closed cleanly: the ledger checked and closed, the process gone', async () => {
    await app.inApp(async (ctx) => ctx.quit(), null);
    expect(await app.exited).toEqual({ code: 0, signal: null });
    const ledger = join(userData, 'demo', 'ledger.db');
    expect(existsSync(ledger)).toBe(true);
    // The closing backup ran on after the quit, in the bundle started again with --closing-backup.
    const backups = join(userData, 'demo', 'backups');
    await expect.poll(() => readIndex(backups).map((b) => b.reason), { timeout: 30_000 }).toEqual(['close']);
    await expect.poll(() => backupsBusy(backups), { timeout: 30_000 }).toBe(false);
    // SQLite removes the write-ahead log when the last connection closes cleanly.
    expect(existsSync(`${ledger}-wal`)).toBe(false);
    expect(existsSync(`${ledger}.needs-check`)).toBe(false);
  }, 60_000);
});
