import { app } from 'electron';
import electronUpdater from 'electron-updater';
import type { UpdateStatus, Updater } from '../core/updater';
import { noUpdater } from '../core/updater';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * electron-updater: checks at start and daily, downloads in the background, and never restarts
 * by itself; the shopkeeper restarts from the app when no recharge is being sent. The feed is
 * the generic HTTPS provider of the build, or RECHARGEDESK_UPDATE_URL when set.
 */
export function createElectronUpdater(log: (message: string) => void): Updater {
  if (!app.isPackaged) return noUpdater;
  const { autoUpdater } = electronUpdater;
  let status: UpdateStatus = 'idle';
  let version: string | null = null;
  const listeners: ((v: string) => void)[] = [];
  autoUpdater.autoDownload = true;
  autoUpdater.autoInstallOnAppQuit = true;
  const feed = process.env['RECHARGEDESK_UPDATE_URL'];
  if (feed?.startsWith('https://')) autoUpdater.setFeedURL({ provider: 'generic', url: feed });
  autoUpdater.on('checking-for-update', () => (status = 'checking'));
  autoUpdater.on('update-available', (info) => {
    status = 'downloading';
    version = info.version;
  });
  autoUpdater.on('update-not-available', () => (status = 'idle'));
  autoUpdater.on('error', (e) => {
    status = 'error';
    log(`update check failed: ${e instanceof Error ? e.message : String(e)}`);
  });
  autoUpdater.on('update-downloaded', (info) => {
    status = 'ready';
    version = info.version;
    for (const l of listeners) l(info.version);
  });
  const check = () => void autoUpdater.checkForUpdates().catch(() => {});
  check();
  setInterval(check, DAY_MS).unref();
  return {
    state: () => ({ status, version }),
    onReady: (l) => listeners.push(l),
    restart: () => autoUpdater.quitAndInstall(),
  };
}
