import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ensureAppBuilt } from '../support/electron-standin/ensure-built';
import { startMain, type MainProcess } from '../support/electron-standin/run-main';
import type { StandInRecord } from '../support/electron-standin/state';
import { tempDir } from '../support/temp-dir';

const SCREENSHOTS = resolve(import.meta.dirname, '../../test-results/screenshots');
const FIXTURE = resolve(import.meta.dirname, '../support/electron-standin/start-app-fixture.ts');
const started: { app: MainProcess; dir: string }[] = [];

function launch(prepare: (dir: string) => void = () => {}, options: Omit<Parameters<typeof startMain>[0], 'userData'> = {}) {
  const dir = tempDir('start');
  prepare(dir);
  const app = startMain({ userData: dir, ...options });
  started.push({ app, dir });
  return { app, dir };
}

const dialogs = (app: MainProcess) => app.records.filter((r): r is Extract<StandInRecord, { kind: 'dialog' }> => r.kind === 'dialog');
// The window loads while the core opens, and is shown only once it is open: a failed start shows none.
const windows = (app: MainProcess) => app.records.filter((r) => r.kind === 'window' && r.event === 'show');

beforeAll(() => ensureAppBuilt(), 120_000);

afterEach(() => {
  for (const { app } of started.splice(0)) {
    if (app.isRunning()) app.kill();
  }
});

describe('a start that fails says so, where the data is and what to do, then exits', () => {
  it('a damaged vault file: a box names vault.json and the data folder in English and Hindi; exit 1, no window', async () => {
    const { app, dir } = launch((d) => writeFileSync(join(d, 'vault.json'), '{"token": "abc'));
    expect((await app.exited).code).toBe(1);
    const [box] = dialogs(app);
    expect(box?.title).toContain('RechargeDesk could not start');
    expect(box?.title).toContain('रिचार्जडेस्क शुरू नहीं हो सका');
    expect(box?.message).toContain('vault.json');
    expect(box?.message).toMatch(/enter your token in Settings[\s\S]*टोकन दोबारा डालें/);
    expect(box?.detail).toContain(`Data folder / डेटा फ़ोल्डर: ${dir}`);
    expect(windows(app)).toEqual([]);
    // The default button opens the data folder for the shopkeeper.
    expect(app.records).toContainEqual({ kind: 'shell', method: 'openPath', target: dir });
  }, 60_000);

  it('an unreadable vault file (a folder where the file should be): the same box, exit 1', async () => {
    const { app, dir } = launch((d) => mkdirSync(join(d, 'vault.json')));
    expect((await app.exited).code).toBe(1);
    const [box] = dialogs(app);
    expect(box?.message).toContain('vault.json');
    expect(box?.message).toContain('पढ़ी नहीं जा सकती');
    expect(box?.detail).toContain(dir);
    expect(box?.detail).toContain('EISDIR');
  }, 60_000);

  it('a ledger from a newer version: the box says to install the newest RechargeDesk; the file is untouched', async () => {
    const { app, dir } = launch((d) => {
      mkdirSync(join(d, 'demo'), { recursive: true });
      const db = new Database(join(d, 'demo', 'ledger.db'));
      db.pragma('user_version = 999');
      db.close();
    });
    expect((await app.exited).code).toBe(1);
    const [box] = dialogs(app);
    expect(box?.message).toContain('newer version of RechargeDesk');
    expect(box?.message).toContain('Install the newest RechargeDesk');
    expect(box?.message).toContain('सबसे नया संस्करण इंस्टॉल करें');
    expect(box?.detail).toContain(dir);
    expect(readdirSync(join(dir, 'demo')).filter((f) => f.includes('damaged'))).toEqual([]);
  }, 60_000);

  it('any exception while building the core: a box with the technical detail; exit 1', async () => {
    const { app, dir } = launch(undefined, { entry: FIXTURE, env: { START_APP_SCENARIO: 'make-core-throws' } });
    expect((await app.exited).code).toBe(1);
    const [box] = dialogs(app);
    expect(box?.message).toContain('stopped RechargeDesk from starting');
    expect(box?.detail).toContain('stand-in: the core could not be built');
    expect(box?.detail).toContain(dir);
    expect(windows(app)).toEqual([]);
  }, 60_000);

  it('a second launch while one runs: exits at once, never a hidden process holding the lock', async () => {
    const { app } = launch(undefined, { switches: { secondInstance: true } });
    expect(await app.exited).toEqual({ code: 0, signal: null });
    expect(windows(app)).toEqual([]);
  }, 60_000);

  it('damaged settings: the app starts on defaults and says so in a box, naming the file kept aside', async () => {
    const { app, dir } = launch((d) => writeFileSync(join(d, 'settings.json'), '{"language": "hi",'));
    await app.waitFor((r) => r.kind === 'window' && r.event === 'show', 30_000);
    const box = await app.waitFor((r) => r.kind === 'dialog');
    const aside = readdirSync(dir).filter((f) => f.startsWith('settings.json.bad-'));
    expect(aside).toHaveLength(1);
    expect(box).toMatchObject({
      message: expect.stringMatching(/settings file was damaged[\s\S]*सेटिंग्स की फ़ाइल खराब थी/),
    });
    // The copy kept aside is named in both languages.
    expect(box.kind === 'dialog' && box.message.split(aside[0]!)).toHaveLength(3);
    expect(box.kind === 'dialog' && box.detail).toContain(dir);
    expect(app.isRunning()).toBe(true);
  }, 60_000);
});

