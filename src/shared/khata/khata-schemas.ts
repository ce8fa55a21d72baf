import * as z from 'zod';

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
});
export type StatementLine = z.infer<typeof statementLineSchema>;

/** A customer who owes, on the dues list. */
export const dueRowSchema = z.object({
  number: z.string(),
  name: z.string(),
  due: z.number().int(),
  since: z.string(),
  at: z.number().int(),
});
export type DueRow = z.infer<typeof dueRowSchema>;

export const ageTotalSchema = z.object({ key: z.enum(['fresh', 'month', 'old']), count: z.number().int(), due: z.number().int() });
export type AgeTotal = z.infer<typeof ageTotalSchema>;
