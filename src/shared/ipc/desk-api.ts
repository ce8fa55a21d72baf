import { resultSchema, type Result } from '../result';
import {
  contract,
  CHANNELS,
  isEventName,
  type Channel,
  type EventName,
  type EventPayloadOf,
  type RequestOf,
  type ResponseOf,
} from './contract';

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

const transportFailure = (message: string) => ({ ok: false as const, error: { code: 'transport', message } });

/**
 * Builds the typed `window.desk` from a transport. Answers are checked against the contract here
 * too, so a main-process bug shows as a clear error instead of a half-shaped object in the UI.
 */
export function createDeskApi(transport: DeskTransport): DeskApi {
  const api: Record<string, unknown> = {};
  const groups = new Map<string, Record<string, unknown>>();
  for (const channel of CHANNELS) {
    const [domain = '', action = ''] = channel.split(':');
    const group = groups.get(domain) ?? {};
    groups.set(domain, group);
    api[domain] = group;
    // Built at the first call, not at start: most channels are not used before the counter is typeable.
    let answer: ReturnType<typeof resultSchema> | null = null;
    group[action] = async (request: unknown = {}) => {
      let raw: unknown;
      try {
        raw = await transport.invoke(channel, request);
      } catch (e) {
        return transportFailure(e instanceof Error ? e.message : 'The app could not reach its own service.');
      }
      answer ??= resultSchema(contract.channels[channel].response);
      const parsed = answer.safeParse(raw);
      return parsed.success ? parsed.data : transportFailure(`The answer to ${channel} was not understood.`);
    };
  }
  api.on = (event: string, listener: (payload: unknown) => void) => {
    if (!isEventName(event)) throw new Error(`unknown event ${event}`);
    const schema = contract.events[event];
    return transport.subscribe(event, (payload) => {
      const parsed = schema.safeParse(payload);
      if (parsed.success) listener(parsed.data);
    });
  };
  // The object is built from the contract at run time, one group per domain and one function per
  // channel, which is exactly DeskApi's mapped type; TypeScript cannot follow a loop to see that.
  return api as DeskApi;
}
