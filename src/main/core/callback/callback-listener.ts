import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';

/** The callback's parameters (section 6.2); only refId matters, as a hint of which to check. */
const callbackSchema = z.looseObject({
  refId: z.string().trim().min(1).max(64),
  status: z.string().max(40).optional(),
  txnId: z.string().max(64).optional(),
});

const PATH = /^\/api\/webhook\/callback\/[^/]{1,64}\/?$/;
const MAX_BODY = 16 * 1024;

export interface CallbackListenerOptions {
  host: string;
  port: number;
  /** Called with the ref_id of a well-formed callback, after the provider has had its 200. */
  onHint: (refId: string) => void;
  log: (message: string) => void;
}

export interface CallbackListener {
  readonly url: string;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new Error('callback body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function paramsOf(url: URL, method: string, body: string, type: string): unknown {
  if (method === 'GET') return Object.fromEntries(url.searchParams);
  if (type.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(body));
  return JSON.parse(body) as unknown;
}

/**
 * Receives the provider's status callbacks, GET or POST. It answers 200 at once and only hints the
 * poller to check that transaction now: the document shows no signature on callbacks, so a
 * callback by itself never changes a transaction.
 */
export async function startCallbackListener(o: CallbackListenerOptions): Promise<CallbackListener> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://callback.local');
    const method = req.method ?? 'GET';
    if (!PATH.test(url.pathname) || (method !== 'GET' && method !== 'POST')) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    void readBody(req)
      .then((body) => {
        res.writeHead(200, { 'content-type': 'text/plain' }).end('OK');
        let params: unknown;
        try {
          params = paramsOf(url, method, body, String(req.headers['content-type'] ?? ''));
        } catch {
          o.log('callback ignored: body is not JSON or a form');
          return;
        }
        const parsed = callbackSchema.safeParse(params);
        if (!parsed.success) {
          o.log('callback ignored: no refId');
          return;
        }
        o.onHint(parsed.data.refId);
      })
      .catch(() => {
        if (!res.headersSent) res.writeHead(413, { 'content-type': 'text/plain' }).end('too large');
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, o.host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${o.host.includes(':') ? `[${o.host}]` : o.host}:${address.port}/api/webhook/callback/`,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
