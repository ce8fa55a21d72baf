import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

export interface StaticFile {
  readonly body: Buffer;
  readonly type: string;
}

/** Reads a file of the built renderer, refusing any path that would leave its folder. */
export async function readStaticFile(root: string, urlPath: string): Promise<StaticFile | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const relative = normalize(decoded === '/' ? '/index.html' : decoded).replace(/^([/\\])+/, '');
  const full = join(root, relative);
  if (full !== root && !full.startsWith(root.endsWith(sep) ? root : root + sep)) return null;
  try {
    return { body: await readFile(full), type: TYPES[extname(full)] ?? 'application/octet-stream' };
  } catch {
    return null;
  }
}
