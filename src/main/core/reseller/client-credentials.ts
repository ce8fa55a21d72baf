import type { HostAddresses } from '../../../shared/profiles/call-host';
import type { ProfileEngine } from '../../../shared/profiles/profile-engine';

/**
 * What a client sends with: the account's address (or one per url-less host of its profile), each
 * credential its profile declares by name, and which of those values are secret (cut from every
 * text the client returns).
 */
export interface AccountCredentials {
  readonly baseUrl: string;
  readonly values: Readonly<Record<string, string>>;
  readonly secrets: readonly string[];
  /** An address per url-less host of the profile, where the account has them; else `baseUrl` for all. */
  readonly hosts?: Readonly<Record<string, string>>;
  /** The shop's values for its profile's `{shop.x}` (shop-choices.ts): absent, the document's defaults. */
  readonly shop?: Readonly<Record<string, string>>;
}

/** Version 1's shape: a username and a token (a test may add the profile's names and hosts). */
export interface ProviderCredentials {
  readonly baseUrl: string;
  readonly username: string;
  readonly token: string;
  readonly values?: Readonly<Record<string, string>>;
  readonly hosts?: Readonly<Record<string, string>>;
}

/** Either shape, as the client takes it: version 1's is read as its two declared credentials. */
export function accountCredentials(c: AccountCredentials | ProviderCredentials): AccountCredentials {
  if ('secrets' in c) return c;
  return {
    baseUrl: c.baseUrl,
    values: c.values ?? { username: c.username, token: c.token },
    secrets: [c.token],
    ...(c.hosts === undefined ? {} : { hosts: c.hosts }),
  };
}

export function hostAddresses(c: AccountCredentials): HostAddresses {
  return c.hosts ?? c.baseUrl;
}

/** Every value kept secret, and every value the profile declares secret: taken out of whatever is kept. */
export function secretValues(c: AccountCredentials | null, engine: ProfileEngine): string[] {
  if (!c) return [];
  const declared = engine.profile.credentials.flatMap((d) => (d.secret && c.values[d.name] ? [c.values[d.name] ?? ''] : []));
  return [...new Set([...c.secrets, ...declared])];
}
