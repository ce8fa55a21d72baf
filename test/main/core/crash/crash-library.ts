import { LIBRARY_PROFILE_IDS, type LibraryProfileId } from '../../../../src/shared/profiles/library/library-profiles';
import { isBuiltinProfile, type BuiltinProfileId } from '../../../../src/shared/profiles/profile-ids';

// Issue 36: never-twice in every library provider's dialect. The crash child recharges Jio only;
// the documents list few operator codes, so each owner's version maps Jio to a code of its own
// (the sandbox plays the same version, so it reads the code back as Jio).
const JIO_CODES: Record<LibraryProfileId, string> = {
  rechargeexchange: 'RJ',
  joloapi: 'JO',
  rechargkit: '11',
  rechapi: '8',
  apilogin: 'RJP',
  pinwallet: 'JIO',
  rechargekarlo: '11',
  roundpay: 'RJ',
};

/** The operator codes the crash child's owner's version adds to the library file. */
export const crashOperators = (id: LibraryProfileId): Record<string, string> => ({ JIO: JIO_CODES[id] });

/**
 * The library dialects the crash run plays: every one the sandbox plays a shop day in
 * (test/main/core/reseller/library-dialects.test.ts), each with every credential it declares.
 */
export const CRASH_LIBRARY_IDS: readonly LibraryProfileId[] = LIBRARY_PROFILE_IDS;

export type CrashDialect = BuiltinProfileId | LibraryProfileId;

export const isLibraryDialect = (d: string): d is LibraryProfileId => (LIBRARY_PROFILE_IDS as readonly string[]).includes(d);

/** What the crash child is told on its command line: a dialect it can speak, else it must not start. */
export function crashDialect(d: string): CrashDialect {
  if (isLibraryDialect(d) || isBuiltinProfile(d)) return d;
  throw new Error(`the crash child cannot speak ${d}`);
}
