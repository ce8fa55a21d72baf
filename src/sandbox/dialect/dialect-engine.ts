import { BUILTIN_PROFILE_IDS, isBuiltinProfile } from '../../shared/profiles/profile-ids';
import { builtinEngine } from '../../shared/profiles/builtin-profiles';
import { LIBRARY_PROFILE_IDS, libraryEngine } from '../../shared/profiles/library/library-profiles';
import type { ProfileEngine } from '../../shared/profiles/profile-engine';

/** The dialects the sandbox speaks: every built-in profile's, and every library provider's. */
export const DIALECT_IDS = [...BUILTIN_PROFILE_IDS, ...LIBRARY_PROFILE_IDS] as const;
export type DialectId = (typeof DIALECT_IDS)[number];

/** The profile a dialect is played from: the same data the app reads that provider with. */
export const dialectEngine = (id: DialectId): ProfileEngine => (isBuiltinProfile(id) ? builtinEngine(id) : libraryEngine(id));
