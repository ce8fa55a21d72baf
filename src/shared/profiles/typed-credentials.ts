/** An account's credentials as typed: by the names its profile declares, or version 1's two. */
export type TypedInput = { credentials?: Readonly<Record<string, string>> } | { username?: string; token?: string | undefined };

/**
 * The one adapter between version 1's callers (a username and a token) and a profile's declared
 * credentials: both arrive as a map of name to value. A token left out is not in the map (kept).
 */
export function typedCredentials(input: TypedInput): Record<string, string> {
  if ('credentials' in input) return { ...input.credentials };
  const v1 = input as { username?: string; token?: string | undefined };
  return {
    ...(v1.username === undefined ? {} : { username: v1.username }),
    ...(v1.token === undefined ? {} : { token: v1.token }),
  };
}
