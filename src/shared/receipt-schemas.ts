import * as z from 'zod';
import { languageSchema, RECEIPT_PAPERS } from './settings-schema';
import { TXN_STATUSES } from './status';
import { PAYMENT_METHODS } from './payment/payment-parts';

/** Everything a printed or shared receipt shows, already masked as the shop asked. */
export const receiptSchema = z.object({
  shop: z.object({ name: z.string(), address: z.string(), gstin: z.string() }),
  /** The number as printed: grouped for reading, or all but the last 4 digits hidden. */
  number: z.string(),
  category: z.enum(['mobile', 'dth']),
  operator: z.string(),
  amount: z.number().int(),
  status: z.enum(TXN_STATUSES),
  refId: z.string(),
  txnId: z.string().nullable(),
  optId: z.string().nullable(),
  /** India time, as the shopkeeper and the customer read it. */
  date: z.string(),
  time: z.string(),
  /** The named person who made the sale (issue 38): absent for the owner, a shared PIN, or a sale before names. */
  servedBy: z.string().max(200).optional(),
  /**
   * How the customer paid (absent: not recorded). upiUri: the sale's UPI link while its UPI part
   * is not yet received, printed as a QR for the customer to pay from the receipt.
   */
  payment: z
    .object({
      method: z.enum(PAYMENT_METHODS),
      cash: z.number().int(),
      upi: z.number().int(),
      credit: z.number().int(),
      upiReceived: z.boolean(),
      upiUri: z.string().nullable(),
    })
    .optional(),
});
export type Receipt = z.infer<typeof receiptSchema>;

export const receiptRequests = {
  get: z.strictObject({ refId: z.string().min(1).max(64), language: languageSchema }),
  print: z.strictObject({
    paper: z.enum(RECEIPT_PAPERS),
    /** The receipt's printed height, so a roll printer cuts after it and not 200 mm later. */
    heightMm: z.number().int().min(30).max(1000),
  }),
  printers: z.strictObject({}),
};

/** The OS's printers as main read them; names are the OS's own, shown as they are. */
export const printerListSchema = z.object({
  printers: z.array(z.object({ name: z.string().min(1).max(256), displayName: z.string().max(256) })).max(200),
});
