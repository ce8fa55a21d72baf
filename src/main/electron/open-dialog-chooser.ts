import { BrowserWindow, app, dialog, type OpenDialogOptions } from 'electron';
import type { PathChooser } from '../core/files/path-chooser';

/**
 * The OS open dialog over the app's window, starting where the box points (or in Documents). A
 * folder may be made new in it (a USB drive's "RechargeDesk backups"). Cancel answers null.
 */
export const openDialogChooser: PathChooser = {
  async choose(kind, start) {
    const options: OpenDialogOptions = {
      defaultPath: start.trim() || app.getPath('documents'),
      properties: kind === 'folder' ? ['openDirectory', 'createDirectory', 'promptToCreate'] : ['openFile'],
    };
    const win = BrowserWindow.getFocusedWindow();
    const r = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options);
    return { way: 'chosen', path: r.canceled ? null : (r.filePaths[0] ?? null) };
  },
};
