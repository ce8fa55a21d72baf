/**
 * The token travels in the query string, so any URL, error text or raw reply that might hold it
 * is passed through here before it is logged, stored or shown.
 */
export function redactSecrets(text: string, secrets: readonly (string | null | undefined)[] = []): string {
  let out = text.replace(/(api_token=)[^&\s"']*/gi, '$1***');
  for (const secret of secrets) {
    if (secret && secret.length >= 4) out = out.split(secret).join('***');
    if (secret && secret.length >= 4) out = out.split(encodeURIComponent(secret)).join('***');
  }
  return out;
}
