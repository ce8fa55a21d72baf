import { boundPort } from '../shared/bound-port';
import { createHash } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer } from '../main/core/callback/http-server';
import { err } from '../shared/result';
import { contentSecurityPolicy } from '../main/core/security/csp';
import type { Core } from '../main/core/create-core';
import { readStaticFile } from './static-files';
import { readLimited } from '../shared/read-limited';
import { HARNESS_KEY_HEADER, HARNESS_KEY_META, HARNESS_KEY_PARAM } from './harness-key';
import { guardRequest } from './request-guard';

const MAX_BODY_BYTES = 1024 * 1024;
/** Named by its content, like the renderer's hashed assets, so the browser may keep it (and its compiled code). */
function bridgePath(script: string): string {
  return `/__harness/bridge-${createHash('sha256').update(script).digest('hex').slice(0, 12)}.js`;
}
// Files whose name changes with their content: a browser keeps them, and V8 their compiled code, so
// a start after the first compiles nothing again (the app's window does the same through app://).
const IMMUTABLE = 'public, max-age=31536000, immutable';
const HEARTBEAT_MS = 15_000;
/** How long after its HTML a page that asked for none of its files is taken to have them cached. */
const CACHED_FILES_MS = 50;
// The built page connects nowhere (the app uses IPC); here its calls go to this bridge, on its own origin.
const HARNESS_CSP = contentSecurityPolicy('self');
const APP_META_CSP = contentSecurityPolicy('none', 'meta');
const HARNESS_META_CSP = contentSecurityPolicy('self', 'meta');

export interface HttpBridgeOptions {
  /**
   * The core, or its opening: the bridge listens while the core opens its ledger, so the page loads
   * meanwhile and its first calls wait for the core (as the app's window would).
   */
  readonly core: Core | Promise<Core>;
  readonly rendererDir: string;
  readonly bridgeScript: string;
  readonly port: number;
  /** The per-run key the served page sends back on every call (random when not given). */
  readonly key: string;
  /** See HttpBridge.pageStarted (default 50 ms; tests that fetch by hand lengthen it). */
  readonly cachedFilesMs?: number;
}

export interface HttpBridge {
  readonly url: string;
  readonly port: number;
  /**
   * Settles once a page has been sent every file its HTML names (its scripts and styles), or asked
   * for none of them soon after its HTML (it has them cached), or has called in: from then on the
   * page's own work runs in the browser, not waiting on this process.
   */
  readonly pageStarted: Promise<void>;
  close(): Promise<void>;
}

/** The scripts and style sheets an HTML page names, as request paths (its icon comes later, if ever). */
function scriptsAndStyles(html: string): Set<string> {
  const refs = [...html.matchAll(/(?:src|href)="([^"]+\.(?:js|css))"/g)].map((m) => new URL(m[1]!, 'http://page/').pathname);
  return new Set(refs);
}

