/**
 * The token travels in the query string, so any URL, error text or raw reply that might hold it
 * is passed through here before it is logged, stored or shown.
 *
 * A provider may echo the token in any encoding its reply can carry: plain, percent-encoded
 * (either hex case, `+` for space), JSON-escaped (`\/`, `\uXXXX`, `\"`), or as HTML character
 * references, and mixed character by character. So the secret is matched as a sequence of
 * characters each of which may appear in any of those spellings, rather than as a few fixed strings.
 */
export function redactSecrets(text: string, secrets: readonly (string | null | undefined)[] = []): string {
  let out = text.replace(TOKEN_PARAM, '$1***');
  for (const secret of secrets) {
    if (secret && secret.length >= 4) out = out.replace(secretPattern(secret), '***');
  }
  return out;
}

/** `api_token=…`, `api_token%3D…`, `"api_token":"…"`: whatever follows is the token. */
const TOKEN_PARAM = /(api_token(?:=|%3D|\\u003d|\\?"\s*:\s*\\?"))[^&\s"'<\\]*/gi;

const cache = new Map<string, RegExp>();

function secretPattern(secret: string): RegExp {
  let pattern = cache.get(secret);
  if (!pattern) {
    // One live token and perhaps one under test: a tiny cache, never a growing one.
    if (cache.size > 8) cache.clear();
    pattern = new RegExp([...secret].map(spellings).join(''), 'gi');
    cache.set(secret, pattern);
  }
  pattern.lastIndex = 0;
  return pattern;
}

const JSON_SHORT: Record<string, string> = {
  '"': '\\"',
  '\\': '\\\\',
  '/': '\\/',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
};
const HTML_NAMED: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&(?:#0*39|apos);' };

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');

/** Every spelling of one character (a code point) as a regex alternation. */
function spellings(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  const units = char.length === 2 ? [char.charCodeAt(0), char.charCodeAt(1)] : [code];
  const alternatives = [escapeRegex(char)];
  alternatives.push(units.map((u) => `\\\\u${hex(u, 4)}`).join(''));
  const short = JSON_SHORT[char];
  if (short) alternatives.push(escapeRegex(short));
  alternatives.push([...new TextEncoder().encode(char)].map((b) => `%${hex(b, 2)}`).join(''));
  if (char === ' ') alternatives.push('\\+');
  alternatives.push(`&#0*${code};`, `&#x0*${hex(code, 1)};`);
  const named = HTML_NAMED[char];
  if (named) alternatives.push(char === "'" ? named : escapeRegex(named));
  return `(?:${alternatives.join('|')})`;
}
