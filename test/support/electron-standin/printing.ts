import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { standIn } from './state';

/** The options of Electron's `webContents.print` that this stand-in acts on; others are recorded as given. */
export interface StandInPrintOptions {
  silent?: boolean;
  deviceName?: string;
  printBackground?: boolean;
  margins?: { marginType?: string; top?: number; bottom?: number; left?: number; right?: number };
  pageSize?: string | { width: number; height: number };
}
export type PrintCallback = (success: boolean, failureReason: string) => void;

let printCount = 0;

/** Electron's PrinterInfo for the printers the test says this machine has. */
export function standInPrinters() {
  return standIn.switches.printers.map((p) => ({ name: p.name, displayName: p.displayName, description: p.displayName, options: {} }));
}

/** Chromium's PDF margins for Electron's margin types: `none` is zero; the others leave Chromium's default. */
function pdfMargins(margins: StandInPrintOptions['margins']) {
  if (margins?.marginType === 'none') return { top: '0', bottom: '0', left: '0', right: '0' };
  if (margins?.marginType === 'custom') {
    const px = (n: number | undefined) => `${n ?? 0}px`;
    return { top: px(margins.top), bottom: px(margins.bottom), left: px(margins.left), right: px(margins.right) };
  }
  return undefined;
}

/**
 * `webContents.print`: what Electron would hand the printer, rendered to a PDF by the same
 * Chromium with the same page size and margins (a PDF printer, in effect). Electron refuses a
 * device name the OS does not know, and a non-silent print shows the OS dialog; here the dialog is
 * cancelled, as a test cannot press its buttons.
 */
export async function printPage(page: Page, options: StandInPrintOptions, callback: PrintCallback): Promise<void> {
  const known = standIn.switches.printers.some((p) => p.name === options.deviceName);
  const record = (ok: boolean, reason: string, pdf: string) =>
    standIn.record({ kind: 'print', options: JSON.parse(JSON.stringify(options)) as unknown, ok, reason, pdf });
  if (options.deviceName && !known) {
    record(false, 'Invalid deviceName provided', '');
    callback(false, 'Invalid deviceName provided');
    return;
  }
  if (!options.silent) {
    record(false, 'cancelled', '');
    callback(false, 'cancelled');
    return;
  }
  const size = options.pageSize ?? 'A4';
  const dir = standIn.switches.printDir || join(tmpdir(), 'electron-standin-prints');
  mkdirSync(dir, { recursive: true });
  const pdf = join(dir, `print-${process.pid}-${++printCount}.pdf`);
  try {
    await page.pdf({
      path: pdf,
      ...(typeof size === 'string' ? { format: size } : { width: `${size.width / 1000}mm`, height: `${size.height / 1000}mm` }),
      margin: pdfMargins(options.margins),
      printBackground: options.printBackground ?? false,
    });
  } catch (e) {
    record(false, 'Print job failed', '');
    standIn.record({ kind: 'console', level: 'stand-in', text: `print failed: ${String(e)}` });
    callback(false, 'Print job failed');
    return;
  }
  record(true, '', pdf);
  callback(true, '');
}
