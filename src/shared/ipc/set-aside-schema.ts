import * as z from 'zod';

const words = z.object({ en: z.string(), hi: z.string() });

/** A saved shop value the account's profile does not offer, as Settings is told of it (shop-choices.ts). */
export const setAsideSchema = z.object({ name: z.string(), label: words, saved: z.string(), sent: words });
