import * as z from 'zod';

/** A profile's id as the settings file and the screens name it. */
export const profileIdSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/);

const profileInfo = z.object({
  id: profileIdSchema,
  name: z.string().max(80),
  version: z.number().int(),
  /** Shipped with the app (else imported by the owner). */
  builtin: z.boolean(),
});

const profileList = z.object({
  /** The profile a live account is read with. */
  current: profileInfo,
  available: z.array(profileInfo),
  /** Demo mode reads the practice provider in its own dialect, whatever is chosen here. */
  demo: z.boolean(),
});

const call = z.enum(['recharge', 'status', 'balance', 'complaint']);
const meaning = z.enum(['Success', 'Pending', 'Accepted', 'Failure', 'Refunded', 'not_processed', 'unknown']);

/** What an imported profile's samples would be read as, shown before the owner accepts it. */
const sampleReading = z.object({ call, note: z.string().max(120), expected: meaning, read: meaning });

/** A profile file's text: a profile is small; anything near this bound is not one. */
const profileText = z
  .string()
  .min(1)
  .max(256 * 1024);

export const profileChannels = {
  list: { request: z.strictObject({}), response: profileList },
  check: {
    request: z.strictObject({ text: profileText }),
    response: z.object({ profile: profileInfo, samples: z.array(sampleReading) }),
  },
  use: {
    /** A profile by id (built-in or imported already), or a file's text to import: one of the two. */
    request: z
      .strictObject({ id: profileIdSchema.optional(), text: profileText.optional() })
      .refine((r) => (r.id === undefined) !== (r.text === undefined), 'give a profile id or a file, not both'),
    response: profileList,
  },
} as const;
