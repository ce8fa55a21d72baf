import type { OutcomeOf } from '../../../shared/outcomes/outcome-registry';
import { checkCredential } from '../../../shared/profiles/credential-rules';
import type { Profile } from '../../../shared/profiles/profile-v2';
import { accountAddress, declaresV1, needsAddress } from './account-credentials';
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

export type TypedAccount =
  | { ok: true; baseUrl: string; plain: Record<string, string>; secrets: Record<string, string> }
  | { ok: false; error: OutcomeOf<'not_https' | 'invalid_url' | 'invalid_username' | 'credential_invalid'> };

/**
 * What the owner typed for an account, checked against its profile's declaration: the address
 * (when a host of the profile has none of its own), every plain credential, and each secret typed.
 * A secret left empty is not in `secrets` (the saved one may be kept). The first refusal names its
 * field and what it must be; nothing is rewritten but a version 1 username's spaces.
 */
export function checkTyped(p: Profile, baseUrl: string, typed: Readonly<Record<string, string>>): TypedAccount {
  let address = accountAddress(p, baseUrl);
  if (needsAddress(p)) {
    const url = checkBaseUrl(baseUrl);
    if (!url.ok) return { ok: false, error: { code: url.reason === 'not_https' ? 'not_https' : 'invalid_url', params: {} } };
    address = url.url;
  }
  const plain: Record<string, string> = {};
  const secrets: Record<string, string> = {};
  for (const field of p.credentials) {
    const value = typed[field.name] ?? '';
    if (field.secret && value.trim() === '') continue;
    const checked = checkCredential(field, value);
    if (!checked.ok) {
      // Version 1's username keeps its own words (a registered mobile number).
      if (declaresV1(p) && !field.secret) return { ok: false, error: { code: 'invalid_username', params: {} } };
      const { label, problem, min, max, chars } = checked.problem;
      return { ok: false, error: { code: 'credential_invalid', params: { label, problem, min, max, chars } } };
    }
    (field.secret ? secrets : plain)[field.name] = checked.value;
  }
  return { ok: true, baseUrl: address, plain, secrets };
}
