import { isDeepStrictEqual } from 'node:util';
import type { Profile } from '../../../shared/profiles/profile-v2';
import { V1_CREDENTIALS, V1_HOSTS } from '../../../shared/profiles/profile-upgrade';
import { splitFields } from '../../../shared/profiles/credential-rules';
import type { AccountCredentials } from '../reseller/client-credentials';
import { readBundle, writeBundle } from '../vault/secret-bundle';
import type { SecretVault } from '../vault/secret-vault';
import { chosenShopValues } from '../../../shared/profiles/chosen-shop-values';

type Label = { en: string; hi: string };

/** What an account's settings keep beside its vault entry: never a secret. */
export interface AccountPlace {
  readonly baseUrl: string;
  /** The account's name at the provider: the value of its profile's first plain credential. */
  readonly username: string;
  /** Its other plain credentials, by name (absent: none, as version 1's). */
  readonly values?: Readonly<Record<string, string>> | undefined;
  /** The shop's chosen values for its profile's shop values, by name (shop-choices.ts). */
  readonly shop?: Readonly<Record<string, string>> | undefined;
}

export type CredentialsRead =
  | { kind: 'saved'; credentials: AccountCredentials }
  | { kind: 'none' }
  | { kind: 'unreadable' }
  /** A host's address changed since the secrets were typed: they were dropped from the vault. */
  | { kind: 'moved'; host: Label };

/** Version 1's declaration keeps its token alone in the vault, exactly as before version 2. */
export const declaresV1 = (p: Profile) => isDeepStrictEqual(p.credentials, V1_CREDENTIALS) && isDeepStrictEqual(p.hosts, V1_HOSTS);

/** A host without its own url is sent to the address the owner types for the account. */
export const needsAddress = (p: Profile) => Object.values(p.hosts).some((h) => h.url === undefined);

/** Where each of a profile's hosts is, for this account: the addresses its secrets are sent to. */
export function hostAddresses(p: Profile, baseUrl: string): Record<string, string> {
  return Object.fromEntries(Object.entries(p.hosts).map(([name, h]) => [name, h.url ?? baseUrl]));
}

/** The address kept as the account's own: the typed one, or the profile's first host's. */
export function accountAddress(p: Profile, typed: string): string {
  return needsAddress(p) ? typed : (Object.values(p.hosts)[0]?.url ?? typed);
}

/** The plain credentials an account's settings hold, by the names its profile declares. */
export function plainValues(p: Profile, place: AccountPlace): Record<string, string> {
  const [first, ...rest] = splitFields(p.credentials).plain;
  const out: Record<string, string> = first ? { [first.name]: place.username } : {};
  for (const f of rest) {
    const v = place.values?.[f.name];
    if (v !== undefined) out[f.name] = v;
  }
  return out;
}

/** Plain credentials as settings keep them: the first as the account's name (the profile's id without one). */
export function placeOf(p: Profile, plain: Readonly<Record<string, string>>): { username: string; values: Record<string, string> } {
  const [first, ...rest] = splitFields(p.credentials).plain;
  return {
    username: first ? (plain[first.name] ?? '') : p.id,
    values: Object.fromEntries(rest.map((f) => [f.name, plain[f.name] ?? ''])),
  };
}

/** The secrets in the vault and the host addresses they were typed for (version 1: the account's own). */
function kept(vault: SecretVault, p: Profile, baseUrl: string) {
  const read = vault.read();
  if (read.kind !== 'saved') return read;
  const b = readBundle(read);
  if (b.kind === 'bundle') return { kind: 'saved' as const, secrets: b.secrets, hosts: b.hosts };
  // A token kept alone was typed for version 1's one host; any other profile's hosts never had it.
  return { kind: 'saved' as const, secrets: { token: b.token }, hosts: declaresV1(p) ? { main: baseUrl } : {} };
}

/** The first host whose address is not the one the kept secrets were typed for, or null. */
function movedHost(p: Profile, baseUrl: string, hosts: Record<string, string>): Label | null {
  for (const [name, address] of Object.entries(hostAddresses(p, baseUrl))) {
    const before = hosts[name];
    if (before !== undefined && before !== address) return p.hosts[name]?.label ?? null;
  }
  return null;
}

/**
 * The account's credentials as its client sends them, each secret only when it was typed for every
 * host the profile now sends to. A host whose address changed drops the account's secrets from the
 * vault: they were given for the old address, and asked for again. A profile with other
 * credentials, or other hosts, than those the kept secrets were typed for finds none: the old ones
 * are sent nowhere.
 */
export function readCredentials(vault: SecretVault, p: Profile, place: AccountPlace, drop = true): CredentialsRead {
  const k = kept(vault, p, place.baseUrl);
  if (k.kind !== 'saved') return { kind: k.kind };
  const moved = movedHost(p, place.baseUrl, k.hosts);
  if (moved) {
    // Asked about a profile not yet the account's (the workbench's test): its secrets stay, unsent.
    if (!drop) return { kind: 'none' };
    vault.clear();
    return { kind: 'moved', host: moved };
  }
  const addresses = hostAddresses(p, place.baseUrl);
  const secrets: Record<string, string> = {};
  for (const f of splitFields(p.credentials).secret) {
    const value = k.secrets[f.name];
    if (value === undefined || Object.keys(addresses).some((h) => k.hosts[h] === undefined)) return { kind: 'none' };
    secrets[f.name] = value;
  }
  return {
    kind: 'saved',
    credentials: {
      baseUrl: place.baseUrl,
      values: { ...plainValues(p, place), ...secrets },
      secrets: Object.values(secrets),
      // Only a profile that declares shop values has any to send.
      ...(p.shopValues.length === 0 ? {} : { shop: chosenShopValues(p.shopValues, place.shop).values }),
    },
  };
}

/**
 * The secrets kept for the account as saved, when a save that retypes none may keep them: every
 * one is there and the save sends them to the same addresses under the same account name.
 */
export function keptSecrets(vault: SecretVault, p: Profile, saved: AccountPlace, next: AccountPlace): Record<string, string> | null {
  const k = kept(vault, p, saved.baseUrl);
  if (k.kind !== 'saved' || saved.username !== next.username) return null;
  if (Object.entries(hostAddresses(p, next.baseUrl)).some(([h, a]) => k.hosts[h] !== a)) return null;
  const names = splitFields(p.credentials).secret.map((f) => f.name);
  return names.every((n) => k.secrets[n] !== undefined) ? Object.fromEntries(names.map((n) => [n, k.secrets[n] ?? ''])) : null;
}

/** Keeps an account's secrets with the addresses they are typed for. */
export function keepSecrets(vault: SecretVault, p: Profile, baseUrl: string, secrets: Record<string, string>): void {
  if (declaresV1(p)) vault.set(writeBundle({ kind: 'token', token: secrets.token ?? '' }));
  else vault.set(writeBundle({ kind: 'bundle', secrets, hosts: hostAddresses(p, baseUrl) }));
}
