import { app, session, shell, type WebContents } from 'electron';
import { contentSecurityPolicy } from '../core/security/csp';
import { isAllowedExternalUrl } from '../core/security/external-links';
import { decideNavigation } from '../shell/navigation';

/**
 * Process-wide hardening, applied before any window exists: no permission is ever granted, the
 * window never leaves the app's own page (allowlisted links go to the system browser), no window
 * or webview may be opened, and every response carries our CSP.
 */
export function hardenSessions(entryUrl: string): void {
  const ses = session.defaultSession;
  // The dev server's hot reload needs its own origin; the built app connects nowhere.
  const policy = contentSecurityPolicy(process.env['ELECTRON_RENDERER_URL'] ? 'self' : 'none');
  ses.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  ses.setPermissionCheckHandler(() => false);
  ses.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [policy] },
    });
  });
  app.on('web-contents-created', (_event, contents) => lockDownContents(contents, entryUrl));
}

function lockDownContents(contents: WebContents, entryUrl: string): void {
  const guard = (event: { preventDefault(): void }, url: string) => {
    const decision = decideNavigation(url, entryUrl);
    if (decision === 'allow') return;
    event.preventDefault();
    if (decision === 'open-externally') void shell.openExternal(url);
  };
  contents.on('will-navigate', (event) => guard(event, event.url));
  contents.on('will-frame-navigate', (event) => guard(event, event.url));
  contents.on('will-redirect', (event) => guard(event, event.url));
  contents.on('will-attach-webview', (event) => event.preventDefault());
  // No window ever opens (window.open, target=_blank, middle-click); an allow-listed https link goes to the browser.
  contents.setWindowOpenHandler(({ url }) => {
    if (isAllowedExternalUrl(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
}
