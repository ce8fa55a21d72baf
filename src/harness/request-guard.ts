import { timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

export type GuardVerdict = { ok: true } | { ok: false; status: 403 | 421; why: string };

export interface GuardRule {
  /** `127.0.0.1:PORT` and `localhost:PORT`: the only Host headers this server answers. */
  readonly hosts: ReadonlySet<string>;
  /** The per-run key; null for requests that need none (the page and its files). */
  readonly key: string | null;
}

function sameKey(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Decides whether a request may reach the core. A web page elsewhere can make the browser send a
 * "simple" POST (text/plain, no preflight) to any loopback port, and a rebound DNS name can point
 * at 127.0.0.1: so a request must name our own Host, must not come from another origin (Origin
 * and Sec-Fetch-Site, when the browser sends them), and must carry the key only our page knows.
 */
export function guardRequest(headers: IncomingHttpHeaders, givenKey: string | undefined, rule: GuardRule): GuardVerdict {
  const host = headers.host ?? '';
  if (!rule.hosts.has(host)) return { ok: false, status: 421, why: 'foreign Host' };
  const origin = headers.origin;
  if (origin !== undefined && !rule.hosts.has(hostOfOrigin(origin))) return { ok: false, status: 403, why: 'foreign Origin' };
  const site = headers['sec-fetch-site'];
  if (rule.key !== null && site !== undefined && site !== 'same-origin') return { ok: false, status: 403, why: 'cross-site request' };
  if (rule.key !== null && !sameKey(givenKey, rule.key)) return { ok: false, status: 403, why: 'missing or wrong key' };
  return { ok: true };
}

/** `http://127.0.0.1:5317` → `127.0.0.1:5317`; anything else (https, "null", garbage) → ''. */
function hostOfOrigin(origin: string): string {
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' && url.pathname === '/' && !url.username ? url.host : '';
  } catch {
    return '';
  }
}
