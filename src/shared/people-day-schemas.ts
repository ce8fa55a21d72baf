import * as z from 'zod';
import { DONE_ACTIONS } from './done-actions';
import { isIsoDate } from './ist-date';
import { doerSchema } from './lock-schemas';
import { MONEY_ENTRY_KINDS } from './payment/payment';

/** One action a person did that is not a sale: what it was, and for money what moved. */
export const doneActionSchema = z.object({
  at: z.number().int(),
  action: z.enum(DONE_ACTIONS),
  /** The row or change it names (a sale's ref, a close's day#revision, a settings channel and its parts). */
  ref: z.string().max(200),
  /** For a money entry: its kind, paise (signed for a correction), the customer's number. */
  kind: z.enum(MONEY_ENTRY_KINDS).nullable(),
  amount: z.number().int().nullable(),
  number: z.string().max(32).nullable(),
});
export type DoneActionRow = z.infer<typeof doneActionSchema>;

/**
 * The owner's day by person (issue 38 item 2): each person's sales in one line, and every other
 * action they took (payments, corrections, give-backs, manual actions, counts, complaints, changes).
 */
export const peopleDaySchema = z.object({
  day: z.string(),
  people: z.array(
    z.object({
      who: doerSchema,
      sales: z.object({ count: z.number().int(), amount: z.number().int() }),
      actions: z.array(doneActionSchema),
    }),
  ),
  /** More was done that day than one answer carries: the newest are left out, and the screen says so. */
  truncated: z.boolean(),
});
export type PeopleDay = z.infer<typeof peopleDaySchema>;

export const peopleDayRequestSchema = z.strictObject({ day: z.string().refine(isIsoDate, { error: 'Use a date like 2026-11-23.' }) });
