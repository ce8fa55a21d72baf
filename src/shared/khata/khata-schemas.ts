import * as z from 'zod';
import { pinSchema } from '../lock-schemas';

/** The money entries that move a customer's due (issue 30), besides the credit part of a sale. */
export const DUE_ENTRY_KINDS = ['credit_payment', 'credit_reversed', 'kept_as_credit', 'correction'] as const;

/** One line of a customer's statement: a credit sale or an entry, with the due after it. */
export const statementLineSchema = z.object({
  /** 'sale' for the credit part of a recharge; otherwise the money entry's kind. */
  kind: z.enum(['sale', ...DUE_ENTRY_KINDS]),
  /** The money entry's id; null for a sale (named by refId). */
  id: z.number().int().nullable(),
  refId: z.string().nullable(),
  method: z.string().nullable(),
  /** Paise, in the due's direction: + raises it, − lowers it. */
  delta: z.number().int(),
  /** For a correction: the entry id it corrects, or (for a sale) null with corrects_ref. */
  corrects: z.number().int().nullable(),
  correctsRef: z.string().nullable(),
  date: z.string(),
  at: z.number().int(),
  /** The due after this line, paise. */
  due: z.number().int(),
  /** The name of the counter that wrote this line (shop ledger, issue 37); null: this counter. */
  counter: z.string().nullable(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

/** A customer who owes, on the dues list. */
export const dueRowSchema = z.object({
  number: z.string(),
  name: z.string(),
  due: z.number().int(),
  since: z.string(),
});
export type DueRow = z.infer<typeof dueRowSchema>;

/** An advance the shop holds for a customer (their due below nothing), on the advances list: since `at`, its last move. */
export const advanceRowSchema = z.object({
  number: z.string(),
  name: z.string(),
  amount: z.number().int().positive(),
  at: z.number().int(),
});
export type AdvanceRow = z.infer<typeof advanceRowSchema>;

export const ageTotalSchema = z.object({ key: z.enum(['fresh', 'month', 'old']), count: z.number().int(), due: z.number().int() });
export type AgeTotal = z.infer<typeof ageTotalSchema>;

const customerNumber = z.string().min(1).max(32);
/** Wire bounds only: the service says in words what is wrong (nothing, negative, above the due). */
const wireRupees = z.number().int().min(-10_000_000).max(10_000_000);

/** A customer's khata as the customer screen and the counter's confirmation read it. */
export const khataViewSchema = z.object({
  number: z.string(),
  name: z.string(),
  /** Paise owed now (negative: an advance the shop holds). */
  due: z.number().int(),
  /** The limit that applies, paise: the customer's own, else the shop's default. */
  limit: z.number().int(),
  /** The customer's own limit, paise; null: the shop's default applies. */
  ownLimit: z.number().int().nullable(),
  /** The reminders' language; null: the shop's. */
  lang: z.enum(['en', 'hi']).nullable(),
  /** Newest first. */
  lines: z.array(statementLineSchema),
  /**
   * With a shop ledger (issue 37): when this counter last heard the other counters' entries (the
   * sync's lastSyncAt), null before it first has; absent with no shop ledger. The due counts them.
   */
  shopSeenAt: z.number().int().nullable().optional(),
});
export type KhataView = z.infer<typeof khataViewSchema>;

export const khataChannels = {
  get: {
    // lines: how many statement lines to send (0 at the counter: only the due and limit).
    request: z.strictObject({ number: customerNumber, lines: z.number().int().min(0).max(1000).default(200) }),
    response: khataViewSchema,
  },
  pay: {
    request: z.strictObject({ number: customerNumber, rupees: wireRupees, method: z.enum(['cash', 'upi']) }),
    response: khataViewSchema,
  },
  correct: {
    // The line corrected: a money entry by id, or a sale's credit by refId; rupees: what it should have been.
    request: z.strictObject({
      number: customerNumber,
      id: z.number().int().positive().nullable(),
      refId: z.string().min(1).max(64).nullable(),
      rupees: wireRupees,
      // The owner's PIN typed in the same dialog when staff lower a due (checked in main, never trusted here).
      ownerPin: pinSchema.optional(),
    }),
    response: khataViewSchema,
  },
  setLimit: {
    // null: back to the shop's default.
    request: z.strictObject({ number: customerNumber, rupees: wireRupees.nullable() }),
    response: khataViewSchema,
  },
  setLang: {
    request: z.strictObject({ number: customerNumber, lang: z.enum(['en', 'hi']).nullable() }),
    response: khataViewSchema,
  },
  dues: {
    request: z.strictObject({}),
    response: z.object({
      today: z.string(),
      ages: z.array(ageTotalSchema),
      items: z.array(dueRowSchema),
      advances: z.array(advanceRowSchema),
    }),
  },
  reminder: {
    request: z.strictObject({ number: customerNumber }),
    response: z.object({ lang: z.enum(['en', 'hi']), text: z.string(), whatsappUrl: z.string(), upiUri: z.string().nullable() }),
  },
};
