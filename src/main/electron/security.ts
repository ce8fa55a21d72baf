import { app, session, shell, type WebContents } from 'electron';
import { isAllowedExternalUrl } from '../core/security/external-links';
import { contentSecurityPolicy } from '../core/security/csp';

/**
 * Process-wide hardening, applied before any window exists: no permission is ever granted, no
 * web content may navigate, open windows or attach webviews, and every response carries our CSP.
 */
export function hardenSessions(): void {
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
  app.on('web-contents-created', (_event, contents) => lockDownContents(contents));
}

function lockDownContents(contents: WebContents): void {
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.on('will-frame-navigate', (event) => event.preventDefault());
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  // No window ever opens (window.open, target=_blank, middle-click); an allow-listed https link goes to the browser.
  contents.setWindowOpenHandler(({ url }) => {
    if (isAllowedExternalUrl(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
}
