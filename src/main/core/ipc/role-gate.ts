import type { Channel, ParsedRequestOf } from '../../../shared/ipc/contract';
import type { Role } from '../../../shared/lock-schemas';
import type { Settings } from '../../../shared/settings-schema';
import { UserFacingError } from '../errors/user-facing-error';
import { requiredRole } from './channel-roles';
import { MONEY_CHANNELS } from './money-channels';

/** Asked by the router after a request parsed and before its handler runs; throws to refuse. */
export interface AccessGate {
  check<C extends Channel>(channel: C, request: ParsedRequestOf<C>): void;
}

/** The channel table against who is at the counter now. */
export function roleGate(lock: { role(): Role; touch(): unknown; nobodySignedIn(): boolean }, settings: () => Settings): AccessGate {
  return {
    check(channel, request) {
      if (MONEY_CHANNELS.has(channel) && lock.nobodySignedIn()) throw new UserFacingError('sign_in_first', {});
      if (requiredRole(channel, request, { settings: settings() }) !== 'owner') return;
      if (lock.role() !== 'owner') throw new UserFacingError('owner_only', {});
      // The owner is using the app: the idle lock counts from now.
      lock.touch();
    },
  };
}
