import * as z from 'zod';
import { accountIdSchema } from '../routing/routing-schema';
import { SKIP_REASONS } from '../routing/route-decision';
import { txnViewSchema } from './txn-schemas';
import { saleFlagSchema } from '../routing/sale-flags';

/** Which account a recharge would go to, asked by the confirmation as it opens (issue 29). */
export const routeRequestSchema = z.strictObject({
  operator: z.string().min(1).max(16),
  amount: z.number().int().positive().max(1_000_000),
});

/**
 * `enabled` false: routing is off, the one account of Settings takes it (the confirmation shows
 * nothing new). `chosen`: the first candidate, null when none may take it. `steps`: every account
 * of the operator's route in the owner's order, each a candidate (`skipped` null) or why not.
 */
export const routeAnswerSchema = z.object({
  enabled: z.boolean(),
  chosen: accountIdSchema.nullable(),
  steps: z.array(z.object({ account: accountIdSchema, name: z.string().max(40), skipped: z.enum(SKIP_REASONS).nullable() })).max(20),
});

/** Every attempt of one sale, in the order sent (a sale before routing is its one recharge). */
export const attemptsRequestSchema = z.strictObject({ saleId: z.string().min(1).max(64) });
export const attemptsAnswerSchema = z.object({
  items: z.array(txnViewSchema.extend({ accountName: z.string().max(40).optional() })).max(10),
});

/** Possible double recharges kept in the ledger, newest first, seen or not (a handful in a shop's life). */
export const doublesAnswerSchema = z.object({ items: z.array(saleFlagSchema).max(200) });
/** The owner checked a sale's possible double with both providers: kept, marked seen, told no more. */
export const doubleCheckedRequestSchema = z.strictObject({ saleId: z.string().min(1).max(64) });

/** `refresh`: read the other accounts' wallets from their providers first (the first account's is `balance:refresh`). */
export const accountWalletsRequestSchema = z.strictObject({ refresh: z.boolean().optional() });

/**
 * Every provider account's wallet as last read, in the owner's order (routing on; off: none, the
 * header shows the one wallet as before). `balance` null: not read yet.
 */
export const accountWalletsSchema = z.object({
  enabled: z.boolean(),
  accounts: z
    .array(
      z.object({
        id: accountIdSchema,
        name: z.string().max(40),
        balance: z.number().int().nullable(),
        at: z.number().int().nullable(),
        checkFailed: z.boolean(),
      }),
    )
    .max(20),
});
