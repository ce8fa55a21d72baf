/**
 * Where the installed app's renderer lives: a privileged custom scheme, not file://. With the
 * grantFileProtocolExtraPrivileges fuse off, a file:// page has origin `null` and Chromium refuses
 * the Vite build's `<script type="module" crossorigin>`, so the window would stay blank.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'rechargedesk';
const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/**
 * Standard (relative URLs and a real origin) and secure (a secure context, like https). codeCache:
 * Chromium keeps the compiled renderer in the profile's code cache, as it does for https, so a start
 * after the first does not compile the page's scripts again (Electron caches custom schemes only
 * when asked, and only for standard ones).
 */
export const APP_SCHEME_PRIVILEGES = { standard: true, secure: true, supportFetchAPI: true, codeCache: true } as const;

/** True for a URL of the app's own origin (any path): the only pages the window may show. */
export function isAppUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST && !parsed.username && !parsed.password;
}
