/**
 * Links the app may hand to the system browser. Anything else is refused: a page that can open
 * arbitrary URLs or schemes (file:, smb:, custom handlers) is a classic way out of the sandbox.
 */
export const EXTERNAL_LINK_ALLOWLIST: readonly string[] = [
  'https://www.trai.gov.in',
  // "Share on WhatsApp": a receipt's text to the customer (issue 15).
  'https://wa.me',
];

export function isAllowedExternalUrl(url: string, allowlist: readonly string[] = EXTERNAL_LINK_ALLOWLIST): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' || parsed.username || parsed.password) return false;
  return allowlist.some((allowed) => new URL(allowed).origin === parsed.origin);
}
