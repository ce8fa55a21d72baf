import { app, dialog, shell, type BrowserWindow } from 'electron';
import { describeInternalError, describeRendererGone, describeStartupFailure, describeStartupNotice } from '../shell/startup-failure';
import { rateLimit } from '../shell/bounded';
import type { Outcome } from '../../shared/outcomes/outcome-registry';

export type Log = (message: string, detail?: unknown) => void;

/** The box that replaces a silent dead app: what happened, where the data is, what to do. */
export async function showStartupFailure(error: unknown, dataDir: string): Promise<void> {
  const text = describeStartupFailure(error, dataDir);
  if (!app.isReady()) {
    dialog.showErrorBox(text.title, `${text.message}\n\n${text.detail}`);
    return;
  }
  const { response } = await dialog.showMessageBox({
    type: 'error',
    title: text.title,
    message: text.message,
    detail: text.detail,
    buttons: ['Open the data folder · डेटा फ़ोल्डर खोलें', 'Close · बंद करें'],
    defaultId: 1,
    cancelId: 1,
    noLink: true,
  });
  if (response === 0) await shell.openPath(dataDir);
}

/**
 * Errors nobody caught in main are logged and the shopkeeper is told, at most a few times a
 * minute; the app keeps serving (the ledger is written before every send, so nothing is lost).
 */
export function guardMainProcess(log: Log, window: () => BrowserWindow | null): void {
  const mayTell = rateLimit(3, 60_000);
  const tell = (e: unknown) => {
    if (!mayTell()) return;
    const text = describeInternalError(e);
    if (!app.isReady()) {
      dialog.showErrorBox(text.title, `${text.message}\n\n${text.detail}`);
      return;
    }
    const win = window();
    const options = { type: 'error' as const, title: text.title, message: text.message, detail: text.detail, noLink: true };
    void (win && !win.isDestroyed() ? dialog.showMessageBox(win, options) : dialog.showMessageBox(options)).catch(() => {});
  };
  process.on('uncaughtException', (e) => {
    log('uncaught exception in main', e);
    tell(e);
  });
  process.on('unhandledRejection', (reason) => {
    log('unhandled rejection in main', reason);
    tell(reason);
  });
}

/** A dead renderer is reloaded (a few times a minute at most) and the shopkeeper is told why. */
export function reloadWhenRendererGone(win: BrowserWindow, log: Log): void {
  const mayReload = rateLimit(3, 60_000);
  win.webContents.on('render-process-gone', (_event, details) => {
    log(`renderer gone: ${details.reason} (exit code ${details.exitCode})`);
    if (details.reason === 'clean-exit' || win.isDestroyed()) return;
    const reloading = mayReload();
    if (reloading) win.webContents.reload();
    const text = describeRendererGone(details.reason);
    void dialog
      .showMessageBox(win, {
        type: 'warning',
        title: text.title,
        message: reloading ? text.message : describeInternalError(new Error(`the window stopped ${details.reason}`)).message,
        detail: text.detail,
        noLink: true,
      })
      .catch(() => {});
  });
}

/** Problems the app started through are shown once the window is up, one box each. */
export async function showStartupNotices(
  win: BrowserWindow,
  notices: readonly { level: string; outcome: Outcome }[],
  dataDir: string,
): Promise<void> {
  for (const notice of notices) {
    if (win.isDestroyed()) return;
    const text = describeStartupNotice(notice, dataDir);
    await dialog.showMessageBox(win, {
      type: notice.level === 'error' ? 'error' : 'warning',
      title: text.title,
      message: text.message,
      detail: text.detail,
      noLink: true,
    });
  }
}
