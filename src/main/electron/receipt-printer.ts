import { BrowserWindow, type WebContentsPrintOptions } from 'electron';
import * as z from 'zod';
import { UserFacingError } from '../core/errors/user-facing-error';
import type { ReceiptPrinter } from '../core/receipts/receipt-printer';

const ROLL_WIDTH_MICRONS = { '58mm': 58_000, '80mm': 80_000 } as const;

/** What Electron says of each printer; anything else it adds is not ours to trust or show. */
const osPrintersSchema = z.array(z.object({ name: z.string().min(1).max(256), displayName: z.string().max(256).catch('') }));

function appWindow(): BrowserWindow | null {
  return BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0] ?? null;
}

/**
 * Prints the app window, whose print stylesheet shows only the open receipt: a roll the width of
 * the paper and the receipt's height, or A4. A named printer prints at once; none asks.
 */
export const electronReceiptPrinter: ReceiptPrinter = {
  print({ paper, heightMm, printer }) {
    const win = appWindow();
    if (!win) return Promise.reject(new UserFacingError('print_failed', { cue: 'the window is closed' }));
    const width = paper === 'a4' ? 0 : ROLL_WIDTH_MICRONS[paper];
    const options: WebContentsPrintOptions = {
      silent: printer !== '',
      deviceName: printer || undefined,
      printBackground: false,
      margins: { marginType: 'none' },
      // A page wider than it is tall is turned to landscape by some drivers: a short receipt is
      // given a little more roll rather than printed sideways.
      pageSize: paper === 'a4' ? 'A4' : { width, height: Math.max(heightMm * 1000, width + 1000) },
    };
    return new Promise((resolve, reject) => {
      win.webContents.print(options, (success, reason) => {
        if (success) resolve({ printed: true });
        else if (reason === 'cancelled') resolve({ printed: false });
        else reject(new UserFacingError('print_failed', { cue: reason.slice(0, 200) }));
      });
    });
  },
  async printers() {
    const win = appWindow();
    if (!win) return [];
    const found = osPrintersSchema.safeParse(await win.webContents.getPrintersAsync());
    return found.success ? found.data.map((p) => ({ name: p.name, displayName: p.displayName || p.name })) : [];
  },
};
