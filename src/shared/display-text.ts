/** Longest provider text a screen shows in full; the ledger keeps every character. */
export const DISPLAY_TEXT_MAX = 300;

/** A provider's words cut for a screen: whole when short, else cut with an ellipsis. */
export function forDisplay(text: string, max: number = DISPLAY_TEXT_MAX): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}
