import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as electron from '../support/electron-standin/index';
import { standIn } from '../support/electron-standin/state';
import { ensureAppBuilt } from '../support/electron-standin/ensure-built';
import { CONTENT_SECURITY_POLICY } from '../../src/main/core/security/csp';

vi.hoisted(() => {
  process.env['ELECTRON_STANDIN_READY'] = 'manual';
});
// The app's own hardening runs against the stand-in, in this process.
vi.mock('electron', () => import('../support/electron-standin/index'));

const ROOT = resolve(import.meta.dirname, '../..');
const RENDERER = join(ROOT, 'out/renderer');
const PRELOAD = join(ROOT, 'out/preload/index.cjs');
const { app, BrowserWindow, protocol } = electron;

// As the app does: privileges before ready (the stand-in, like Electron, refuses them later).
protocol.registerSchemesAsPrivileged([{ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } }]);
protocol.registerSchemesAsPrivileged([{ scheme: 'plain', privileges: {} }]);

beforeAll(async () => {
  ensureAppBuilt();
  app.becomeReady();
  await app.whenReady();
  standIn.exitProcess = () => {};
  const { serveRendererRequest } = await import('../../src/main/shell/renderer-files');
  protocol.handle('app', (request) => serveRendererRequest(RENDERER, request));
  protocol.handle('plain', (request) => serveRendererRequest(RENDERER, request));
  const { hardenSessions } = await import('../../src/main/electron/security');
  hardenSessions('app://rechargedesk/index.html');
}, 120_000);

afterAll(() => {
  for (const w of BrowserWindow.getAllWindows()) w.destroy();
  app.exit(0);
});

async function rootHtml(win: InstanceType<typeof BrowserWindow>): Promise<string> {
  const page = await win.webContents.page();
  await page.waitForTimeout(500);
  return page.locator('#root').innerHTML();
}

describe('the stand-in keeps a browser’s rules', () => {
  it('the built renderer from file:// stays blank: Chromium refuses the module script from origin null', async () => {
    const win = new BrowserWindow({ width: 800, height: 600, webPreferences: { preload: PRELOAD } });
    const before = standIn.records.length;
    await win.loadURL(pathToFileURL(join(RENDERER, 'index.html')).href);
    expect(await rootHtml(win)).toBe('');
    const console = standIn.records.slice(before).filter((r) => r.kind === 'console');
    expect(JSON.stringify(console)).toMatch(/from origin 'null' has been blocked by CORS policy/);
    win.destroy();
  }, 30_000);

  it('the same files through the privileged app:// scheme render the counter, with the CSP header', async () => {
    const win = new BrowserWindow({ width: 800, height: 600, webPreferences: { preload: PRELOAD } });
    const page = await win.webContents.page();
    const entry = page.waitForResponse((r) => r.url().endsWith('/index.html'));
    await win.loadURL('app://rechargedesk/index.html');
    await page.getByLabel('Mobile number').waitFor({ timeout: 15_000 });
    // The packaged app's own policy, whole: nothing by default, no connections (IPC only).
    expect((await entry).headers()['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect((await entry).headers()['content-type']).toBe('text/html; charset=utf-8');
    win.destroy();
  }, 30_000);

  it('a scheme registered without standard+secure privileges is not served as an origin', async () => {
    const win = new BrowserWindow({ width: 800, height: 600, webPreferences: { preload: PRELOAD } });
    await expect(win.loadURL('plain://rechargedesk/index.html')).rejects.toThrow();
    win.destroy();
  }, 30_000);

  it('privileges after ready are refused, as Electron does', () => {
    expect(() => protocol.registerSchemesAsPrivileged([{ scheme: 'late', privileges: { standard: true } }])).toThrow(/before app is ready/);
  });
});

describe("the app's hardening in the stand-in", () => {
  it('refuses to navigate the window away; an allowlisted link goes to the system browser; window.open is denied', async () => {
    const win = new BrowserWindow({ width: 800, height: 600, webPreferences: { preload: PRELOAD } });
    await win.loadURL('app://rechargedesk/index.html');
    const page = await win.webContents.page();
    await page.getByLabel('Mobile number').waitFor({ timeout: 15_000 });
    const before = standIn.records.length;
    await page.evaluate(() => Reflect.set(Reflect.get(globalThis, 'location'), 'href', 'https://evil.example/'));
    await page.evaluate(() => Reflect.apply(Reflect.get(globalThis, 'open'), globalThis, ['https://www.trai.gov.in/complaints']));
    await vi.waitFor(() => {
      const seen = standIn.records.slice(before);
      expect(seen).toContainEqual({ kind: 'window', event: 'navigation refused', url: 'https://evil.example/' });
      expect(seen).toContainEqual({ kind: 'shell', method: 'openExternal', target: 'https://www.trai.gov.in/complaints' });
      expect(seen).toContainEqual({ kind: 'window', event: 'window.open deny', url: 'https://www.trai.gov.in/complaints' });
    });
    expect(win.webContents.getURL()).toBe('app://rechargedesk/index.html');
    await page.getByLabel('Mobile number').waitFor();
    win.destroy();
  }, 30_000);
});