describe('a core that takes long to open (a big ledger being upgraded)', () => {
  it('shows the window after 2 s saying the books are being opened, then the counter once the core is open', async () => {
    const { app } = launch(undefined, { entry: FIXTURE, env: { START_APP_SCENARIO: 'slow-open' } });
    await app.waitFor((r) => r.kind === 'window' && r.event === 'show', 30_000);
    // Shown before the core is open: the page says why it waits, rather than nothing at all.
    expect(app.records.some((r) => r.kind === 'app' && r.event === 'core open')).toBe(false);
    const waiting = await app.inApp(
      async (ctx, shot) => {
        const page = await ctx.page();
        const words = page.getByText("Opening the shop's books", { exact: false });
        await words.waitFor({ timeout: 10_000 });
        await page.screenshot({ path: shot });
        return words.textContent();
      },
      join(SCREENSHOTS, 'desktop-slow-open.png'),
    );
    expect(waiting).toContain('do not close RechargeDesk');
    const after = await app.inApp(
      async (ctx, shot) => {
        const page = await ctx.page();
        await page.locator('.shell-footer').waitFor({ timeout: 30_000 });
        await page.screenshot({ path: shot });
        return page.getByText("Opening the shop's books", { exact: false }).count();
      },
      join(SCREENSHOTS, 'desktop-slow-open-then-counter.png'),
    );
    expect(after).toBe(0);
    expect(app.records.some((r) => r.kind === 'app' && r.event === 'core open')).toBe(true);
  }, 60_000);
});

describe('quitting waits for the core', () => {
  it('holds the quit until the ledger check and flush are done, then exits 0', async () => {
    const { app, dir } = launch(undefined, { entry: FIXTURE, env: { START_APP_SCENARIO: 'slow-close' } });
    await app.waitFor((r) => r.kind === 'window' && r.event === 'show', 30_000);
    await app.inApp(async (ctx) => ctx.quit(), null);
    expect(await app.exited).toEqual({ code: 0, signal: null });
    const order = app.records.filter((r) => r.kind === 'exit' || (r.kind === 'app' && /close|will-quit/.test(r.event)));
    expect(order).toEqual([
      { kind: 'app', event: 'core close started', detail: '' },
      { kind: 'app', event: 'will-quit prevented', detail: '' },
      { kind: 'app', event: 'core closed', detail: '' },
      { kind: 'exit', code: 0 },
    ]);
    // The core closed all the way before the exit (its data-folder lock goes last), on the quit's
    // path: the ledger's write-ahead log synced and kept for the next open (Ledger.close).
    expect(existsSync(join(dir, 'rechargedesk.lock'))).toBe(false);
    expect(existsSync(join(dir, 'demo', 'ledger.db-wal'))).toBe(true);
  }, 60_000);

  it('a close that never ends cannot keep the process alive: it exits 1 after the bound', async () => {
    const { app } = launch(undefined, { entry: FIXTURE, env: { START_APP_SCENARIO: 'close-hangs' } });
    await app.waitFor((r) => r.kind === 'window' && r.event === 'show', 30_000);
    await app.inApp(async (ctx) => ctx.quit(), null);
    expect(await app.exited).toEqual({ code: 1, signal: null });
  }, 60_000);
});
