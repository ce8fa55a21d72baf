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
    return { ok: true, url: `${url.origin}${url.pathname.replace(/\/+$/, '')}` };
  }
  return { ok: false, reason: url.protocol === 'http:' ? 'not_https' : 'invalid' };
}
