import type { Profile } from './profile-v2';

/**
 * The addresses the owner typed for a profile's url-less hosts: one for all of them (version 1's
 * one account address), or one per host name. A host the profile gives a url always uses that url:
 * no address given here can send a call, or a secret, to a host the profile does not declare.
 */
export type HostAddresses = string | Readonly<Partial<Record<string, string>>>;

/** No address is known for a url-less host: the call is not sent. */
export class NoHostAddress extends Error {
  constructor(readonly host: string) {
    super(`no address is set for the ${host} host`);
  }
}

/** The host a call (or its variant) names, or the profile's first. */
export function hostOf(profile: Profile, named: string | undefined): string {
  return named ?? Object.keys(profile.hosts)[0] ?? 'main';
}

export function hostUrl(profile: Profile, host: string, addresses: HostAddresses): string {
  const declared = profile.hosts[host];
  // The schema refuses a call naming an undeclared host; this keeps it so for any caller.
  if (!declared) throw new NoHostAddress(host);
  if (declared.url !== undefined) return declared.url;
  const typed = typeof addresses === 'string' ? addresses : addresses[host];
  if (typed === undefined || typed === '') throw new NoHostAddress(host);
  return typed;
}
