import type { Profile } from '../../../shared/profiles/profile-v2';
import { UserFacingError } from '../errors/user-facing-error';
import type { SecretVault } from '../vault/secret-vault';
import { declaresV1 } from './account-credentials';

/**
 * Throws, naming the first secret the profile declares that is neither typed nor kept: an account
 * is never saved to send without one. Version 1's keeps its own words (a token is needed).
 */
export function requireSecrets(vault: SecretVault, p: Profile, secrets: Readonly<Record<string, string>>): void {
  const missing = p.credentials.find((f) => f.secret && secrets[f.name] === undefined);
  if (!missing) return;
  if (vault.read().kind === 'unreadable') throw new UserFacingError('token_unreadable', {});
  if (declaresV1(p)) throw new UserFacingError('token_required', { accountChanged: vault.read().kind === 'saved' });
  const { label, minLength: min, maxLength: max, chars } = missing;
  throw new UserFacingError('credential_invalid', { label, problem: 'missing', min, max, chars });
}