function decodeChannel(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

function headerOf(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? undefined : value;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(text);
}

/**
 * The harness's HTTP face. It binds to 127.0.0.1 only and refuses any Host header other than
 * its own loopback address, so a web page elsewhere cannot reach the core by DNS rebinding.
 */
export async function startHttpBridge(options: HttpBridgeOptions): Promise<HttpBridge> {
  const { rendererDir, bridgeScript } = options;
  const BRIDGE_PATH = bridgePath(bridgeScript);
  const opening = Promise.resolve(options.core);
  const streams = new Set<ServerResponse>();
  let allowedHosts: Set<string> = new Set();

  let closed = false;
  let unsubscribe = () => {};
  let pageStartedNow: () => void = () => {};
  const pageStarted = new Promise<void>((settle) => (pageStartedNow = settle));
  // The scripts and styles the served HTML names, until each has been sent.
  let named: Set<string> | null = null;
  let namedAsked = false;
  // A core that fails to open is told by whoever started the bridge; calls meanwhile get a 503.
  opening.then(
    (core) => {
      if (closed) return;
      unsubscribe = core.events.subscribe((event, payload) => {
        const frame = `data: ${JSON.stringify({ event, payload })}\n\n`;
        for (const res of streams) res.write(frame);
      });
    },
    () => {},
  );
  const heartbeat = setInterval(() => {
    for (const res of streams) res.write(': ping\n\n');
  }, HEARTBEAT_MS);
  heartbeat.unref();

  async function handleIpc(req: IncomingMessage, res: ServerResponse, channel: string): Promise<void> {
    if (req.method !== 'POST') {
      res.setHeader('allow', 'POST');
      return sendJson(res, 405, err('bad_request', {}));
    }
    const body = await readLimited(req, MAX_BODY_BYTES);
    if (!body.ok) return sendJson(res, 413, err('bad_request', {}));
    const text = body.text;
    let payload: unknown;
    try {
      payload = text.trim() === '' ? {} : JSON.parse(text);
    } catch {
      return sendJson(res, 400, err('bad_request', {}));
    }
    let core: Core;
    try {
      core = await opening;
    } catch {
      return sendJson(res, 503, err('internal', {}));
    }
    sendJson(res, 200, await core.router.dispatch(channel, payload));
  }

  function handleEvents(req: IncomingMessage, res: ServerResponse): void {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
    res.write(': connected\n\n');
    streams.add(res);
    req.on('close', () => streams.delete(res));
  }

  /** A file the page's HTML names, sent whole to a GET: one fewer the page waits for. */
  function countSent(req: IncomingMessage, res: ServerResponse, path: string): void {
    if (req.method !== 'GET' || !named?.has(path)) return;
    namedAsked = true;
    res.once('finish', () => {
      if (named?.delete(path) && named.size === 0) pageStartedNow();
    });
  }

  async function handleStatic(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' });
      return void res.end();
    }
    const headers = {
      'content-security-policy': HARNESS_CSP,
      'x-content-type-options': 'nosniff',
      'cache-control': path === BRIDGE_PATH || path.startsWith('/assets/') ? IMMUTABLE : 'no-store',
    };
    if (path === BRIDGE_PATH) {
      res.writeHead(200, { ...headers, 'content-type': 'text/javascript; charset=utf-8' });
      countSent(req, res, path);
      return void res.end(bridgeScript);
    }
    const file = await readStaticFile(rendererDir, path);
    if (!file) {
      res.writeHead(404, { ...headers, 'cache-control': 'no-store', 'content-type': 'text/plain; charset=utf-8' });
      return void res.end('Not found');
    }
    let body: Buffer | string = file.body;
    // A classic script runs before the page's module script, so window.desk exists when the app starts.
    // The key goes in a meta tag, which only a same-origin reader of this page can see.
    if (file.type.startsWith('text/html'))
      body = file.body
        .toString('utf8')
        .replace(APP_META_CSP, HARNESS_META_CSP)
        .replace(
          '<head>',
          `<head>\n    <meta name="${HARNESS_KEY_META}" content="${options.key}" />\n    <script src="${BRIDGE_PATH}"></script>`,
        );
    if (typeof body === 'string' && named === null && req.method === 'GET') {
      named = scriptsAndStyles(body);
      // A browser asks for a page's scripts and styles within a few ms of its HTML; one that asks
      // for none has them cached (they are immutable) and is already running them.
      const cachedMs = options.cachedFilesMs ?? CACHED_FILES_MS;
      res.once('finish', () => setTimeout(() => namedAsked || pageStartedNow(), cachedMs).unref());
    }
    res.writeHead(200, { ...headers, 'content-type': file.type });
    countSent(req, res, path);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      let url: URL;
      try {
        url = new URL(req.url ?? '/', 'http://127.0.0.1');
      } catch {
        return sendJson(res, 400, err('bad_request', {}));
      }
      const path = url.pathname;
      const toCore = path.startsWith('/ipc/') || path === '/events';
      const given = path === '/events' ? (url.searchParams.get(HARNESS_KEY_PARAM) ?? undefined) : headerOf(req, HARNESS_KEY_HEADER);
      const verdict = guardRequest(req.headers, given, { hosts: allowedHosts, key: toCore ? options.key : null });
      if (!verdict.ok) {
        if (verdict.status === 421) {
          res.writeHead(421, { 'content-type': 'text/plain; charset=utf-8' });
          return void res.end('This server answers only on its loopback address.');
        }
        // Drain nothing and do nothing: the body of a refused call is never read.
        res.setHeader('connection', 'close');
        return sendJson(res, 403, err('forbidden', {}));
      }
      if (toCore) pageStartedNow();
      if (path.startsWith('/ipc/')) {
        const channel = decodeChannel(path.slice(5));
        if (channel === null) return sendJson(res, 400, err('bad_request', {}));
        return handleIpc(req, res, channel);
      }
      if (path === '/events') return handleEvents(req, res);
      return handleStatic(req, res, path);
    })().catch(() => {
      if (!res.headersSent) sendJson(res, 500, err('internal', {}));
      else res.destroy();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const port = boundPort(server);
  allowedHosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    pageStarted,
    async close() {
      closed = true;
      unsubscribe();
      clearInterval(heartbeat);
      for (const res of streams) res.end();
      streams.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
    },
  };
}
