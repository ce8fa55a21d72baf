import { BUILTIN_PROFILE_IDS, isBuiltinProfile } from '../../shared/profiles/profile-ids';
import { builtinEngine } from '../../shared/profiles/builtin-profiles';
import { LIBRARY_PROFILE_IDS, libraryEngine } from '../../shared/profiles/library/library-profiles';
import { createEngine, type ProfileEngine } from '../../shared/profiles/profile-engine';

/** The dialects the sandbox speaks: every built-in profile's, and every library provider's. */
export const DIALECT_IDS = [...BUILTIN_PROFILE_IDS, ...LIBRARY_PROFILE_IDS] as const;
export type DialectId = (typeof DIALECT_IDS)[number];

/** The profile a dialect is played from: the same data the app reads that provider with. */
export const dialectEngine = (id: DialectId): ProfileEngine => (isBuiltinProfile(id) ? builtinEngine(id) : libraryEngine(id));

const owned = new WeakMap<object, ProfileEngine>();

/**
 * The engine the sandbox speaks with: the owner's own version of a profile when given (a library
 * profile with the operator codes its provider gave the shop), else the dialect's; null for the
 * document's own dialect. An owner's version is checked against the law like any import.
 */
export function sandboxDialect(o: { readonly dialect: DialectId; readonly dialectProfile?: unknown }): ProfileEngine | null {
  const given = o.dialectProfile;
  if (given !== null && typeof given === 'object') {
    let engine = owned.get(given);
    if (!engine) owned.set(given, (engine = createEngine(given, 'check')));
    return engine;
  }
  return o.dialect === 'document' ? null : dialectEngine(o.dialect);
}
