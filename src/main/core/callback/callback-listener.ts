import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { readLimited } from '../../../shared/read-limited';

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
    void readLimited(req, MAX_BODY)
      .then((read) => {
        if (!read.ok) {
          res.writeHead(413, { 'content-type': 'text/plain' }).end('too large');
          return;
        }
        const body = read.text;
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
      // The sender went away mid-body: nothing to answer.
      .catch(() => res.destroy());
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
