import type { HostAddresses } from '../../../shared/profiles/call-host';
import type { ProfileEngine } from '../../../shared/profiles/profile-engine';

/**
 * What the client sends with: the account's address (or one per url-less host of its profile) and
 * the profile's credentials by name. Until accounts keep a profile's own credentials (issue 36
 * item 1), an account has version 1's pair, and this is the one place that says how it is named.
 */
export interface ProviderCredentials {
  readonly baseUrl: string;
  readonly username: string;
  readonly token: string;
  /** The profile's declared credentials by name, where the account has them. */
  readonly values?: Readonly<Record<string, string>>;
  /** An address per url-less host of the profile, where the account has them; else `baseUrl` for all. */
  readonly hosts?: Readonly<Record<string, string>>;
}

export function callCredentials(c: ProviderCredentials): Readonly<Record<string, string>> {
  return c.values ?? { username: c.username, token: c.token };
}

export function hostAddresses(c: ProviderCredentials): HostAddresses {
  return c.hosts ?? c.baseUrl;
}

/** Every value the profile declares secret (and version 1's token): taken out of whatever is kept. */
export function secretValues(c: ProviderCredentials | null, engine: ProfileEngine): string[] {
  if (!c) return [];
  const values = callCredentials(c);
  return [c.token, ...engine.profile.credentials.flatMap((d) => (d.secret && values[d.name] ? [values[d.name] ?? ''] : []))];
}
