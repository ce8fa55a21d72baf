import { BrowserWindow, dialog } from 'electron';
import type { ConfirmWeakProtection } from '../core/auth/confirm-weak-protection';

/** The native yes/no for a weakly protected token; the words come from core. "Do not save" is the default. */
export const confirmWeakProtectionDialog: ConfirmWeakProtection = async (q) => {
  const options = {
    type: 'warning' as const,
    title: q.title,
    message: q.message,
    detail: q.detail,
    buttons: [q.cancel, q.accept],
    defaultId: 0,
    cancelId: 0,
    noLink: true,
  };
  const win = BrowserWindow.getFocusedWindow();
  const { response } = win ? await dialog.showMessageBox(win, options) : await dialog.showMessageBox(options);
  return response === 1;
};
