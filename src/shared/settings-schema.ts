import * as z from 'zod';
import { DEFAULT_PROFILE_ID } from './profiles/profile-ids';
import { profileIdSchema } from './ipc/profile-schemas';
import { isListenHost, LISTEN_HOST_MESSAGE } from './listen-host';
import { SHOP_TLS_MODES } from './ipc/shop-schemas';
import { GSTIN_PATTERN, RECEIPT_PAPERS, SETTING_LIMITS, SETTING_TEXT_MAX } from './field-limits';
import { LANGUAGES } from './language';
import { withoutShopPassword } from './shop-url';
import { payeeSchema, upiSettingsSchema, vpaSchema } from './payment/upi';
import { shopChoicesSchema } from './profiles/shop-choices';

const listenHost = z.string().max(253).refine(isListenHost, { message: LISTEN_HOST_MESSAGE });

export { RECEIPT_PAPERS };
export const languageSchema = z.enum(LANGUAGES);
export type ReceiptPaper = (typeof RECEIPT_PAPERS)[number];
const SHOP_TEXT_MAX = SETTING_TEXT_MAX.shopText;

/** A whole number in one of SETTING_LIMITS' ranges (the Settings screen checks the same). */
function whole({ min, max }: { readonly min: number; readonly max: number }) {
  return z.number().int().min(min).max(max);
}

/**
 * Everything the shopkeeper can set, with defaults. The token is not here: it lives in the vault.
 * Each section defaults on its own, so a file missing a section (an older version, a hand edit)
 * still loads with the rest intact.
 */
export const settingsSchema = z.object({
  version: z.literal(1),
  installPrefix: z.string().regex(/^[0-9A-Z]{4}$/),
  mode: z.enum(['demo', 'live']).default('demo'),
  provider: z
    .object({
      baseUrl: z.string().max(500).default(''),
      /** The account's name at the provider: the value of its profile's first plain credential. */
      username: z.string().max(100).default(''),
      /** The profile's other plain credentials, by name; its secrets are in the vault, never here. */
      values: z.record(z.string().max(24), z.string().max(500)).optional(),
      /** The shop's choice per shop value of its profile (a circle); checked against the profile when read. */
      shop: shopChoicesSchema.optional(),
      /**
       * The provider's dialect: a built-in profile or one the owner imported (kept in the data
       * folder's profiles/). A name that is not there stops the live session with plain words,
       * never falls back to another dialect.
       */
      profile: profileIdSchema.default(DEFAULT_PROFILE_ID),
    })
    .default({ baseUrl: '', username: '', profile: DEFAULT_PROFILE_ID }),
  /**
   * Accounts whose secrets were removed because their profile now sends to another address, with
   * that host's words: said until the owner types them again (issue 36).
   */
  secretsDropped: z.record(z.string().max(24), z.object({ en: z.string().max(60), hi: z.string().max(60) }).nullable()).default({}),
  recharge: z
    .object({
      duplicateWindowMinutes: whole(SETTING_LIMITS.duplicateWindowMinutes).default(3),
      /** An amount this many times a regular's usual (or that fraction of it) is named on the confirmation; 0: never. */
      unusualAmountTimes: whole(SETTING_LIMITS.unusualAmountTimes).default(2),
    })
    .default({ duplicateWindowMinutes: 3, unusualAmountTimes: 2 }),
  poller: z
    .object({
      firstCheckSeconds: whole(SETTING_LIMITS.firstCheckSeconds).default(3),
      maxIntervalMinutes: whole(SETTING_LIMITS.maxIntervalMinutes).default(5),
      maxOpenHours: whole(SETTING_LIMITS.maxOpenHours).default(72),
      maxInFlight: whole(SETTING_LIMITS.maxInFlight).default(3),
      ratePerSecond: whole(SETTING_LIMITS.ratePerSecond).default(5),
    })
    .default({ firstCheckSeconds: 3, maxIntervalMinutes: 5, maxOpenHours: 72, maxInFlight: 3, ratePerSecond: 5 }),
  lowBalanceRupees: whole(SETTING_LIMITS.lowBalanceRupees).default(500),
  /** The khata's default credit limit per customer (issue 30); a customer's own limit overrides it. */
  creditLimitRupees: whole(SETTING_LIMITS.creditLimitRupees).default(1000),
  language: languageSchema.default('en'),
  callbackListener: z
    .object({
      enabled: z.boolean().default(false),
      // A hand-edited file with a wildcard or broken host falls back to loopback, not to defaults for all.
      host: listenHost.default('127.0.0.1').catch('127.0.0.1'),
      port: whole(SETTING_LIMITS.callbackPort).default(8090),
    })
    .default({ enabled: false, host: '127.0.0.1', port: 8090 }),
  /** The shopkeeper accepted, in main's own dialog, that this machine can only keep the token weakly protected. */
  acceptWeakTokenProtection: z.boolean().default(false),
  /** A second folder for backups (USB drive, second disk); '' for none. Set through backup:setFolder, which checks it. */
  backup: z.object({ secondFolder: z.string().max(1000).default('') }).default({ secondFolder: '' }),
  /** What a receipt says about the shop, and how it is printed. */
  shop: z
    .object({
      name: z.string().max(SHOP_TEXT_MAX).default(''),
      address: z.string().max(SHOP_TEXT_MAX).default(''),
      gstin: z.string().max(20).default(''),
      /** Show only the last 4 digits of the customer's number on receipts. */
      maskNumber: z.boolean().default(false),
      /** The result card faces the customer too: the shop's commission shows there only when asked. */
      showCommission: z.boolean().default(false),
      paper: z.enum(RECEIPT_PAPERS).default('80mm'),
      /** The printer's name as the OS knows it; empty asks each time. */
      printer: z.string().max(SETTING_TEXT_MAX.printer).default(''),
    })
    .default({ name: '', address: '', gstin: '', maskNumber: false, showCommission: false, paper: '80mm', printer: '' }),
  /**
   * The shared shop ledger (issue 16, docs/shared-ledger.md): '' for none, the counter alone as
   * before. Set through shop:configure; the password is in the vault, never here.
   */
  shopLedger: z
    .object({
      // Never a password in the address: one in a file (an older version, a hand edit, a move
      // file) is taken out on load and the file written again without it.
      url: z.string().max(500).transform(withoutShopPassword).default(''),
      tls: z.enum(SHOP_TLS_MODES).default('require'),
      counterName: z.string().max(SETTING_TEXT_MAX.counterName).default(''),
    })
    .default({ url: '', tls: 'require', counterName: '' }),
  /** The owner lock (issue 15): the PIN itself is not here, it is in its own file (core/lock/pin-store.ts). */
  lock: z
    .object({
      /** Back to staff after this many idle minutes; 0 = never. */
      idleMinutes: whole(SETTING_LIMITS.idleMinutes).default(10),
      /** A duplicate warning on a recharge above this many rupees needs the owner to send anyway. */
      duplicateOverrideRupees: whole(SETTING_LIMITS.duplicateOverrideRupees).default(500),
    })
    .default({ idleMinutes: 10, duplicateOverrideRupees: 500 }),
  /** The shop's business UPI ID and the name its bank shows (issue 30): '' until the owner sets them. */
  // A hand-edited file with a broken ID drops to none, not to defaults for everything.
  upi: upiSettingsSchema.default({ vpa: '', payee: '' }).catch({ vpa: '', payee: '' }),
});

