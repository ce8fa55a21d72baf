import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { boundPort } from '../../src/shared/bound-port';

export interface ScriptedCall {
  readonly api: string;
  readonly query: Record<string, string>;
  /** How many calls to this api came before this one (0 for the first). */
  readonly nth: number;
}

/** A reply: a JSON body after an optional delay, or a connection dropped once the request was read. */
export type ScriptedReply = { body: Record<string, unknown>; delayMs?: number } | { drop: true };

/**
 * A provider played by a test, on a real loopback port: each call to /webservices/api/<api> is
 * answered by the script, so a test can make one check slow or drop a request after reading it.
 */
export async function startScriptedProvider(script: (call: ScriptedCall) => ScriptedReply) {
  const counts = new Map<string, number>();
  const calls: ScriptedCall[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const api = url.pathname.replace(/^\/webservices\/api\//, '');
    const nth = counts.get(api) ?? 0;
    counts.set(api, nth + 1);
    const call = { api, query: Object.fromEntries(url.searchParams), nth };
    calls.push(call);
    const reply = script(call);
    if ('drop' in reply) {
      req.socket.destroy();
      return;
    }
    const send = () => {
      if (res.destroyed) return;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
    };
    if (reply.delayMs) setTimeout(send, reply.delayMs);
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${boundPort(server)}`,
    calls,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
