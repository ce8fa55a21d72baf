import { clipboard } from 'electron';
import type { Clipboard } from '../core/clipboard';

/**
 * Electron's clipboard from main (the window's own is refused by the permission handler). The
 * text is read back: a desktop without a clipboard owner takes it silently and keeps nothing.
 */
export const electronClipboard: Clipboard = {
  async write(text) {
    await clipboard.writeText(text);
    if ((await clipboard.readText()) !== text) throw new Error('the clipboard did not take the text');
  },
};
