import { createEngine, type ProfileEngine } from '../../src/shared/profiles/profile-engine';
import { libraryProfileFile, type LibraryProfileId } from '../../src/shared/profiles/library/library-profiles';
import type { ProviderCredentials } from '../../src/main/core/reseller/reseller-client';
import { nodeDigest } from '../../src/main/core/profiles/node-digest';

// A shop's account at a library provider played by the sandbox on loopback: the library test's
// shop days and the crash child both set it up here, so the two cannot drift apart. No vitest
// import: the crash child is bundled from this for a plain Node process.

/** Every credential's value other than the account's id and its key: hex, so it serves as a signing key too. */
export const OTHER_CREDENTIAL = '00112233445566778899aabbccddeeff';

/**
 * The library file as a shop runs it: with the operator codes its provider gave the shop where the
 * public document lists none (a new version of the profile, as docs/provider-profiles.md says). The
 * provider's hosts are played on loopback, so here they are addresses the test gives (url-less).
 */
export function ownersVersion(id: LibraryProfileId, operators: Record<string, string>): unknown {
  const file = libraryProfileFile(id) as { version: number; operators: Record<string, string>; hosts: Record<string, { label: unknown }> };
  const hosts = Object.fromEntries(Object.entries(file.hosts).map(([name, h]) => [name, { label: h.label }]));
  return { ...file, version: file.version + 1, hosts, operators: { ...file.operators, ...operators } };
}

/** The engine the counter reads the owner's version with (signatures by Node's digest, as the app's). */
export const ownersEngine = (profile: unknown): ProfileEngine => createEngine(profile, 'check', nodeDigest);

/** Where the sandbox plays the account: its name there and an address per host of the profile. */
export interface PlayedAccount {
  readonly url: string;
  readonly username: string;
  readonly hostUrls: Readonly<Record<string, string>>;
}

/** The credentials the profile declares besides the account's id and its key (a PIN, a checksum key), by name. */
export function otherCredentials(engine: ProfileEngine): Record<string, string> {
  const { id, key } = roles(engine);
  const others = engine.profile.credentials.filter((c) => c.name !== id && c.name !== key);
  return Object.fromEntries(others.map((c): [string, string] => [c.name, OTHER_CREDENTIAL]));
}

/** The account's id (its first plain credential, if it has one) and its key (its first secret). */
function roles(engine: ProfileEngine) {
  return {
    id: engine.profile.credentials.find((c) => !c.secret)?.name,
    key: engine.profile.credentials.find((c) => c.secret)?.name ?? 'token',
  };
}

/**
 * What the shop typed in Settings, by the profile's own names: its id is the sandbox's username,
 * its key is `token`, every other credential is `otherCredentials` (the sandbox is told the same),
 * or `shopsOthers` for each (a wrong key). Each host is the sandbox's port that plays it.
 */
export function shopCredentials(engine: ProfileEngine, token: string, s: PlayedAccount, shopsOthers?: string): ProviderCredentials {
  const { id, key } = roles(engine);
  const others = otherCredentials(engine);
  return {
    baseUrl: s.url,
    username: s.username,
    token,
    values: {
      ...(shopsOthers === undefined ? others : Object.fromEntries(Object.keys(others).map((k) => [k, shopsOthers]))),
      ...(id === undefined ? {} : { [id]: s.username }),
      [key]: token,
    },
    hosts: s.hostUrls,
  };
}
