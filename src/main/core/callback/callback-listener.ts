import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from './http-server';
import type { AddressInfo, Socket } from 'node:net';
import { builtinEngine } from '../../../shared/profiles/builtin-profiles';
import type { ReadCallback } from '../../../shared/profiles/callback-reader';
import { readLimited } from '../../../shared/read-limited';
import { isListenHost } from '../../../shared/listen-host';
import { parseBody, parseForm, parseTarget } from './callback-request';

/** The document's words (section 6.2), for a listener told no profile. */
const documentReader: CallbackReader = (params) => builtinEngine().readCallback(params);

const MAX_BODY = 16 * 1024;
/** A provider sends callbacks once, with a short timeout: a slow sender is cut off, not waited for. */
const REQUEST_TIMEOUT_MS = 5_000;
const MAX_CONNECTIONS = 64;

export type CallbackReader = (params: Readonly<Record<string, string>>) => ReadCallback | null;

export interface CallbackListenerOptions {
  host: string;
  port: number;
  /** Called with the ref_id of a well-formed callback (and what it names), after the provider has had its 200. */
  onHint: (refId: string, named: ReadCallback['named']) => void;
  /** Reads a callback in the words of the profile in use: where our reference is, what its status means. */
  read?: CallbackReader;
  log: (message: string) => void;
}

export interface CallbackListener {
  readonly url: string;
  close(): Promise<void>;
}

const REASONS: Record<number, string> = {
  200: 'OK',
  400: 'bad request',
  404: 'not found',
  405: 'method not allowed',
  413: 'too large',
  414: 'URI too long',
  415: 'unsupported media type',
};

const deadlines = new WeakMap<Socket, NodeJS.Timeout>();

function deadline(socket: Socket): void {
  clearTimeout(deadlines.get(socket));
  const timer = setTimeout(() => socket.destroy(), REQUEST_TIMEOUT_MS);
  timer.unref();
  deadlines.set(socket, timer);
}

function answer(res: ServerResponse, status: number, extra: Record<string, string> = {}): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'text/plain', ...extra }).end(REASONS[status] ?? '');
}

/**
 * Receives the provider's status callbacks, GET or POST (JSON or form). It answers at once and
 * only hints the poller to check that transaction: the document shows no signature on callbacks,
 * so a callback by itself never changes a transaction. Every malformed request is answered 4xx;
 * nothing a sender can put on the wire throws out of here.
 */
export async function startCallbackListener(o: CallbackListenerOptions): Promise<CallbackListener> {
  // The settings schema refuses these already; the listener does not rely on it.
  if (!isListenHost(o.host)) throw new Error(`refusing to listen on "${o.host.slice(0, 60)}": not a single address of this computer`);

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const target = parseTarget(req.url);
    if (!target.ok) return answer(res, target.status, { connection: 'close' });
    const method = req.method ?? '';
    if (method !== 'GET' && method !== 'POST') return answer(res, 405, { allow: 'GET, POST', connection: 'close' });
    const read = await readLimited(req, MAX_BODY);
    if (!read.ok) return answer(res, 413);
    let params: Record<string, string>;
    if (method === 'GET') {
      const form = parseForm(target.query);
      if (!form) return answer(res, 400);
      params = form;
    } else {
      const body = parseBody(read.text, String(req.headers['content-type'] ?? ''));
      if (!body.ok) return answer(res, body.status);
      params = body.params;
    }
    answer(res, 200);
    const callback = (o.read ?? documentReader)(params);
    if (!callback) return o.log('callback ignored: no refId');
    // Whatever the callback says its status is, it only ever asks for a check of that reference.
    const refId = callback.refId;
    // After the answer is on its way: the check never delays the provider's 200.
    setImmediate(() => o.onHint(refId, callback.named));
  };

  const server = createServer(
    { maxHeaderSize: 8 * 1024, requestTimeout: REQUEST_TIMEOUT_MS, headersTimeout: REQUEST_TIMEOUT_MS },
    (req, res) => {
      // The next request on this connection has its own deadline, from when this answer is out.
      res.once('finish', () => deadline(req.socket));
      handle(req, res).catch(() => {
        // The sender went away mid-body, or something unforeseen: close this one, keep listening.
        if (!res.headersSent) answer(res, 400, { connection: 'close' });
        else res.destroy();
      });
    },
  );
  server.maxConnections = MAX_CONNECTIONS;
  // Node looks at requestTimeout only every connectionsCheckingInterval (30 s): a sender trickling
  // a byte a second was cut after ~23 s, not 5. Each connection has a timer of its own instead:
  // from its opening (or its last answer) a request has REQUEST_TIMEOUT_MS to arrive whole and be answered.
  server.on('connection', (socket: Socket) => {
    deadline(socket);
    socket.once('close', () => clearTimeout(deadlines.get(socket)));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, o.host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  // A name that resolved to every address would open the listener to every network.
  if (address.address === '0.0.0.0' || address.address === '::') {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    throw new Error(`refusing to listen on "${o.host}": it means every address of this computer`);
  }
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
