import { checkBaseUrl } from '../reseller/provider-url';

export type AccountCheck =
  { ok: true; baseUrl: string; username: string } | { ok: false; code: 'not_https' | 'invalid_url' | 'invalid_username' };

/**
 * The rules for a live account's address and username, in one place: saving refuses with them and
 * the connection test answers with them, each under its own code so the screen can say which.
 */
export function checkAccount(baseUrl: string, username: string): AccountCheck {
  const url = checkBaseUrl(baseUrl);
  if (!url.ok) return { ok: false, code: url.reason === 'not_https' ? 'not_https' : 'invalid_url' };
  const user = checkUsername(username);
  if (user === null) return { ok: false, code: 'invalid_username' };
  return { ok: true, baseUrl: url.url, username: user };
}

/** The registered mobile number, as it is often typed: grouped with spaces (98765 43210); null when it is not one. */
export function checkUsername(username: string): string | null {
  const user = username.replace(/\s+/g, '');
  return /^\d{10}$/.test(user) ? user : null;
}
