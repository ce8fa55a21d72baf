import * as z from 'zod';
import { profileV1Schema } from './profile-v1';
import { profileV2Schema, type Profile } from './profile-v2';
import { upgradeV1 } from './profile-upgrade';

export * from './profile-parts';
export type { Profile, CallSpec } from './profile-v2';

/**
 * A provider profile file of either version, read as version 2: one provider's words for the same
 * four calls, as data. Every part of the app works on version 2's shape; a version 1 file is read as
 * version 2 says the same thing.
 */
export const profileSchema: z.ZodType<Profile, unknown> = z
  .discriminatedUnion('formatVersion', [profileV1Schema, profileV2Schema])
  .transform((p): Profile => (p.formatVersion === 1 ? upgradeV1(p) : p));
