/** Paise as a plain rupee figure with two decimals ("1234.50"), which every spreadsheet reads as a number. */
export function rupeeText(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * A cell starting with = + - @ (or a tab, a return, a line feed, or their full-width forms) is a
 * formula to a spreadsheet: text from the provider or from a file must never run as one, so such
 * text gets a leading apostrophe.
 */
export function safeText(text: string): string {
  return /^[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20]/.test(text) ? `'${text}` : text;
}
