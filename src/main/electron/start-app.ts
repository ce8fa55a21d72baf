import { app, type BrowserWindow } from 'electron';
import { hardenSessions } from './security';
import { createMainWindow, rendererLocation } from './main-window';
import { bridgeIpc } from './ipc-bridge';
import type { Core } from '../core/create-core';

export interface ElectronEnvironment {
  readonly version: string;
  readonly dataDir: string;
}

/**
 * The app's lifecycle: one instance per machine (a second launch focuses the first, so two
 * windows can never submit from one ledger), hardening before the first window, a clean close.
 */
export function startElectronApp(makeCore: (env: ElectronEnvironment) => Promise<Core>): void {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  let win: BrowserWindow | null = null;
  app.on('second-instance', () => {
    if (!win) return;
    if (win.isMinimized()) win.restore();
    win.focus();
  });
  void app.whenReady().then(async () => {
    hardenSessions();
    const core = await makeCore({ version: app.getVersion(), dataDir: app.getPath('userData') });
    const location = rendererLocation();
    const unbridge = bridgeIpc(core, location.url, () => win);
    win = createMainWindow(location);
    win.on('closed', () => {
      win = null;
    });
    app.on('window-all-closed', () => app.quit());
    app.on('will-quit', () => {
      unbridge();
      void core.close();
    });
  });
}
