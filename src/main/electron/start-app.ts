import { app, type BrowserWindow } from 'electron';
import { hardenSessions } from './security';
import { createMainWindow, rendererLocation } from './main-window';
import { bridgeIpc } from './ipc-bridge';
import { registerAppScheme, serveAppScheme } from './app-protocol';
import { guardMainProcess, reloadWhenRendererGone, showStartupFailure, showStartupNotices, type Log } from './failure-dialogs';
import { within } from '../shell/bounded';
import { atStage } from '../shell/startup-failure';
import type { Core } from '../core/create-core';

export interface ElectronEnvironment {
  readonly version: string;
  readonly dataDir: string;
}

/** Windows ties notifications and the taskbar to this id; it is electron-builder's appId. */
export const APP_USER_MODEL_ID = 'in.rechargedesk.app';
/** The ledger check and final flush get this long at quit before the process exits anyway. */
export const CLOSE_TIMEOUT_MS = 15_000;

const defaultLog: Log = (message, detail) =>
  console.error(message, detail instanceof Error ? (detail.stack ?? detail.message) : (detail ?? ''));

/**
 * The app's lifecycle: one instance per machine (a second launch focuses the first, so two
 * windows can never submit from one ledger), hardening before the first window, a start that
 * ends in a window or in a box that says what went wrong, and a close that waits for the core.
 */
export function startElectronApp(
  makeCore: (env: ElectronEnvironment) => Promise<Core>,
  { log = defaultLog, closeTimeoutMs = CLOSE_TIMEOUT_MS }: { log?: Log; closeTimeoutMs?: number } = {},
): void {
  app.setAppUserModelId(APP_USER_MODEL_ID);
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  let win: BrowserWindow | null = null;
  guardMainProcess(log, () => win);
  registerAppScheme();
  app.on('second-instance', () => {
    if (!win) return;
    if (win.isMinimized()) win.restore();
    win.focus();
  });

  void app.whenReady().then(async () => {
    let dataDir = '(unknown)';
    let core: Core | null = null;
    try {
      dataDir = app.getPath('userData');
      const location = rendererLocation();
      hardenSessions(location.url);
      if (location.rendererDir) serveAppScheme(location.rendererDir);
      core = await makeCore({ version: app.getVersion(), dataDir });
      const unbridge = bridgeIpc(core, location.url, () => win);
      win = createMainWindow();
      reloadWhenRendererGone(win, log);
      const notices = core.startupNotices;
      win.once('ready-to-show', () => {
        if (win) void showStartupNotices(win, notices, dataDir).catch((e) => log('a start-up notice could not be shown', e));
      });
      win.on('closed', () => {
        win = null;
      });
      app.on('window-all-closed', () => app.quit());
      const opened = core;
      let closing = false;
      app.on('will-quit', (event) => {
        // Electron does not wait for promises: hold the quit until the ledger is checked and flushed.
        event.preventDefault();
        if (closing) return;
        closing = true;
        unbridge();
        void within(opened.close(), closeTimeoutMs).then((result) => {
          if (result !== 'done') log(`closing the core at quit: ${result}`);
          app.exit(result === 'done' ? 0 : 1);
        });
      });
      const shown = win;
      await atStage('window', () => shown.loadURL(location.url));
    } catch (e) {
      log('RechargeDesk could not start', e);
      if (core) await within(core.close(), closeTimeoutMs);
      await showStartupFailure(e, dataDir).catch((shown) => log('the start-up failure box could not be shown', shown));
      // Never a hidden process holding the single-instance lock: every later launch would do nothing.
      app.exit(1);
    }
  });
}
