import { boundPort } from '../shared/bound-port';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from './http/create-server';
import { SandboxAdmin } from './admin';
import { CallbackSender } from './callbacks';
import { SandboxEngine } from './engine';
import { sandboxOptionsSchema, type SandboxOptions, type SandboxOptionsInput } from './options';
import { createRng } from './rng';
import { SandboxStore } from './store';
import { ADMIN_PREFIX, handleAdmin } from './http/admin-routes';
import { documentWire, handleProvider, type ProviderWire } from './http/provider-routes';
import { dialectWire, type DialectAccount } from './http/dialect-wire';
import type { ProfileEngine } from '../shared/profiles/profile-engine';
import { dialectEngine } from './dialect/dialect-engine';
import { sendJson } from './http/respond';

export interface Sandbox {
  /** Base URL; the API is under `${url}/webservices/api/`. */
  readonly url: string;
  readonly port: number;
  readonly credentials: { readonly username: string; readonly token: string };
  readonly options: SandboxOptions;
  readonly admin: SandboxAdmin;
  /** Each host of the dialect's profile and the loopback address that plays it (the first is `url`). */
  readonly hostUrls: Readonly<Record<string, string>>;
  close(): Promise<void>;
}

export interface StartOptions extends SandboxOptionsInput {
  /** Clock for tests; transitions still need `admin.tick()` when it is not real time. */
  readonly now?: () => number;
  /**
   * Speak a profile that is not built in (a test's own file), made by the app's own engine: the
   * replies are said from its data exactly as a built-in dialect's are. Callbacks stay the document's.
   * Each of its hosts gets a loopback port of its own (`hostUrls`).
   */
  readonly dialectEngine?: ProfileEngine;
}

const MAX_TIMER_MS = 2_147_483_647;

/**
 * Starts the reseller API simulator on 127.0.0.1. The app's demo mode, the tests and the
 * `npm run sandbox` command all use this.
 */
export async function startSandbox(input: StartOptions = {}): Promise<Sandbox> {
  const { now: clock, dialectEngine: spoken, ...rest } = input;
  const options = sandboxOptionsSchema.parse(rest);
  const now = clock ?? Date.now;
  const store = new SandboxStore(options.stateFile);
  const engine = new SandboxEngine(store, options, now, spoken !== undefined || options.dialect !== 'document');
  const sender = new CallbackSender(store, options, now);
  engine.onStatusChange((change) => sender.send(change));
  const faultState = { current: options.faults };
  const held = new Set<ServerResponse>();

  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  const schedule = () => {
    if (closed) return;
    if (timer) clearTimeout(timer);
    timer = null;
    const next = store.nextDueAt();
    if (next === null) return;
    timer = setTimeout(
      () => {
        timer = null;
        engine.tick();
        schedule();
      },
      Math.min(Math.max(next - now(), 0), MAX_TIMER_MS),
    );
    timer.unref();
  };

  const admin = new SandboxAdmin(engine, sender, faultState, schedule);
  const faultRng = createRng(options.seed + 1);
  const signer: DialectAccount = {
    username: options.username,
    others: options.credentialValues,
    shop: options.shopValues,
    get token() {
      return store.accountByUsername(options.username)?.token ?? options.token;
    },
    operatorOfRef(ref) {
      const a = store.accountByUsername(options.username);
      return (a && store.txnByRef(a.id, ref)?.operator) ?? null;
    },
    numberOfRef(ref) {
      const a = store.accountByUsername(options.username);
      return (a && store.txnByRef(a.id, ref)?.number) ?? null;
    },
  };
  const profile = spoken ?? (options.dialect === 'document' ? null : dialectEngine(options.dialect));
  const hosts = profile ? Object.keys(profile.profile.hosts) : ['main'];
  const wireFor = (host: string) => (profile ? dialectWire(profile, signer, host) : documentWire(engine));

  const serve = (wire: ProviderWire) => (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const work =
      url.pathname.startsWith(ADMIN_PREFIX) || url.pathname === '/sandbox'
        ? handleAdmin(admin, req, res, new URL(url.pathname === '/sandbox' ? '/sandbox/' : (req.url ?? '/'), 'http://127.0.0.1'))
        : handleProvider(
            {
              engine,
              faults: () => faultState.current,
              faultRng,
              hold: (r) => {
                held.add(r);
                const t = setTimeout(() => r.destroy(), options.noReplyHoldMs);
                t.unref();
                r.on('close', () => {
                  clearTimeout(t);
                  held.delete(r);
                });
              },
            },
            wire,
            req,
            res,
            url,
          ).then(() => schedule());
    work.catch((e: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { status: 'Error', message: 'Internal error in the sandbox' });
      else res.destroy();
      console.error('sandbox:', e);
    });
  };
  const servers = hosts.map((host) => {
    const server = createServer(serve(wireFor(host)));
    server.keepAliveTimeout = 30_000;
    return server;
  });
  const hostUrls: Record<string, string> = {};
  for (const [i, server] of servers.entries()) {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      // The first host on the port asked for; any other on a port of its own.
      server.listen(i === 0 ? options.port : 0, '127.0.0.1', () => resolve());
    });
    hostUrls[hosts[i] ?? 'main'] = `http://127.0.0.1:${boundPort(server)}`;
  }
  const port = servers[0] ? boundPort(servers[0]) : 0;
  const url = `http://127.0.0.1:${port}`;

  const account = engine.ensureAccount({
    username: options.username,
    token: options.token,
    balance: options.balance,
    seller: options.sellerBalance,
    callbackUrl: null,
  });
  const callbackUrl =
    options.callbackUrl ?? (options.callbackHost ? `${options.callbackHost.replace(/\/$/, '')}/api/webhook/callback/${account.id}` : null);
  if (callbackUrl) store.setCallbackUrl(account.id, callbackUrl);
  // A restart picks up where the state file left off: due transitions run now, later ones are timed.
  engine.tick();
  schedule();

  return {
    url,
    port,
    credentials: { username: options.username, token: store.accountByUsername(options.username)!.token },
    options,
    admin,
    hostUrls,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      sender.close();
      for (const r of held) r.destroy();
      await Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              server.close(() => resolve());
              server.closeAllConnections();
            }),
        ),
      );
      await sender.idle();
      store.close();
    },
  };
}
