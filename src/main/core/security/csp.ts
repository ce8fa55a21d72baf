/**
 * The renderer's Content-Security-Policy: nothing by default, then only our own script, style,
 * images and fonts; no eval, no inline script, no frames, workers or plugins. `connect-src` is the
 * one part that differs by where the page runs: the app's renderer talks to main only through
 * IPC, so it may connect nowhere; the web harness's page calls its own loopback bridge; the dev
 * server needs its own origin for hot reload.
 */
export type CspConnect = 'none' | 'self';

export function contentSecurityPolicy(connect: CspConnect, delivery: 'header' | 'meta' = 'header'): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src '${connect}'`,
    "object-src 'none'",
    "frame-src 'none'",
    "worker-src 'none'",
    "manifest-src 'none'",
    "media-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    // Browsers ignore (and warn about) frame-ancestors in a meta tag: only a header can carry it.
    ...(delivery === 'header' ? ["frame-ancestors 'none'"] : []),
  ].join('; ');
}

/** What the packaged app's responses carry. */
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy('none');
