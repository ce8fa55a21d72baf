import { BrowserWindow, type WebContentsPrintOptions } from 'electron';
import { UserFacingError } from '../core/errors/user-facing-error';
import type { ReceiptPrinter } from '../core/receipts/receipt-printer';

const ROLL_WIDTH_MICRONS = { '58mm': 58_000, '80mm': 80_000 } as const;

/**
 * Prints the app window, whose print stylesheet shows only the open receipt: a roll the width of
 * the paper and the receipt's height, or A4. A named printer prints at once; none asks.
 */
export const electronReceiptPrinter: ReceiptPrinter = {
  print({ paper, heightMm, printer }) {
    const win = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0];
    if (!win) return Promise.reject(new UserFacingError('print_failed', { cue: 'the window is closed' }));
    const options: WebContentsPrintOptions = {
      silent: printer !== '',
      deviceName: printer || undefined,
      printBackground: false,
      margins: { marginType: 'none' },
      pageSize: paper === 'a4' ? 'A4' : { width: ROLL_WIDTH_MICRONS[paper], height: heightMm * 1000 },
    };
    return new Promise((resolve, reject) => {
      win.webContents.print(options, (success, reason) => {
        if (success) resolve({ printed: true });
        else if (reason === 'cancelled') resolve({ printed: false });
        else reject(new UserFacingError('print_failed', { cue: reason.slice(0, 200) }));
      });
    });
  },
};
