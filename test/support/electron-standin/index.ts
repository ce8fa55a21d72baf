/**
 * A stand-in for the `electron` module, backed by real Chromium through playwright-core. Loaded
 * in place of Electron for the built main bundle (see register.ts) and for in-process tests.
 * What it cannot show is written down in docs/architecture.md.
 */
import { app } from './app';
import { StandInBrowserWindow } from './browser-window';
import { ipcMain } from './ipc-main';
import { protocol } from './protocol';
import { autoUpdater, clipboard, dialog, Notification, safeStorage, session, shell } from './fakes';

export { app, ipcMain, protocol, autoUpdater, clipboard, dialog, Notification, safeStorage, session, shell };
export const BrowserWindow = StandInBrowserWindow;

const electron = {
  app,
  BrowserWindow,
  ipcMain,
  protocol,
  autoUpdater,
  clipboard,
  dialog,
  Notification,
  safeStorage,
  session,
  shell,
};
export default electron;

// require('electron') (electron-updater does) must see this same module, not a second copy.
const KEY = Symbol.for('rechargedesk.electron-standin.module');
if (!Reflect.has(globalThis, KEY)) Reflect.set(globalThis, KEY, electron);
