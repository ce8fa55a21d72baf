import { BrowserWindow, app, dialog, type FileFilter } from 'electron';
import { join } from 'node:path';
import type { ExportTarget } from '../core/reports/export-target';

const FILTERS: Record<'csv' | 'xlsx' | 'json', FileFilter> = {
  csv: { name: 'CSV (Excel, Google Sheets)', extensions: ['csv'] },
  xlsx: { name: 'Excel workbook', extensions: ['xlsx'] },
  json: { name: 'Provider profile', extensions: ['json'] },
};

/** The OS save dialog, over the app's window, starting in Documents. Cancel answers null. */
export const saveDialogTarget: ExportTarget = {
  async choose(name, format) {
    const options = { defaultPath: join(app.getPath('documents'), name), filters: [FILTERS[format]] };
    const win = BrowserWindow.getFocusedWindow();
    const r = win ? await dialog.showSaveDialog(win, options) : await dialog.showSaveDialog(options);
    return r.canceled || !r.filePath ? null : r.filePath;
  },
};
