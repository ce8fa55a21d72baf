/**
 * Limits and choices both the forms and the schemas hold input to, as plain values: the counter's
 * first script reads them without carrying zod and the schemas (they load with the first answer).
 */

/** One limit for a complaint's reason: the form, the contract and the service all use it. */
export const MAX_COMPLAINT_REASON_CHARS = 500;

export const SHOP_TLS_MODES = ['disable', 'require', 'verify-full'] as const;

export const RECEIPT_PAPERS = ['58mm', '80mm', 'a4'] as const;

export const PIN_MIN_DIGITS = 4;
export const PIN_MAX_DIGITS = 8;

/** One wallet statement shows this many readings at most (a busy day has a reading per recharge). */
export const MAX_WALLET_READINGS = 500;
