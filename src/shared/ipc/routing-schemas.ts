import * as z from 'zod';
import { outcomeSchema } from '../outcomes/outcome-registry';
import { accountIdSchema, routingRulesSchema } from '../routing/routing-schema';
import { credentialSpec, shopValueSpec } from '../profiles/profile-v2';
import { setAsideSchema } from './set-aside-schema';

/** What the vault holds for an account's token; the token itself never leaves the main process. */
const tokenState = z.enum(['none', 'saved', 'unreadable']);

/** The owner's view of the routing rules (issue 29): what Settings edits. */
export const routingViewSchema = z.object({
  /** The rules to edit: the saved ones (the first account's address as Settings has it), or today's one account. */
  rules: routingRulesSchema,
  /** `none`: no rules saved (one account, as before); `set_aside`: the file could not be used, routing is off. */
  state: z.enum(['none', 'saved', 'set_aside']),
  /** Why the saved file was set aside at start, in words the screen shows. */
  problem: outcomeSchema.nullable(),
  tokens: z.record(z.string(), tokenState),
  /** Per account, the credentials its profile declares (asked for exactly these) and its hosts' addresses. */
  accounts: z.record(
    z.string(),
    z.object({
      fields: z.array(credentialSpec),
      hosts: z.array(z.object({ label: z.object({ en: z.string(), hi: z.string() }), address: z.string() })),
      /** The values its profile lets the shop set (a circle), and saved ones it does not offer (not sent). */
      shopValues: z.array(shopValueSpec),
      shopSetAside: z.array(setAsideSchema),
    }),
  ),
  /** Accounts that paused themselves (failures in a row, a balance check that failed): Resume is for these. */
  pausedBy: z.record(z.string(), z.enum(['failures', 'balance_check'])),
});
export type RoutingView = z.infer<typeof routingViewSchema>;

/** Big enough for five accounts and every operator's route; a payload near this is not rules. */
export const ROUTING_MAX_CHARS = 64 * 1024;

/**
 * The size bound, measured as the file would be written. IPC's structured clone carries what JSON
 * cannot (a BigInt, a cycle): that is not rules either, and must be a refusal, not a fault.
 */
function fitsAsRules(v: unknown): boolean {
  try {
    return JSON.stringify(v ?? null).length <= ROUTING_MAX_CHARS;
  } catch {
    return false;
  }
}

export const routingChannels = {
  get: { request: z.strictObject({}), response: routingViewSchema },
  save: {
    /** Read by `checkRoutingRules` in main, so a wrong shape is answered with where it is wrong. */
    request: z.strictObject({ rules: z.unknown().refine(fitsAsRules, 'rules too large, or not writable as JSON') }),
    response: routingViewSchema,
  },
  /** An account that paused itself (or was paused) goes back into its routes from now. */
  resume: { request: z.strictObject({ account: accountIdSchema }), response: routingViewSchema },
  /** One account's token, kept in the vault under its own key; answered with the view, never with the token. */
  setToken: {
    /** Version 1's token, or the secrets its profile declares by name (checked in main against it). */
    request: z
      .strictObject({
        account: accountIdSchema,
        token: z.string().trim().min(8).max(200).optional(),
        credentials: z.record(z.string().max(24), z.string().max(500)).optional(),
      })
      .refine((r) => (r.token === undefined) !== (r.credentials === undefined), 'a token or the credentials'),
    response: routingViewSchema,
  },
} as const;
