import * as z from 'zod';
import { PAYEE, PAYEE_MAX, SALE_REF, VPA, VPA_MAX } from './upi-link';

/** The shop's UPI settings as the settings file holds them, from the patterns of upi-link.ts. */
export const vpaSchema = z.string().trim().max(VPA_MAX).regex(VPA);
export const payeeSchema = z.string().trim().min(1).max(PAYEE_MAX).regex(PAYEE);

/** A UPI ID: '' for none, or a valid one. */
export const upiSettingsSchema = z.object({
  vpa: z.union([z.literal(''), vpaSchema]).default(''),
  payee: z.union([z.literal(''), payeeSchema]).default(''),
});

/** A sale's own reference for UPI (tr). */
export const saleRefSchema = z.string().regex(SALE_REF);
