import * as z from 'zod';
import { saleRefSchema } from './upi';
import { PAYMENT_METHODS, SETTLE_CHOICES } from './payment-parts';

const rupees = z.number().int().min(0).max(1_000_000);

/**
 * The payment as the counter sends it with a recharge (whole rupees, like the amount). Split
 * says how much of it is cash; the rest is UPI. A UPI part carries the sale reference its QR showed.
 */
export const paymentRequestSchema = z.strictObject({
  method: z.enum(PAYMENT_METHODS),
  /** Split only: the cash part, in rupees; the rest of the amount is UPI. */
  cashRupees: rupees.optional(),
  saleRef: saleRefSchema.optional(),
});
export type PaymentRequest = z.infer<typeof paymentRequestSchema>;

/**
 * What moves the customer's money after a sale, one append-only entry each (the shared contract of
 * issue 30). upi_received: the shopkeeper saw the sale's UPI part arrive. credit_payment: the
 * customer paid towards the due (cash/UPI). correction: a signed move of the due naming the entry
 * (corrects) or sale (ref_id) it corrects. credit_reversed, given_back, kept_as_credit: what
 * became of the money of a failed or refunded sale (written by the money-close work); not_paid: a
 * failed UPI sale whose UPI never came (its UPI part, moving no money); split_not_paid: a failed
 * split whose UPI part never came (its cash part handed back; its UPI part moves no money).
 */
export const MONEY_ENTRY_KINDS = [
  'upi_received',
  'credit_payment',
  'correction',
  'credit_reversed',
  'given_back',
  'kept_as_credit',
  'not_paid',
  'split_not_paid',
] as const;
export type MoneyEntryKind = (typeof MONEY_ENTRY_KINDS)[number];

/** Sales of one payment method, each part in paise: the ledger's sum and the report's row. */
export const methodTotalSchema = z.object({
  method: z.enum(PAYMENT_METHODS),
  count: z.number().int(),
  cash: z.number().int(),
  upi: z.number().int(),
  credit: z.number().int(),
});

/** A sale as the ledger keeps it: each part in paise, adding up to the recharge's amount. */
export const saleSchema = z.object({
  refId: z.string(),
  saleRef: z.string().nullable(),
  method: z.enum(PAYMENT_METHODS),
  cash: z.number().int().min(0),
  upi: z.number().int().min(0),
  credit: z.number().int().min(0),
  createdAt: z.number().int(),
  /** When the shopkeeper marked the UPI part received; null while it is not (or there is none). */
  upiReceivedAt: z.number().int().nullable(),
  /** After a failure or refund: what was done with the paid part, and when; null until said. */
  settledAs: z.enum(SETTLE_CHOICES).nullable().optional(),
  settledAt: z.number().int().nullable().optional(),
  /** When its credit part came off the due (a failure or refund); null when it has not. */
  creditReversedAt: z.number().int().nullable().optional(),
  /**
   * The sale is over without a recharge and its paid part is still with the shop. A failed attempt
   * alone does not say so: with several accounts the sale may go on to another (issue 29).
   */
  toGiveBack: z.preprocess((v) => v === 1 || v === true, z.boolean()).optional(),
});
export type Sale = z.infer<typeof saleSchema>;

/** A UPI sale waiting to be marked received, with what the list shows of its recharge. */
export const unreceivedSaleSchema = saleSchema.extend({ number: z.string(), status: z.string() });
export type UnreceivedSale = z.infer<typeof unreceivedSaleSchema>;

/** A failed or refunded sale whose paid part is still with the shop: the "to give back" list. */
export const toGiveBackSchema = saleSchema.extend({ number: z.string(), status: z.string(), failedAt: z.number().int() });
export type ToGiveBack = z.infer<typeof toGiveBackSchema>;
