import type { Profile } from './profile-v2';

/** Our operator code to the provider's, whether its entry is a bare code or a code with values. */
export function operatorCodes(profile: Profile): Readonly<Partial<Record<string, string>>> {
  return Object.fromEntries(
    Object.entries(profile.operators).flatMap(([ours, e]) => (e === undefined ? [] : [[ours, typeof e === 'string' ? e : e.code]])),
  );
}
