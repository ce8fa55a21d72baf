import type { Result, resultSchema } from '../result';
import type { Channel, Contract, EventName, EventPayloadOf, RequestOf, ResponseOf } from './contract';
import { CHANNEL_NAMES, isEventWireName } from './channel-names';

/** How calls and events travel: ipcRenderer in the app, HTTP and server-sent events in the harness. */
export interface DeskTransport {
  invoke(channel: Channel, payload: unknown): Promise<unknown>;
  subscribe(event: EventName, listener: (payload: unknown) => void): () => void;
}

type Split<S extends string> = S extends `${infer D}:${infer A}` ? [D, A] : never;
type Domains = Split<Channel>[0];
type ActionsOf<D extends string> = Extract<Channel, `${D}:${string}`> extends infer C ? (C extends `${D}:${infer A}` ? A : never) : never;
type CallOf<C extends Channel> = (
  ...args: Record<never, never> extends RequestOf<C> ? [request?: RequestOf<C>] : [request: RequestOf<C>]
) => Promise<Result<ResponseOf<C>>>;

export type DeskApi = {
  [D in Domains]: { [A in ActionsOf<D>]: CallOf<Extract<`${D}:${A}`, Channel>> };
} & {
  on<E extends EventName>(event: E, listener: (payload: EventPayloadOf<E>) => void): () => void;
};

const transportFailure = () => ({ ok: false as const, error: { code: 'transport' as const, params: {} } });
/** The schemas could not be loaded: said before anything is sent, so nothing was. */
const incomplete = {
  ok: false as const,
  error: { code: 'app_incomplete' as const, params: {} },
};

/** The contract's schemas and the answer's wrapper: zod and ~60 KB of schemas, built as they load. */
type Checks = { contract: Contract; resultSchema: typeof resultSchema };
let checks: Checks | null = null;
let loadingChecks: Promise<Checks> | null = null;

/**
 * Loads the schemas at the first call or subscription, not with the page's first script: building
 * them took ~50 ms before the counter could be typed in, and nothing the counter shows first needs
 * them. A call waits for them before it is sent, so one that cannot be checked is never sent.
 */
function loadChecks(): Promise<Checks> {
  loadingChecks ??= Promise.all([import('./contract'), import('../result')]).then(
    ([{ contract }, { resultSchema }]) => (checks = { contract, resultSchema }),
    (e: unknown) => {
      // Asked again at the next call. Chromium keeps a module that failed to load failed for the
      // page's life, so in practice every call then says the app is incomplete: the shopkeeper
      // sees it at once, and nothing is ever sent unchecked.
      loadingChecks = null;
      throw e;
    },
  );
  return loadingChecks;
}

/**
 * Builds the typed `window.desk` from a transport. Answers are checked against the contract here
 * too, so a main-process bug shows as a clear error instead of a half-shaped object in the UI.
 */
export function createDeskApi(transport: DeskTransport): DeskApi {
  const api: Record<string, unknown> = {};
  const groups = new Map<string, Record<string, unknown>>();
  for (const channel of CHANNEL_NAMES) {
    const [domain = '', action = ''] = channel.split(':');
    const group = groups.get(domain) ?? {};
    groups.set(domain, group);
    api[domain] = group;
    // Built at the first call, not at start: most channels are not used before the counter is typeable.
    let answer: ReturnType<Checks['resultSchema']> | null = null;
    group[action] = async (request: unknown = {}) => {
      let c: Checks;
      try {
        c = checks ?? (await loadChecks());
      } catch {
        return incomplete;
      }
      let raw: unknown;
      try {
        raw = await transport.invoke(channel, request);
      } catch {
        return transportFailure();
      }
      answer ??= c.resultSchema(c.contract.channels[channel].response);
      const parsed = answer.safeParse(raw);
      return parsed.success ? parsed.data : transportFailure();
    };
  }
  api.on = (event: string, listener: (payload: unknown) => void) => {
    if (!isEventWireName(event)) throw new Error(`unknown event ${event}`);
    // Until the schemas are in, events wait in the order they came; then each is checked at once.
    const waiting: unknown[] = [];
    let live = true;
    const deliver = (c: Checks, payload: unknown) => {
      const parsed = c.contract.events[event].safeParse(payload);
      if (live && parsed.success) listener(parsed.data);
    };
    const off = transport.subscribe(event, (payload) => {
      if (checks && waiting.length === 0) return deliver(checks, payload);
      waiting.push(payload);
      if (waiting.length === 1)
        void loadChecks().then(
          (c) => {
            while (waiting.length > 0) deliver(c, waiting.shift());
          },
          // Dropped: the app cannot check them. Its calls say so meanwhile (app_incomplete).
          () => (waiting.length = 0),
        );
    });
    void loadChecks().catch(() => {});
    return () => {
      live = false;
      off();
    };
  };
  // The object is built from the contract's names at run time, one group per domain and one
  // function per channel, which is exactly DeskApi's mapped type; TypeScript cannot follow a loop to see that.
  return api as DeskApi;
}
