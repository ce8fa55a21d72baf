import { err, ok, type Result } from '../../../shared/result';
import { UserFacingError } from '../errors/user-facing-error';
import { contract, isChannel, type Channel, type ParsedRequestOf, type ResponseOf } from '../../../shared/ipc/contract';
import type { AccessGate } from './role-gate';
import { withSecretsInFlight } from '../log/secrets-in-flight';
import { secretsOf } from './secret-fields';
import { actingAs } from '../people/acting-person';
import type { DoneAction } from '../../../shared/done-actions';
import type { Doer } from '../../../shared/lock-schemas';
import { CHANGE_CHANNELS, changeRef } from './change-channels';

export type Handler<C extends Channel> = (request: ParsedRequestOf<C>) => Promise<ResponseOf<C>> | ResponseOf<C>;
export type Handlers = { [C in Channel]: Handler<C> };

export interface Router {
  dispatch(channel: string, payload: unknown): Promise<Result<unknown>>;
}

function describeIssues(issues: readonly { path: PropertyKey[]; message: string }[]): string {
  const clip = (text: string) => (text.length > 80 ? `${text.slice(0, 80)}…` : text);
  const first = issues.slice(0, 3).map((i) => clip(i.path.length ? `${i.path.map(String).join('.')}: ${i.message}` : i.message));
  return `The request was not in the expected form (${first.join('; ')}). Nothing was changed.`;
}

/**
 * The single door into the core for the Electron IPC adapter and the web harness alike. It never
 * throws: every outcome is a Result, and an unexpected fault is reported without internals. The
 * access gate (who may use which channel, core/ipc/channel-roles.ts) is asked before any handler.
 */
export function createRouter(
  handlers: Handlers,
  access: AccessGate,
  onInternalError: (channel: string, e: unknown) => void = () => {},
  /** Keeps a change of settings, accounts or people as the acting person's (change-channels.ts). */
  recordChange: (action: DoneAction, ref: string) => Promise<void> | void = () => {},
): Router {
  return {
    async dispatch(channel, payload) {
      if (!isChannel(channel)) return err('unknown_channel', { channel: channel.slice(0, 64) });
      const spec = contract.channels[channel];
      const parsed = spec.request.safeParse(payload);
      if (!parsed.success) return err('bad_request', { detail: describeIssues(parsed.error.issues).slice(0, 500) });
      // A PIN or token in the request is kept out of the shop's log until the answer (or its fault) is written.
      return withSecretsInFlight(secretsOf(channel, parsed.data), () => answer(channel, parsed.data));
    },
  };

  /** A change is done by now: failing to record who did it is told, never undoes it or fails the answer. */
  async function keepChange(channel: Channel, request: ParsedRequestOf<Channel>, who: Doer): Promise<void> {
    const action = CHANGE_CHANNELS[channel];
    // The screen's language is each person's own, not a change to the shop.
    if (!action || (channel === 'settings:update' && Object.keys(request).every((k) => k === 'language'))) return;
    try {
      await actingAs(who, () => recordChange(action, changeRef(channel, request)));
    } catch (e) {
      onInternalError(channel, e);
    }
  }

  async function answer(channel: Channel, request: ParsedRequestOf<Channel>): Promise<Result<unknown>> {
    const spec = contract.channels[channel];
    try {
      access.check(channel, request);
      const who = access.doer();
      // TypeScript cannot tie the handler's key to the parsed payload's type through a union of
      // channels (a correlated union); the contract schema parsed in dispatch is what ties them.
      const handler = handlers[channel] as Handler<typeof channel>;
      // Whatever the request writes is theirs, however long its awaits take (acting-person.ts).
      const data = await actingAs(who, () => handler(request));
      const checked = spec.response.safeParse(data);
      if (!checked.success) {
        onInternalError(channel, checked.error);
        return err('internal', {});
      }
      await keepChange(channel, request, who);
      return ok(checked.data);
    } catch (e) {
      if (e instanceof UserFacingError) return { ok: false, error: e.outcome };
      onInternalError(channel, e);
      return err('internal', {});
    }
  }
}
