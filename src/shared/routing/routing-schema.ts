import * as z from 'zod';
import { MAX_ACCOUNTS, MAX_ATTEMPTS_CEILING } from './routing-limits';
import { profileIdSchema } from '../ipc/profile-schemas';
import { shopChoicesSchema } from '../profiles/shop-choices';

/**
 * The owner's provider accounts and the rules that route each recharge to one of them (issue 29),
 * as data: a file or an IPC payload is parsed here for its shape, then `checkRoutingRules` refuses
 * rules that parse but cannot route (see routing-check.ts). Amounts the owner types are whole
 * rupees, as the operator table's; money the ledger counts (spend, balances) stays in paise.
 */

/** An account's id: the vault key of its token and the name the ledger files its rows under. */
export const accountIdSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,23}$/);
export type AccountId = z.infer<typeof accountIdSchema>;

const rupees = z.number().int();

export const accountSchema = z.object({
  id: accountIdSchema,
  name: z.string().trim().min(1).max(40),
  profile: profileIdSchema,
  baseUrl: z.string().max(500),
  /** The account's name at the provider: the value of its profile's first plain credential. */
  username: z.string().max(100),
  /** Its profile's other plain credentials, by name; its secrets are in the vault, never here. */
  values: z.record(z.string().max(24), z.string().max(500)).optional(),
  /** The shop's choice per shop value of its profile (a circle); checked against the profile when read. */
  shop: shopChoicesSchema.optional(),
  /** The owner's downtime switch: a paused account is never chosen, whatever its rules say. */
  paused: z.boolean().default(false),
  /**
   * When the owner last resumed the account after it paused itself (epoch ms): its failures in a
   * row and a failed balance check count from here, so a resume is not undone by the failures
   * that paused it.
   */
  resumedAt: z.number().int().nonnegative().optional(),
});

/** Which amounts an entry takes: all (absent), a list of exact plans, or an inclusive range. */
export const amountMatchSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('list'), amounts: z.array(rupees).min(1).max(100) }),
  z.object({ kind: z.literal('range'), min: rupees, max: rupees }),
]);
export type AmountMatch = z.infer<typeof amountMatchSchema>;

export const routeEntrySchema = z.object({
  account: z.string().max(40),
  amounts: amountMatchSchema.optional(),
  /** Rupees this account may be sent for this operator in one India day; absent: no cap. */
  dailyCapRupees: rupees.optional(),
});
export type RouteEntry = z.infer<typeof routeEntrySchema>;

export const routingRulesSchema = z.object({
  version: z.literal(1),
  /** Off (the default): the one account of Settings, exactly as before routing existed. */
  enabled: z.boolean().default(false),
  /** Attempts one sale may take across accounts, the first included. */
  maxAttemptsPerSale: z.number().int().min(1).max(MAX_ATTEMPTS_CEILING).default(2),
  /** Attempts in a row that did not succeed (see AccountState) after which an account pauses itself until the owner resumes it. */
  pauseAfterFailures: z.number().int().min(1).max(50).default(5),
  accounts: z.array(accountSchema).max(MAX_ACCOUNTS),
  /** Per operator code, the accounts in the order they are tried. */
  routes: z.record(z.string().max(20), z.array(routeEntrySchema).max(20)),
});
export type RoutingRules = z.infer<typeof routingRulesSchema>;
