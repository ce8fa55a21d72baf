import * as z from 'zod';
import { PIN_MAX_DIGITS, PIN_MIN_DIGITS } from './field-limits';

export { PIN_MAX_DIGITS, PIN_MIN_DIGITS };
export const ROLES = ['staff', 'owner'] as const;
export type Role = (typeof ROLES)[number];

/** 4 to 8 digits, nothing else; the words say what to type, never what was typed. */
export const pinSchema = z
  .string()
  .max(64, { error: `The PIN is ${PIN_MIN_DIGITS} to ${PIN_MAX_DIGITS} digits.` })
  .regex(/^\d*$/, { error: 'The PIN is digits only (0 to 9), no letters or spaces.' })
  .min(PIN_MIN_DIGITS, { error: `The PIN needs at least ${PIN_MIN_DIGITS} digits.` })
  .max(PIN_MAX_DIGITS, { error: `The PIN has at most ${PIN_MAX_DIGITS} digits.` });

/**
 * A person at the counter (issue 38): the owner (id 0; the window words the name) or a named staff
 * member, whose id is never reused.
 */
export const personSchema = z.strictObject({ id: z.number().int().min(0), name: z.string().max(200), role: z.enum(ROLES) });
export type Person = z.infer<typeof personSchema>;
export const OWNER_ID = 0;

/**
 * Who did an action, as the books keep it (migration 22): the person as named then, the owner
 * (id 0), or staff on a shared PIN with no names (id null).
 */
export const doerSchema = z.strictObject({ id: z.number().int().min(0).nullable(), name: z.string().max(200), role: z.enum(ROLES) });
export type Doer = z.infer<typeof doerSchema>;

/** A name as typed in the People form; the store refuses hidden characters and line breaks. */
const personNameSchema = z.string().trim().min(1, { error: 'Type a name.' }).max(200);
const personIdSchema = z.number().int().min(1);

/** Who is at the counter, as main decides it; the renderer only shows it. */
export const lockStatusSchema = z.object({
  pinSet: z.boolean(),
  role: z.enum(ROLES),
  /** Who is signed in: null is the anonymous staff of before (no staff named) or nobody yet (staff named). */
  person: personSchema.nullable(),
  /** The named staff who may sign in, for "Who is at the counter?" (empty: owner PIN only, as before). */
  people: z.array(z.strictObject({ id: personIdSchema, name: z.string().max(200) })),
  /** The idle lock in minutes (0 = off). */
  idleMinutes: z.number().int(),
  /** Seconds until PIN entry is allowed again after too many wrong PINs; 0 when it is allowed. */
  waitSeconds: z.number().int(),
  /** The owner's wrong PINs in a row since the last right one (each person has their own count). */
  failures: z.number().int(),
  /** How a forgotten PIN is reset: the provider token (live), or by removing the PIN file (demo). */
  reset: z.enum(['token', 'file']),
  /** The PIN file (for the "file" rule). */
  pinFile: z.string(),
});
export type LockStatus = z.infer<typeof lockStatusSchema>;

export const lockChannels = {
  status: { request: z.strictObject({}), response: lockStatusSchema },
  /** First run: anyone sets it (no PIN yet means everyone is owner); later only the owner changes it. */
  setPin: { request: z.strictObject({ pin: pinSchema }), response: lockStatusSchema },
  /** The owner's PIN, or (with `person`) a named staff member's own PIN. */
  unlock: { request: z.strictObject({ pin: pinSchema, person: personIdSchema.optional() }), response: lockStatusSchema },
  /** The owner's People list: add, rename, reset a PIN, remove (a removed person keeps their id and name). */
  addPerson: { request: z.strictObject({ name: personNameSchema, pin: pinSchema }), response: lockStatusSchema },
  renamePerson: { request: z.strictObject({ person: personIdSchema, name: personNameSchema }), response: lockStatusSchema },
  resetPersonPin: { request: z.strictObject({ person: personIdSchema, pin: pinSchema }), response: lockStatusSchema },
  removePerson: { request: z.strictObject({ person: personIdSchema }), response: lockStatusSchema },
  /** Back to staff now (the owner walks away). */
  lock: { request: z.strictObject({}), response: lockStatusSchema },
  /** The shopkeeper is at the keyboard: pushes the idle lock back. */
  touch: { request: z.strictObject({}), response: lockStatusSchema },
  /** Forgot PIN: the provider token proves ownership (live mode). */
  resetPin: {
    request: z.strictObject({ token: z.string().min(1).max(200), pin: pinSchema }),
    response: lockStatusSchema,
  },
} as const;
