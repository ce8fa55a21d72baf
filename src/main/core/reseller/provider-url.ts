/**
 * The provider's base URL must be https: the token rides in the query string. Plain http is
 * allowed only on this machine (the sandbox, or a local test double).
 */
export type BaseUrlCheck = { ok: true; url: string } | { ok: false; reason: 'invalid' | 'not_https' };

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK.test(hostname);
}

export function checkBaseUrl(input: string): BaseUrlCheck {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (url.username || url.password || url.search || url.hash) return { ok: false, reason: 'invalid' };
  if (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname))) {
    // The address is often pasted from the provider's API page with the API's own path on it
    // (/webservices/api, or one call's path): the app adds that path itself, so it is taken off.
    const base = url.pathname.replace(/\/+$/, '').replace(/\/webservices\/api(?:\/[A-Za-z]+)?$/i, '');
    return { ok: true, url: `${url.origin}${base.replace(/\/+$/, '')}` };
  }
  return { ok: false, reason: url.protocol === 'http:' ? 'not_https' : 'invalid' };
}
