import { app, BrowserWindow, dialog } from 'electron';
import { join } from 'node:path';

/** The OS logs folder for this app (`~/Library/Logs/RechargeDesk`, `%APPDATA%\RechargeDesk\logs`, …). */
export const logsDir = (): string => app.getPath('logs');

/** "Save diagnostics": the OS save dialog, starting in Documents; null when cancelled. */
export async function chooseDiagnosticsPath(suggestedName: string): Promise<string | null> {
  const options = {
    title: 'Save diagnostics for support',
    defaultPath: join(app.getPath('documents'), suggestedName),
    filters: [{ name: 'Text', extensions: ['txt'] }],
  };
  const parent = BrowserWindow.getFocusedWindow();
  const result = parent ? await dialog.showSaveDialog(parent, options) : await dialog.showSaveDialog(options);
  return result.canceled || !result.filePath ? null : result.filePath;
}
