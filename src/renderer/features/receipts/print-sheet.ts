import type { DeskApi } from '../../../shared/ipc/desk-api';
import type { ReceiptPaper } from '../../../shared/settings-schema';

const MM_PER_PX = 25.4 / 96;
/** The Devanagari face also holds ₹; it is fetched only when a page first needs it. */
const DEVANAGARI_FACE = '16px "Noto Sans Devanagari"';

/**
 * Hands the receipt on screen to main's printer, with its height so a roll is cut after it. The
 * fonts are loaded first: a silent print does not wait for a face still on its way, and a
 * Hindi receipt or a ₹ printed in a fallback face can come out as boxes.
 */
export async function printSheet(desk: DeskApi, paper: ReceiptPaper, sheet: HTMLElement | null) {
  await Promise.all([document.fonts.load(DEVANAGARI_FACE, 'हिन्दी ₹'), document.fonts.load(`600 ${DEVANAGARI_FACE}`, 'हिन्दी ₹')]).catch(
    () => {},
  );
  await document.fonts.ready;
  const height = sheet?.getBoundingClientRect().height ?? 400;
  return desk.receipt.print({ paper, heightMm: Math.min(1000, Math.max(30, Math.ceil(height * MM_PER_PX) + 8)) });
}
