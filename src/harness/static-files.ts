import { readFile } from 'node:fs/promises';
import { join, normalize, sep } from 'node:path';
import { mimeTypeOf } from '../main/shell/renderer-files';

// One MIME table for the app:// handler and the harness, so both serve the renderer alike.
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
    return { body: await readFile(full), type: mimeTypeOf(full) };
  } catch {
    return null;
  }
}
