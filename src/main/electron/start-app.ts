import { app, type BrowserWindow } from 'electron';
import { hardenSessions } from './security';
import { createMainWindow, rendererLocation, type RendererLocation } from './main-window';
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
/** A core still opening after this long (an upgrade of a big ledger) gets its window shown, saying so. */
const SLOW_OPEN_SHOW_MS = 2_000;

const defaultLog: Log = (message, detail) =>
  console.error(message, detail instanceof Error ? (detail.stack ?? detail.message) : (detail ?? ''));

/**
 * The app's lifecycle: one instance per machine (a second launch focuses the first, so two
 * windows can never submit from one ledger), hardening before the first window, a start that
 * ends in a window or in a box that says what went wrong, and a close that waits for the core.
 */
export function startElectronApp(
  makeCore: (env: ElectronEnvironment) => Promise<Core>,
  {
    log = defaultLog,
    closeTimeoutMs = CLOSE_TIMEOUT_MS,
    renderer = rendererLocation,
  }: { log?: Log; closeTimeoutMs?: number; renderer?: () => RendererLocation } = {},
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
    let unbridge = () => {};
    // Set when the start fails: its own path closes the window, tells why and exits 1.
    let failed = false;
    try {
      dataDir = app.getPath('userData');
      const location = renderer();
      hardenSessions(location.url);
      if (location.rendererDir) serveAppScheme(location.rendererDir);
      // The window loads while the core opens its ledger, its first calls waiting for the core: the
      // page and the core start side by side. It is shown once the core is open, or after a few
      // seconds of opening (an upgrade of a big ledger), so the page can say what is happening. A
      // start that fails first never shows a window, only the box that says why.
      const opening = makeCore({ version: app.getVersion(), dataDir });
      opening.catch(() => {});
      unbridge = bridgeIpc(opening, location.url, () => win);
      const shown = createMainWindow(location.preload);
      win = shown;
      reloadWhenRendererGone(shown, log);
      shown.on('closed', () => {
        win = null;
      });
      app.on('window-all-closed', () => {
        if (!failed) app.quit();
      });
      let closing = false;
      app.on('will-quit', (event) => {
        // Electron does not wait for promises: hold the quit until the ledger is checked and flushed
        // (a window closed while the core still opens waits for it to open, then closes it).
        event.preventDefault();
        if (closing || failed) return;
        closing = true;
        unbridge();
        const opened = core;
        // Open: the close starts now, within this event; still opening: once it has opened.
        const closed = opened
          ? within(opened.close(), closeTimeoutMs)
          : opening.then(
              (late) => within(late.close(), closeTimeoutMs),
              () => 'done' as const,
            );
        void closed.then((result) => {
          if (result !== 'done') log(`closing the core at quit: ${result}`);
          app.exit(result === 'done' ? 0 : 1);
        });
      });
      const pageReady = new Promise<void>((resolve) => shown.once('ready-to-show', () => resolve()));
      const show = () => void pageReady.then(() => !shown.isDestroyed() && shown.show());
      const loading = shown.loadURL(location.url);
      loading.catch(() => {});
      const slow = setTimeout(show, SLOW_OPEN_SHOW_MS);
      try {
        core = await opening;
      } finally {
        clearTimeout(slow);
      }
      show();
      const notices = [...core.notices.list()];
      void pageReady.then(() => showStartupNotices(shown, notices, dataDir).catch((e) => log('a start-up notice could not be shown', e)));
      await atStage('window', () => loading);
    } catch (e) {
      failed = true;
      log('RechargeDesk could not start', e);
      unbridge();
      if (win && !win.isDestroyed()) win.destroy();
      win = null;
      if (core) await within(core.close(), closeTimeoutMs);
      await showStartupFailure(e, dataDir).catch((shown) => log('the start-up failure box could not be shown', shown));
      // Never a hidden process holding the single-instance lock: every later launch would do nothing.
      app.exit(1);
    }
  });
}
