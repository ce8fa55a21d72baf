import { readFile } from 'node:fs/promises';
import { extname, isAbsolute, join, relative, sep } from 'node:path';
import { CONTENT_SECURITY_POLICY } from '../core/security/csp';
import { APP_HOST, APP_SCHEME } from './app-origin';

const MIME_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** Module scripts are refused unless served as JavaScript: an unknown type is never guessed. */
export function mimeTypeOf(file: string): string {
  return MIME_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * The file under `rendererDir` that an app:// URL names, or null when the URL is not ours or its
 * path could leave that folder. Each segment is decoded on its own, so `%2e%2e`, `%2f`, `%5c`
 * (a Windows separator), a drive letter or a NUL can't smuggle a step outside.
 */
export function rendererFileFor(rendererDir: string, requestUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return null;
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST || url.username || url.password) return null;
  // The raw path, before URL parsing would have folded any dot segments away.
  const rawPath = requestUrl.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '').split(/[?#]/)[0] ?? '';
  const segments: string[] = [];
  for (const raw of rawPath.split('/').slice(1)) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (segment === '' || segment === '.' || segment === '..') {
      if (segment === '') continue;
      return null;
    }
    if (/[\\/:\0]/.test(segment) || isAbsolute(segment)) return null;
    segments.push(segment);
  }
  const file = join(rendererDir, ...(segments.length === 0 ? ['index.html'] : segments));
  const inside = relative(rendererDir, file);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside) || inside.split(sep).includes('..')) return null;
  return file;
}

/**
 * Answers one app:// request from the built renderer folder, with its MIME type and the CSP as a
 * header (a custom scheme's responses don't pass through the session's header hook everywhere).
 */
export async function serveRendererRequest(rendererDir: string, request: { url: string; method: string }): Promise<Response> {
  const headers = { 'Content-Security-Policy': CONTENT_SECURITY_POLICY, 'X-Content-Type-Options': 'nosniff' };
  if (request.method !== 'GET' && request.method !== 'HEAD') return new Response(null, { status: 405, headers });
  const file = rendererFileFor(rendererDir, request.url);
  if (!file) return new Response('Not found', { status: 404, headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' } });
  let body: Buffer;
  try {
    body = await readFile(file);
  } catch {
    return new Response('Not found', { status: 404, headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' } });
  }
  return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), {
    status: 200,
    headers: { ...headers, 'Content-Type': mimeTypeOf(file), 'Cache-Control': 'no-cache' },
  });
}
