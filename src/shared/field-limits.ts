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

/**
 * The range of every number the shopkeeper can set, inclusive. settings-schema.ts builds its checks
 * from these and the Settings screen reads them for its own check and message: one place to change.
 */
export const SETTING_LIMITS = {
  duplicateWindowMinutes: { min: 0, max: 60 },
  /** An amount this many times a regular's usual, or that fraction of it, is named on the confirmation (0: never). */
  unusualAmountTimes: { min: 0, max: 20 },
  firstCheckSeconds: { min: 1, max: 600 },
  maxIntervalMinutes: { min: 1, max: 60 },
  maxOpenHours: { min: 1, max: 24 * 30 },
  maxInFlight: { min: 1, max: 10 },
  ratePerSecond: { min: 1, max: 50 },
  lowBalanceRupees: { min: 0, max: 10_000_000 },
  callbackPort: { min: 1, max: 65_535 },
  idleMinutes: { min: 0, max: 240 },
  duplicateOverrideRupees: { min: 0, max: 1_000_000 },
  /** The shop's default credit limit per customer (0: no credit without the warning). */
  creditLimitRupees: { min: 0, max: 100_000 },
} as const;

/** The most a customer's own credit limit may be, paise: the shop default's bound, whoever sets it. */
export const CREDIT_LIMIT_MAX_PAISE = SETTING_LIMITS.creditLimitRupees.max * 100;

/**
 * The least a safety setting may be when it comes from a file (a move file, a backup's settings)
 * rather than from the owner's own hand on this PC's Settings screen: a file can be written by
 * anyone with the USB drive, and these are the settings that protect the wallet.
 */
export const SAFETY_FLOORS = {
  // 0 turns off the warning before the same number and amount are paid for twice.
  duplicateWindowMinutes: 1,
  // 0 never warns before the wallet runs dry, and recharges then fail at the counter.
  lowBalanceRupees: 100,
} as const;

/** The longest text each setting takes (characters), for the schemas and the inputs' maxLength. */
export const SETTING_TEXT_MAX = {
  /** The shop's name, and each address line, on a receipt. */
  shopText: 120,
  printer: 200,
  /** A counter's name in the shared shop ledger. */
  counterName: 40,
  /** A GST number: GSTIN_PATTERN is this long. */
  gstin: 15,
} as const;

// State code, PAN (5 letters, 4 digits, letter), entity number, Z, check character.
export const GSTIN_PATTERN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
