import type { Socket } from 'node:net';
import type * as z from 'zod';

/** A line longer than this is not one of ours: the connection is dropped. */
const MAX_LINE = 1 << 20;

/**
 * Reads newline-separated JSON messages from a local socket between the app and its backup child,
 * each parsed with `schema`; anything else (not JSON, not the shape, too long) drops the
 * connection, as only the other side of our own protocol should be talking.
 */
export function jsonLines<T>(socket: Socket, schema: z.ZodType<T>, onMessage: (message: T) => void): void {
  let buffered = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffered += chunk;
    if (buffered.length > MAX_LINE) return void socket.destroy();
    let end: number;
    while ((end = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 1);
      const parsed = schema.safeParse(safeJson(line));
      if (!parsed.success) return void socket.destroy();
      onMessage(parsed.data);
      if (socket.destroyed) return;
    }
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
