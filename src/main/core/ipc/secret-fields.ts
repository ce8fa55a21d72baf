import { typedCredentials } from '../../../shared/profiles/typed-credentials';
import type { Channel, ParsedRequestOf } from '../../../shared/ipc/contract';

type Secrets<C extends Channel> = (request: ParsedRequestOf<C>) => readonly (string | undefined)[];

/** The requests that carry a secret (a PIN, the API token), and where it is. */
const SECRET_FIELDS: { readonly [C in Channel]?: Secrets<C> } = {
  'lock:setPin': (r) => [r.pin],
  'lock:unlock': (r) => [r.pin],
  'lock:resetPin': (r) => [r.pin, r.token],
  'lock:addPerson': (r) => [r.pin],
  'lock:resetPersonPin': (r) => [r.pin],
  'khata:correct': (r) => [r.ownerPin],
  // Every credential: which are secret is the profile's to say, and a plain one cut is no loss.
  'auth:save': (r) => Object.values(typedCredentials(r)),
  'auth:test': (r) => Object.values(typedCredentials(r)),
};

export function secretsOf<C extends Channel>(channel: C, request: ParsedRequestOf<C>): string[] {
  const pick: Secrets<C> | undefined = SECRET_FIELDS[channel];
  return (pick?.(request) ?? []).filter((s): s is string => typeof s === 'string');
}
