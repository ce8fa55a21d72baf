/**
 * Reads a callback request without trusting a byte of it. Every failure is a value, never a
 * throw: a listener that throws on `GET http://[ HTTP/1.1` takes the whole core down with it.
 */
export type CallbackParse = { ok: true; params: Record<string, string> } | { ok: false; status: 400 | 404 | 405 | 414 | 415 };

/** Longer than any real callback's query (nine short fields), far below Node's 16 KB header cap. */
const MAX_TARGET_CHARS = 2048;
const PATH = /^\/api\/webhook\/callback\/[^/]{1,64}\/?$/;
const MAX_FIELDS = 32;

/** `a=1&b=x+y` → fields, decoding strictly: a bad %-escape or broken UTF-8 is refused, not guessed. */
export function parseForm(text: string): Record<string, string> | null {
  const pairs = text === '' ? [] : text.split('&');
  if (pairs.length > MAX_FIELDS) return null;
  const fields: [string, string][] = [];
  for (const pair of pairs) {
    if (pair === '') continue;
    const at = pair.indexOf('=');
    const key = decodeStrict(at < 0 ? pair : pair.slice(0, at));
    const value = decodeStrict(at < 0 ? '' : pair.slice(at + 1));
    if (key === null || value === null) return null;
    fields.push([key, value]);
  }
  // fromEntries defines own properties, so a "__proto__" field is just a field.
  return Object.fromEntries(fields);
}

function decodeStrict(part: string): string | null {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/** The request target: origin-form only (`/path?query`); absolute-form and garbage are 400. */
export function parseTarget(
  target: string | undefined,
): { ok: true; path: string; query: string } | { ok: false; status: 400 | 404 | 414 } {
  if (target === undefined || !target.startsWith('/')) return { ok: false, status: 400 };
  if (target.length > MAX_TARGET_CHARS) return { ok: false, status: 414 };
  if (/[\u0000-\u0020\u007f-\uffff]/.test(target)) return { ok: false, status: 400 };
  const q = target.indexOf('?');
  const path = q < 0 ? target : target.slice(0, q);
  if (!PATH.test(path) || decodeStrict(path) === null) return { ok: false, status: 404 };
  return { ok: true, path, query: q < 0 ? '' : target.slice(q + 1) };
}

/** The fields of a callback: GET query, or a POST body as JSON or a form (field notes). */
export function parseBody(body: string, contentType: string): CallbackParse {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'application/x-www-form-urlencoded') {
    const form = parseForm(body);
    return form ? { ok: true, params: form } : { ok: false, status: 400 };
  }
  if (type === 'application/json' || type === '' || type === 'text/plain') {
    const json = parseJsonObject(body);
    if (json) return { ok: true, params: json };
    // Some senders POST a form without saying so.
    const form = type === 'application/json' ? null : parseForm(body);
    return form ? { ok: true, params: form } : { ok: false, status: 400 };
  }
  return { ok: false, status: 415 };
}

function parseJsonObject(body: string): Record<string, string> | null {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return null;
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return null;
  const fields = Object.entries(json)
    .slice(0, MAX_FIELDS)
    .filter((entry): entry is [string, string | number] => typeof entry[1] === 'string' || typeof entry[1] === 'number');
  return Object.fromEntries(fields.map(([k, v]) => [k, String(v)]));
}
