import type { ProfileV1 } from './profile-v1';
import type { CallSpec, Profile } from './profile-v2';

/**
 * The seed's username and token: version 1's credentials, declared as version 2 declares any
 * provider's (issue 36): they are the built-in profiles' declaration, not a rule of the app.
 */
export const V1_CREDENTIALS: Profile['credentials'] = [
  {
    name: 'username',
    label: { en: 'Username (registered mobile)', hi: 'यूज़रनेम (रजिस्टर्ड मोबाइल)' },
    secret: false,
    minLength: 10,
    maxLength: 10,
    chars: 'digits',
  },
  { name: 'token', label: { en: 'API token', hi: 'एपीआई टोकन' }, secret: true, minLength: 8, maxLength: 500, chars: 'printable' },
];

/** Version 1's one host: the address the owner types for the account. */
export const V1_HOSTS: Profile['hosts'] = { main: { label: { en: 'Provider API address', hi: 'प्रोवाइडर API पता' } } };

/** A version 1 file says, in version 2's words, exactly what it said: nothing is added to what is sent. */
export function upgradeV1(p: ProfileV1): Profile {
  const call = (c: ProfileV1['calls']['recharge']): CallSpec => ({ ...c, headers: {}, sign: [], variants: [] });
  return {
    format: p.format,
    formatVersion: 2,
    id: p.id,
    version: p.version,
    name: p.name,
    replyAmounts: p.replyAmounts,
    dateFormat: p.dateFormat,
    reference: p.reference,
    credentials: V1_CREDENTIALS,
    shopValues: [],
    hosts: V1_HOSTS,
    operators: p.operators,
    errorCodes: p.errorCodes,
    ...(p.refusalHttpStatuses === undefined ? {} : { refusalHttpStatuses: p.refusalHttpStatuses }),
    limits: {},
    calls: {
      recharge: call(p.calls.recharge),
      status: call(p.calls.status),
      balance: call(p.calls.balance),
      complaint: call(p.calls.complaint),
    },
    ...(p.callback === undefined ? {} : { callback: p.callback }),
    samples: p.samples,
  };
}
