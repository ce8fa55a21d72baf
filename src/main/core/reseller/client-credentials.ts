/**
 * What a client sends with: the account's address, each credential its profile declares by name,
 * and which of those values are secret (cut from every text the client returns).
 */
export interface AccountCredentials {
  readonly baseUrl: string;
  readonly values: Readonly<Record<string, string>>;
  readonly secrets: readonly string[];
}

/** Version 1's shape: a username and a token. */
export interface ProviderCredentials {
  readonly baseUrl: string;
  readonly username: string;
  readonly token: string;
}

/** Either shape, as the client takes it: version 1's is read as its two declared credentials. */
export function accountCredentials(c: AccountCredentials | ProviderCredentials): AccountCredentials {
  if ('values' in c) return c;
  return { baseUrl: c.baseUrl, values: { username: c.username, token: c.token }, secrets: [c.token] };
}