export type Settings = z.infer<typeof settingsSchema>;

/** What settings:update may change: anything but the version and the install prefix. */
export const settingsPatchSchema = z.strictObject({
  mode: z.enum(['demo', 'live']).optional(),
  recharge: z
    .strictObject({
      duplicateWindowMinutes: whole(SETTING_LIMITS.duplicateWindowMinutes).optional(),
      unusualAmountTimes: whole(SETTING_LIMITS.unusualAmountTimes).optional(),
    })
    .optional(),
  poller: z
    .strictObject({
      firstCheckSeconds: whole(SETTING_LIMITS.firstCheckSeconds).optional(),
      maxIntervalMinutes: whole(SETTING_LIMITS.maxIntervalMinutes).optional(),
      maxOpenHours: whole(SETTING_LIMITS.maxOpenHours).optional(),
      maxInFlight: whole(SETTING_LIMITS.maxInFlight).optional(),
      ratePerSecond: whole(SETTING_LIMITS.ratePerSecond).optional(),
    })
    .optional(),
  lowBalanceRupees: whole(SETTING_LIMITS.lowBalanceRupees).optional(),
  creditLimitRupees: whole(SETTING_LIMITS.creditLimitRupees).optional(),
  language: languageSchema.optional(),
  callbackListener: z
    .strictObject({
      enabled: z.boolean().optional(),
      host: listenHost.optional(),
      port: whole(SETTING_LIMITS.callbackPort).optional(),
    })
    .optional(),
  // acceptWeakTokenProtection is missing on purpose: a security decision the renderer must not
  // make. Main sets it after a native dialog (the app) or a CLI flag (the harness).
  shop: z
    .strictObject({
      name: z.string().max(SHOP_TEXT_MAX).optional(),
      address: z.string().max(SHOP_TEXT_MAX).optional(),
      gstin: z
        .string()
        .regex(GSTIN_PATTERN, { error: 'A GST number has 15 letters and digits, like 27ABCDE1234F1Z5.' })
        .or(z.literal(''))
        .optional(),
      maskNumber: z.boolean().optional(),
      showCommission: z.boolean().optional(),
      paper: z.enum(RECEIPT_PAPERS).optional(),
      printer: z.string().max(SETTING_TEXT_MAX.printer).optional(),
    })
    .optional(),
  lock: z
    .strictObject({
      idleMinutes: whole(SETTING_LIMITS.idleMinutes).optional(),
      duplicateOverrideRupees: whole(SETTING_LIMITS.duplicateOverrideRupees).optional(),
    })
    .optional(),
  upi: z.strictObject({ vpa: vpaSchema.or(z.literal('')).optional(), payee: payeeSchema.or(z.literal('')).optional() }).optional(),
});
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

/**
 * Versioned migrations of the raw file: index N upgrades a file of version N to N+1. Version 0 is
 * a file written before versions existed (or by hand without one).
 */
export const SETTINGS_MIGRATIONS: readonly ((raw: Record<string, unknown>) => Record<string, unknown>)[] = [
  (raw) => ({ ...raw, version: 1 }),
];

export const SETTINGS_VERSION = SETTINGS_MIGRATIONS.length;
