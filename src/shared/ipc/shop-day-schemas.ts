import * as z from 'zod';
import { countAmount, isoDate } from '../day-close-schemas';

const paise = z.number().int();
const cashUpi = z.object({ cash: paise, upi: paise });

/** A counter's close of the day as it counted it (its newest revision): the close's own expected, never recomputed. */
export const shopDayCloseSchema = z.object({
  revision: z.number().int(),
  closedAt: z.number().int(),
  counted: paise,
  upiCounted: paise.nullable(),
  /** What that counter's screen expected when it counted; the difference is counted − this. */
  expected: paise,
  upiExpected: paise.nullable(),
  difference: paise,
  upiDifference: paise.nullable(),
  /** Who counted, as that counter named them; null when not recorded. */
  byName: z.string().nullable(),
});

/** One day's money of a counter, or of the shop, in paise. */
const dayFigures = z.object({
  /** The day's sales by how they were paid: how many, and their total. */
  sales: z.object({ cash: countAmount, upi: countAmount, credit: countAmount, split: countAmount }),
  /** Paid towards dues, by drawer. */
  payments: cashUpi,
  /** Handed back after failed or refunded recharges, by drawer. */
  givenBack: cashUpi,
  /** What the drawer and the UPI app should hold, from the day's sales and entries (the close's rule). */
  expected: cashUpi,
});

export const shopDayRequestSchema = z.strictObject({ date: isoDate });

export const shopDaySchema = z.object({
  date: z.string(),
  counters: z.array(
    dayFigures.extend({
      counter: z.string(),
      counterName: z.string(),
      own: z.boolean(),
      /** Its newest close of the day, or null when it has not closed it. */
      close: shopDayCloseSchema.nullable(),
    }),
  ),
  total: dayFigures.extend({
    /** The counted cash and UPI of the counters that closed. */
    counted: cashUpi,
    closed: z.number().int(),
    /** Counted − expected over the whole shop, once every counter has closed; null before. */
    difference: cashUpi.nullable(),
  }),
});
export type ShopDay = z.infer<typeof shopDaySchema>;
