import type { Channel, ParsedRequestOf } from '../../../shared/ipc/contract';
import type { Role } from '../../../shared/lock-schemas';
import type { Settings } from '../../../shared/settings-schema';
import { UserFacingError } from '../errors/user-facing-error';
import { requiredRole } from './channel-roles';

/** Asked by the router after a request parsed and before its handler runs; throws to refuse. */
export interface AccessGate {
  check<C extends Channel>(channel: C, request: ParsedRequestOf<C>): void;
}

/** The channel table against who is at the counter now. */
export function roleGate(lock: { role(): Role; touch(): unknown }, settings: () => Settings): AccessGate {
  return {
    check(channel, request) {
      if (requiredRole(channel, request, { settings: settings() }) !== 'owner') return;
      if (lock.role() !== 'owner') throw new UserFacingError('owner_only', {});
      // The owner is using the app: the idle lock counts from now.
      lock.touch();
    },
  };
}
