import type { Channel, ParsedRequestOf } from '../../../shared/ipc/contract';
import type { Doer, Person, Role } from '../../../shared/lock-schemas';
import type { Settings } from '../../../shared/settings-schema';
import { UserFacingError } from '../errors/user-facing-error';
import { requiredRole } from './channel-roles';
import { MONEY_CHANNELS } from './money-channels';

/** Asked by the router after a request parsed and before its handler runs; throws to refuse. */
export interface AccessGate {
  check<C extends Channel>(channel: C, request: ParsedRequestOf<C>): void;
  /** Who the request is from, as the books record it (done_by): asked as it arrives. */
  doer(): Doer;
}

/** The channel table against who is at the counter now. */
export function roleGate(
  lock: { role(): Role; person(): Person | null; touch(): unknown; nobodySignedIn(): boolean },
  settings: () => Settings,
): AccessGate {
  return {
    doer() {
      const person = lock.person();
      // No person with a staff role: a shared staff PIN, before anyone was named.
      return person ? { id: person.id, name: person.name, role: person.role } : { id: null, name: '', role: lock.role() };
    },
    check(channel, request) {
      if (MONEY_CHANNELS.has(channel) && lock.nobodySignedIn()) throw new UserFacingError('sign_in_first', {});
      if (requiredRole(channel, request, { settings: settings() }) !== 'owner') return;
      if (lock.role() !== 'owner') throw new UserFacingError('owner_only', {});
      // The owner is using the app: the idle lock counts from now.
      lock.touch();
    },
  };
}
