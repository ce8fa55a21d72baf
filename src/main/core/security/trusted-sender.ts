/**
 * IPC is accepted only from the top frame of our own page. A frame is trusted when it is the main
 * frame and its URL is the app's renderer entry (same origin and path, any hash or query), which
 * keeps an injected iframe or a navigated-away page from calling into money-moving code.
 */
export function isTrustedSender(frame: { url: string; isMainFrame: boolean } | null, rendererUrl: string): boolean {
  if (!frame || !frame.isMainFrame) return false;
  let actual: URL;
  let expected: URL;
  try {
    actual = new URL(frame.url);
    expected = new URL(rendererUrl);
  } catch {
    return false;
  }
  return actual.protocol === expected.protocol && actual.host === expected.host && actual.pathname === expected.pathname;
}
