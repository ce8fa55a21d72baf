import * as z from 'zod';
import { isIsoDate } from './ist-date';
import { accountFiguresSchema } from './report-schemas';
import { doerSchema } from './lock-schemas';

export const dayCloseSchema = z.object({
  date: z.string(),
  /** 1 for the first closing; a recount adds 2, 3, … beside it. */
  revision: z.number().int(),
  closedAt: z.number(),
  /** Paise: what the drawer should hold, counted and the difference (counted − expected). */
  expected: z.number().int(),
  counted: z.number().int(),
  difference: z.number().int(),
  successCount: z.number().int(),
  openCount: z.number().int(),
  note: z.string(),
  /**
   * Paise: UPI the ledger expected, what the shop's UPI app listed as received for the day, and
   * the difference (counted − expected). The count and difference are null when the close did not
   * ask (no UPI at the shop); all three on closings recorded before the close asked.
   */
  upiExpected: z.number().int().nullable(),
  upiCounted: z.number().int().nullable(),
  upiDifference: z.number().int().nullable(),
  /** Who counted (issue 38): absent when not recorded (a close before names were kept). */
  countedBy: doerSchema.optional(),
});
export type DayClose = z.infer<typeof dayCloseSchema>;

/** A count of rows and their sum in paise. */
export const countAmount = z.object({ count: z.number().int(), amount: z.number().int() });
const p = z.number().int();

/**
 * The customer's money of one day (issue 30 item 5), in paise. Sales count on the day they were
 * made, whatever became of the recharge after; an entry (a payment, money given back, a credit
 * reversed) on the day it happened. So a refund after the day was closed lands in its own day,
 * and nothing is counted twice.
 */
export const dayMoneySchema = z.object({
  cash: z.object({
    /** Cash taken for the day's recharges (and, for recharges made before sales were kept, their successes). */
    sales: p,
    /** Cash the customers paid towards their dues. */
    payments: p,
    /** Cash handed back after failed or refunded recharges. */
    givenBack: p,
    /** sales + payments − givenBack: what the drawer should hold. */
    expected: p,
  }),
  upi: z.object({
    /** UPI sales marked received this day, and UPI paid towards dues: the UPI app's own list of the day. */
    received: p,
    payments: p,
    givenBack: p,
    expected: p,
  }),
  credit: z.object({
    /** Credit given on the day's sales. */
    given: p,
    /** Credit taken off dues after failed or refunded recharges. */
    reversed: p,
    /** Paid towards dues (cash and UPI). */
    collected: p,
    /** Paid money of failed sales kept as the customer's credit. */
    kept: p,
  }),
});
export type DayMoney = z.infer<typeof dayMoneySchema>;
export const isoDate = z.string().refine(isIsoDate, { error: 'Use a date like 2026-11-23.' });

export const dayCloseChannels = {
  get: {
    request: z.strictObject({ date: isoDate }),
    response: z.object({
      date: z.string(),
      /**
       * Paise the drawer should hold; null to staff until this day's count is recorded (they count
       * blind: a count made knowing the answer finds nothing). The successes' sum is withheld too.
       */
      expected: z.number().int().nullable(),
      success: z.object({ count: z.number().int(), amount: z.number().int().nullable() }),
      refunded: countAmount,
      failed: countAmount,
      open: countAmount,
      /** The customer's money of the day; null to staff until this day's count is recorded, as `expected`. */
      money: dayMoneySchema.nullable(),
      /** Failed or refunded sales whose paid part is still to be given back or kept as credit (any day). */
      toGiveBack: countAmount,
      /** UPI sales not yet marked received (any day): named on the close, since each one is missing from UPI expected. */
      upiWaiting: countAmount,
      /**
       * The close asks what the UPI app lists for the day: the shop has a UPI ID, or the day moved
       * UPI money, or a UPI sale is still waiting. Otherwise there is nothing to check it against.
       */
      upiAsked: z.boolean(),
      /** Every closing of this date, oldest first; empty when it is not closed. */
      closes: z.array(dayCloseSchema),
      /**
       * The day per provider account when the shop has more than one (issue 29); the totals above
       * are their sum. Empty to staff counting blind: the parts would add up to what is withheld.
       */
      byAccount: z.array(accountFiguresSchema).default([]),
    }),
  },
  close: {
    request: z.strictObject({
      date: isoDate,
      counted: z.number().int().min(0).max(100_000_000_00, { error: 'That is more cash than a counter holds. Check the amount.' }),
      /** Paise the shop's UPI app lists as received for the day; needed when the close asks (upiAsked). */
      upiCounted: z
        .number()
        .int()
        .min(0)
        .max(100_000_000_00, { error: 'That is more than a day’s UPI. Check the amount.' })
        .nullable()
        .default(null),
      note: z.string().max(200).default(''),
      /** The day is already closed and the shopkeeper chose to record a recount beside it. */
      recount: z.boolean().default(false),
    }),
    response: z.object({ close: dayCloseSchema }),
  },
  list: {
    request: z.strictObject({}),
    response: z.object({ items: z.array(dayCloseSchema) }),
  },
};
