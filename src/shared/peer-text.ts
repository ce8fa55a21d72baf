/**
 * Control characters and the bidirectional marks and overrides (U+061C, U+200E/F, U+202A–E,
 * U+2066–9, and the BOM). Text from another counter or a file can carry them to make a name or a
 * message print differently from what it says ("Counter 2" that reads right-to-left, a line
 * break that fakes a second line in a refusal).
 */
const HIDDEN = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/gu;

/** Text from outside made safe to show: hidden characters become a space, runs of spaces one. */
export function cleanPeerText(text: string): string {
  return text.replace(HIDDEN, ' ').replace(/ {2,}/g, ' ').trim();
}
