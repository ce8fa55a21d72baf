/**
 * Secrets that are passing through the main process right now (a PIN being checked or set). Every
 * line for the shop's log or a diagnostics file is redacted of them while they are in flight, so a
 * fault thrown halfway (with the request in its message or stack) cannot write one down. They are
 * held only for the call that carries them, never kept after it.
 */
const inFlight = new Map<string, number>();

export async function withSecretInFlight<T>(secret: string, work: () => Promise<T>): Promise<T> {
  inFlight.set(secret, (inFlight.get(secret) ?? 0) + 1);
  try {
    return await work();
  } finally {
    const left = (inFlight.get(secret) ?? 1) - 1;
    if (left > 0) inFlight.set(secret, left);
    else inFlight.delete(secret);
  }
}

export function secretsInFlight(): readonly string[] {
  return [...inFlight.keys()];
}

/** Several at once (a PIN and a token); empty strings are not secrets. */
export function withSecretsInFlight<T>(secrets: readonly string[], work: () => Promise<T>): Promise<T> {
  const [first, ...rest] = secrets.filter((s) => s.length > 0);
  return first === undefined ? work() : withSecretInFlight(first, () => withSecretsInFlight(rest, work));
}
