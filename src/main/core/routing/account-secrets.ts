import type { Profile } from '../../../shared/profiles/profile-v2';
import { typedCredentials, type TypedInput } from '../../../shared/profiles/typed-credentials';
import type { AccountId, RoutingRules } from '../../../shared/routing/routing-schema';
import { FIRST_ACCOUNT_ID } from '../../../shared/routing/single-account';
import { UserFacingError } from '../errors/user-facing-error';
import { hostAddresses, keptSecrets, plainValues, readCredentials } from '../auth/account-credentials';
import { checkTyped } from '../auth/account-rules';
import { shopFields } from '../auth/shop-values';
import { requireSecrets } from '../auth/required-secrets';
import type { AccountCredentials } from '../reseller/client-credentials';
import type { SecretVault } from '../vault/secret-vault';

type Account = RoutingRules['accounts'][number];

/**
 * What the owner's screen shows of one account: the credentials its profile declares (asked for
 * exactly these), where each of its hosts is (the addresses its secrets will be sent to), the values
 * the shop sets for it (a circle) and any saved one its profile does not offer (not sent).
 */
export function accountCard(p: Profile | null, a: Account) {
  if (!p) return { fields: [], hosts: [], shopValues: [], shopSetAside: [] };
  const hosts = Object.entries(hostAddresses(p, a.baseUrl)).map(([name, address]) => ({
    label: p.hosts[name]?.label ?? { en: name, hi: name },
    address,
  }));
  return { fields: p.credentials, hosts, shopValues: p.shopValues, shopSetAside: shopFields(p, a.shop).shopSetAside };
}

/**
 * An account's secrets as its own profile reads them, by the main account's rule: only those it
 * declares, only for the hosts they were typed for (a host moved drops them).
 */
export function accountSecrets(
  vault: SecretVault,
  p: Profile | null,
  a: Account,
): { state: 'none' | 'saved' | 'unreadable'; credentials: AccountCredentials | null } {
  if (!p) return { state: vault.read().kind === 'unreadable' ? 'unreadable' : 'none', credentials: null };
  const read = readCredentials(vault, p, a);
  if (read.kind === 'saved') return { state: 'saved', credentials: read.credentials };
  return { state: read.kind === 'moved' ? 'none' : read.kind, credentials: null };
}

/** The secrets to keep for an account from what the owner typed, each checked; an empty one keeps the saved. */
export function typedSecrets(vault: SecretVault, p: Profile, a: Account, input: TypedInput): Record<string, string> {
  const typed = checkTyped(p, a.baseUrl, { ...plainValues(p, a), ...typedCredentials(input) });
  if (!typed.ok) throw UserFacingError.of(typed.error);
  const secrets = { ...keptSecrets(vault, p, a, a), ...typed.secrets };
  requireSecrets(vault, p, secrets);
  return secrets;
}

/**
 * After a save: every other account whose profile, host address or name at the provider changed
 * loses the secrets it kept, as Settings' account does (keptSecrets is the one rule): they were
 * typed for the old host and are asked for again before anything is sent to the new one.
 */
export function dropMovedSecrets(
  before: readonly Account[],
  after: readonly Account[],
  vaultFor: (id: AccountId) => SecretVault,
  profileOf: (id: string) => Profile | null,
): void {
  for (const a of after) {
    if (a.id === FIRST_ACCOUNT_ID) continue;
    const vault = vaultFor(a.id);
    if (vault.read().kind !== 'saved') continue;
    const old = before.find((b) => b.id === a.id);
    const p = profileOf(a.profile);
    if (!old || !p || old.profile !== a.profile || keptSecrets(vault, p, old, a) === null) vault.clear();
  }
}
