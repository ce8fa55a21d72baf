import type { ReceiptPaper } from '../../../shared/settings-schema';
import { UserFacingError } from '../errors/user-facing-error';

export interface PrintJob {
  paper: ReceiptPaper;
  heightMm: number;
  /** The OS printer name; empty asks the shopkeeper with the print dialog. */
  printer: string;
}

/** A printer the OS knows: `name` is what printing needs, `displayName` what the owner reads. */
export interface PrinterChoice {
  name: string;
  displayName: string;
}

/** Prints the receipt the renderer shows: `webContents.print` in the app. */
export interface ReceiptPrinter {
  print(job: PrintJob): Promise<{ printed: boolean }>;
  /** The printers the OS offers, for the owner to pick the counter's one in Settings. */
  printers(): Promise<PrinterChoice[]>;
}

/** Without the desktop app (the web harness) there is no printer to hand the page to. */
export const noPrinter: ReceiptPrinter = {
  print: () => Promise.reject(new UserFacingError('print_unavailable', {})),
  printers: () => Promise.reject(new UserFacingError('print_unavailable', {})),
};
