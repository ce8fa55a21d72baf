import * as z from 'zod';
import { TXN_STATUSES } from './status';
import { CIRCLES } from './customer-rules';

export * from './customer-rules';

const customerNumber = z.string().min(1).max(32);
const paise = z.number().int();

/** One recharge in a customer's story, newest first. */
export const recentSchema = z.object({
  refId: z.string(),
  amount: paise,
  operator: z.string(),
  status: z.enum(TXN_STATUSES),
  createdAt: z.number(),
});

export const customerSchema = z.object({
  number: z.string(),
  /** '' when the shopkeeper has not named this number. */
  name: z.string(),
  operator: z.string().nullable(),
  circle: z.enum(CIRCLES).nullable(),
  /** The last successful recharge, its India-time date and amount. */
  lastAt: z.number().nullable(),
  lastDate: z.string().nullable(),
  lastAmount: paise.nullable(),
  /** India-time date the pack runs out: last success + the validity set for its amount. */
  dueDate: z.string().nullable(),
  /** The amount this number is recharged with most often (recent successes), for a repeat. */
  usualAmount: paise.nullable(),
});
export type Customer = z.infer<typeof customerSchema>;

export const validitySchema = z.object({
  defaultDays: z.number().int(),
  items: z.array(z.object({ amount: paise, days: z.number().int() })),
});

export const customerChannels = {
  get: {
    request: z.strictObject({ number: customerNumber }),
    response: z.object({ customer: customerSchema.nullable(), recent: z.array(recentSchema) }),
  },
  save: {
    // Wire bounds only: the service names what is wrong (too long, control characters) in words.
    request: z.strictObject({
      number: customerNumber,
      name: z.string().max(500),
      operator: z.string().max(16).nullable().default(null),
      circle: z.enum(CIRCLES).nullable().default(null),
    }),
    response: z.object({ customer: customerSchema }),
  },
  find: {
    request: z.strictObject({ query: z.string().max(64), limit: z.number().int().min(1).max(50).default(8) }),
    response: z.object({ items: z.array(customerSchema) }),
  },
  names: {
    // The numbers on screen (a page of history): which of them the shopkeeper has named.
    request: z.strictObject({ numbers: z.array(customerNumber).max(500) }),
    response: z.object({ items: z.array(z.object({ number: z.string(), name: z.string() })) }),
  },
  due: {
    request: z.strictObject({}),
    /** today: the shop's India-time date; each item is due (or lapsed) within DUE_WINDOW_DAYS of it. */
    response: z.object({ today: z.string(), items: z.array(customerSchema) }),
  },
  atCounter: {
    // A complete number typed at the counter, in one ask: its book entry (name, usual amount, due
    // date) and, when it is itself unknown, a regular one slip away from it (the wrong-number guard).
    // khataDue: what the number owes on the khata, paise (negative: an advance the shop holds).
    request: z.strictObject({ number: customerNumber }),
    response: z.object({
      customer: customerSchema.nullable(),
      regular: z.object({ number: z.string(), name: z.string() }).nullable(),
      khataDue: z.number().int(),
    }),
  },
  validity: { request: z.strictObject({}), response: validitySchema },
  setValidity: {
    request: z.strictObject({
      amount: z.number().int().positive().max(1_000_000),
      // null: back to the default. Out of range is refused by the service in words.
      days: z.number().int().min(-100_000).max(100_000).nullable(),
    }),
    response: validitySchema,
  },
};
