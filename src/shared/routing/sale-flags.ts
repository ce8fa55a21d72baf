import * as z from 'zod';

/** What the ledger may keep about a sale for the owner (migration 15): for now, a possible double recharge. */
export const SALE_FLAG_KINDS = ['possible_double'] as const;

const attemptNamed = z.object({ refId: z.string().max(64), account: z.string().max(40) });

/**
 * A possible double recharge as the owner sees it (issue 29): the attempt counted failed that its
 * provider later called a Success, the attempt sent after it, each with its account's name, and
 * when the owner said it was checked (null: not yet; the notice is told again at every start).
 */
export const saleFlagSchema = z.object({
  saleId: z.string().max(64),
  kind: z.enum(SALE_FLAG_KINDS),
  number: z.string().max(32),
  amount: z.number().int(),
  first: attemptNamed,
  second: attemptNamed,
  at: z.number().int(),
  seenAt: z.number().int().nullable(),
  /** Checked at another counter of the shop (its name), not this one; null when here or not yet. */
  checkedAt: z.string().max(40).nullable(),
});
export type SaleFlag = z.infer<typeof saleFlagSchema>;
