import * as z from 'zod';
import { TXN_STATUSES } from '../status';
import { txnStatusSchema } from './txn-schemas';
import { SETTING_TEXT_MAX, SHOP_TLS_MODES } from '../field-limits';

export { SHOP_TLS_MODES };

/** A counter's name as the shop reads it in history ("Counter 2", "Front desk"). */
export const counterNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(SETTING_TEXT_MAX.counterName)
  .regex(/^[^\u0000-\u001f\u007f]+$/, 'no control characters');

/**
 * The shop ledger's address, by its shape. A password in it (user part or parameter) passes this
 * shape on purpose: the core refuses it in words (`shop_address_password`) and settings never keep
 * it (settings-schema.ts), as it would end up in settings.json, diagnostics and backups.
 */
export const shopUrlSchema = z
  .string()
  .trim()
  .max(500)
  .refine(
    (text) => {
      if (text === '') return true;
      try {
        const u = new URL(text);
        return (u.protocol === 'postgres:' || u.protocol === 'postgresql:') && u.hostname !== '';
      } catch {
        return false;
      }
    },
    { message: 'a postgres:// address with user, host and database' },
  );

export const shopConfigureRequestSchema = z.strictObject({
  /** '' turns the shop ledger off (the counter works alone, as before). */
  url: shopUrlSchema,
  tls: z.enum(SHOP_TLS_MODES),
  counterName: counterNameSchema,
  /** Omitted keeps the saved password; '' removes it. */
  password: z.string().max(500).optional(),
});

export const shopStatusSchema = z.object({
  configured: z.boolean(),
  url: z.string(),
  tls: z.enum(SHOP_TLS_MODES),
  counterName: z.string(),
  counterPrefix: z.string(),
  passwordSaved: z.boolean(),
  /** null while not configured or not yet tried. */
  online: z.boolean().nullable(),
  /** When the shop ledger stopped answering (UTC ms); null while it answers. */
  offlineSince: z.number().int().nullable(),
  /** This counter's events not yet in the shop ledger. */
  unsent: z.number().int().min(0),
  /** Rows from the shop ledger refused as not trustworthy, since start. */
  refused: z.number().int().min(0),
  lastSyncAt: z.number().int().nullable(),
});

/** A transaction as the whole-shop history shows it: with the counter that sent it. */
export const shopTxnSchema = z.object({
  refId: z.string(),
  counter: z.string(),
  counterName: z.string(),
  /** True for this counter's own rows (from its own ledger). */
  own: z.boolean(),
  number: z.string(),
  operator: z.string(),
  amount: z.number().int(),
  status: txnStatusSchema,
  message: z.string(),
  createdAt: z.number().int(),
  /** The sale it is an attempt of (its first attempt's ref_id), its attempt number, and the account it went to. */
  saleId: z.string(),
  attemptNo: z.number().int().min(1),
  accountId: z.string(),
  /** The account's name as the counter that sent it knows it ('' when it did not say). */
  accountName: z.string(),
  /** Two attempts of its sale were charged (a possible double recharge): the owner checks with both providers. */
  possibleDouble: z.boolean(),
  /** The owner's "checked" on that double, the first made at any counter: which counter, and when (null: not yet). */
  checked: z.object({ counterName: z.string().max(40), at: z.number().int() }).nullable(),
});

export const shopHistoryRequestSchema = z.strictObject({
  from: z.number().int().optional(),
  to: z.number().int().optional(),
  /** A number prefix or a ref_id. */
  search: z.string().max(64).optional(),
  statuses: z.array(txnStatusSchema).max(TXN_STATUSES.length).optional(),
  operator: z.string().max(16).optional(),
  limit: z.number().int().min(1).max(500).default(100),
});

/** The whole shop's totals over a time range, per counter (the owner's day or month). */
export const shopReportRequestSchema = z
  .strictObject({ from: z.number().int(), to: z.number().int() })
  .refine((r) => r.to > r.from && r.to - r.from <= 400 * 86_400_000, { message: 'a range of at most 400 days, ending after it starts' });

const totalSchema = z.object({ count: z.number().int().min(0), amount: z.number().int() });

export const shopReportSchema = z.object({
  counters: z.array(
    z.object({
      counter: z.string(),
      counterName: z.string(),
      own: z.boolean(),
      all: totalSchema,
      /** Money that went out: Success. */
      success: totalSchema,
      /** Not settled yet: Submitting, Unknown, Pending, Accepted, NeedsAttention. */
      open: totalSchema,
      /** Failure, Error and Refunded: nothing charged in the end. */
      notCharged: totalSchema,
      /** Each sale once (a failed-over sale's attempts are one sale), by its first attempt. */
      sales: totalSchema,
      /** Charges beyond a sale's first success (possible double recharges): in `success`, not more sales. */
      doubles: totalSchema,
    }),
  ),
  /** The whole shop's part per provider account: every attempt sent to it, and what it charged. */
  accounts: z.array(z.object({ accountId: z.string(), accountName: z.string(), all: totalSchema, success: totalSchema })),
});
