import { checkBaseUrl } from '../reseller/provider-url';

export type AccountCheck =
  { ok: true; baseUrl: string; username: string } | { ok: false; code: 'not_https' | 'invalid_url' | 'invalid_username'; message: string };

/**
 * The rules for a live account's address and username, in one place: saving refuses with them and
 * the connection test answers with them, each under its own code so the screen can say which.
 */
export function checkAccount(baseUrl: string, username: string): AccountCheck {
  const url = checkBaseUrl(baseUrl);
  if (!url.ok) {
    return url.reason === 'not_https'
      ? { ok: false, code: 'not_https', message: 'The provider address must start with https:// so the token is not sent in the open.' }
      : {
          ok: false,
          code: 'invalid_url',
          message: 'This is not a web address. Copy the API address your provider gave you, like https://provider.example/.',
        };
  }
  const user = username.trim();
  if (!/^\d{10}$/.test(user)) {
    return { ok: false, code: 'invalid_username', message: 'The username is your registered 10-digit mobile number.' };
  }
  return { ok: true, baseUrl: url.url, username: user };
}
