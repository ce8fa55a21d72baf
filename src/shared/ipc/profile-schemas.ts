import * as z from 'zod';
import { OUTCOMES } from '../outcomes/outcome-registry';

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
export const PROFILE_MAX_CHARS = 256 * 1024;
const profileText = z.string().min(1).max(PROFILE_MAX_CHARS);

/** A host as the owner confirms it: its name in the profile, and its address (null: the one typed for the account). */
const hostName = z.string().regex(/^[a-z][a-z0-9-]{0,19}$/);
const confirmedHosts = z.record(hostName, z.string().max(120).nullable()).refine((h) => Object.keys(h).length <= 4, 'at most 4 hosts');

/** Each host a profile uses: what the owner must confirm before it is saved, and whether it changed. */
const benchHost = z.object({
  name: hostName,
  label: z.object({ en: z.string().max(60), hi: z.string().max(60) }),
  url: z.string().max(120).nullable(),
  calls: z.array(call),
  /** The saved profile of the same id had another address here (undefined: new, or unchanged). */
  was: z.string().max(120).nullable().optional(),
  changed: z.boolean(),
});

/** One problem of a pasted profile, on its line: words from the outcome, the key path as the profile's own data. */
const benchProblem = z.object({
  line: z.number().int().min(1),
  column: z.number().int().min(1),
  path: z.string().max(200),
  problem: z.object({ code: z.literal('profile_problem'), params: OUTCOMES.profile_problem }),
});

/** What the workbench made of a pasted profile, as far as it could be read. */
const benchReading = z.object({
  problems: z.array(benchProblem).max(80),
  profile: profileInfo.nullable(),
  lawPassed: z.boolean(),
  samples: z.array(sampleReading).nullable(),
  hosts: z.array(benchHost).nullable(),
  /** A live account is saved: the connection test must pass before the profile is saved. */
  testNeeded: z.boolean(),
});

export const profileChannels = {
  list: { request: z.strictObject({}), response: profileList },
  check: {
    request: z.strictObject({ text: profileText }),
    response: z.object({ profile: profileInfo, samples: z.array(sampleReading) }),
  },
  use: {
    /**
     * A profile by id (built-in or imported already), or a file's text to import: one of the two. A
     * text comes with every host it uses as the owner confirmed them.
     */
    request: z
      .strictObject({ id: profileIdSchema.optional(), text: profileText.optional(), hosts: confirmedHosts.optional() })
      .refine((r) => (r.id === undefined) !== (r.text === undefined), 'give a profile id or a file, not both'),
    response: profileList,
  },
  /** The workbench: a pasted text read with every problem on its line, never saved. */
  bench: { request: z.strictObject({ text: profileText }), response: benchReading },
  /** The connection test sent through a pasted profile, once its hosts are confirmed. */
  test: { request: z.strictObject({ text: profileText, hosts: confirmedHosts }) },
  /** A profile's file for others, with no credential value in it; path null when the owner cancelled. */
  export: { request: z.strictObject({ id: profileIdSchema }), response: z.object({ path: z.string().nullable() }) },
} as const;
