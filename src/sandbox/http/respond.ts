import type { ServerResponse } from 'node:http';
import { readLimited } from '../../shared/read-limited';

export function sendJson(res: ServerResponse, status: number, body: unknown, contentType = 'application/json; charset=utf-8'): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(text), 'cache-control': 'no-store' });
  res.end(text);
}

export function sendText(res: ServerResponse, status: number, text: string, contentType: string): void {
  res.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** A request body as text, or null when it is over `limit` bytes. */
export async function readBodyText(req: AsyncIterable<Uint8Array | string>, limit = 64 * 1024): Promise<string | null> {
  const body = await readLimited(req, limit);
  return body.ok ? body.text : null;
}

/** A JSON request body of at most `limit` bytes; an empty body is `{}`. */
export async function readJsonBody(req: AsyncIterable<Uint8Array | string>, limit = 64 * 1024): Promise<unknown> {
  const body = await readLimited(req, limit);
  if (!body.ok) throw new SyntaxError('body too large');
  const text = body.text.trim();
  return text === '' ? {} : (JSON.parse(text) as unknown);
}
