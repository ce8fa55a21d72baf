import * as z from 'zod';
import { isListenHost, LISTEN_HOST_MESSAGE } from './listen-host';
import { SHOP_TLS_MODES } from './ipc/shop-schemas';
import { RECEIPT_PAPERS } from './field-limits';
import { LANGUAGES } from './language';

const listenHost = z.string().max(253).refine(isListenHost, { message: LISTEN_HOST_MESSAGE });

export { RECEIPT_PAPERS };
export const languageSchema = z.enum(LANGUAGES);
export type ReceiptPaper = (typeof RECEIPT_PAPERS)[number];
const SHOP_TEXT_MAX = 120;
// State code, PAN (5 letters, 4 digits, letter), entity number, Z, check character.
const GSTIN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

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
      username: z.string().max(20).default(''),
    })
    .default({ baseUrl: '', username: '' }),
  recharge: z
    .object({
      duplicateWindowMinutes: z.number().int().min(0).max(60).default(3),
    })
    .default({ duplicateWindowMinutes: 3 }),
  poller: z
    .object({
      firstCheckSeconds: z.number().int().min(1).max(600).default(3),
      maxIntervalMinutes: z.number().int().min(1).max(60).default(5),
      maxOpenHours: z
        .number()
        .int()
        .min(1)
        .max(24 * 30)
        .default(72),
      maxInFlight: z.number().int().min(1).max(10).default(3),
      ratePerSecond: z.number().int().min(1).max(50).default(5),
    })
    .default({ firstCheckSeconds: 3, maxIntervalMinutes: 5, maxOpenHours: 72, maxInFlight: 3, ratePerSecond: 5 }),
  lowBalanceRupees: z.number().int().min(0).max(10_000_000).default(500),
  language: languageSchema.default('en'),
  callbackListener: z
    .object({
      enabled: z.boolean().default(false),
      // A hand-edited file with a wildcard or broken host falls back to loopback, not to defaults for all.
      host: listenHost.default('127.0.0.1').catch('127.0.0.1'),
      port: z.number().int().min(1).max(65535).default(8090),
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
      paper: z.enum(RECEIPT_PAPERS).default('80mm'),
      /** The printer's name as the OS knows it; empty asks each time. */
      printer: z.string().max(200).default(''),
    })
    .default({ name: '', address: '', gstin: '', maskNumber: false, paper: '80mm', printer: '' }),
  /**
   * The shared shop ledger (issue 16, docs/shared-ledger.md): '' for none, the counter alone as
   * before. Set through shop:configure; the password is in the vault, never here.
   */
  shopLedger: z
    .object({
      url: z.string().max(500).default(''),
      tls: z.enum(SHOP_TLS_MODES).default('require'),
      counterName: z.string().max(40).default(''),
    })
    .default({ url: '', tls: 'require', counterName: '' }),
  /** The owner lock (issue 15): the PIN itself is not here, it is in its own file (core/lock/pin-store.ts). */
  lock: z
    .object({
      /** Back to staff after this many idle minutes; 0 = never. */
      idleMinutes: z.number().int().min(0).max(240).default(10),
      /** A duplicate warning on a recharge above this many rupees needs the owner to send anyway. */
      duplicateOverrideRupees: z.number().int().min(0).max(1_000_000).default(500),
    })
    .default({ idleMinutes: 10, duplicateOverrideRupees: 500 }),
});

export type Settings = z.infer<typeof settingsSchema>;

/** What settings:update may change: anything but the version and the install prefix. */
export const settingsPatchSchema = z.strictObject({
  mode: z.enum(['demo', 'live']).optional(),
  recharge: z.strictObject({ duplicateWindowMinutes: z.number().int().min(0).max(60).optional() }).optional(),
  poller: z
    .strictObject({
      firstCheckSeconds: z.number().int().min(1).max(600).optional(),
      maxIntervalMinutes: z.number().int().min(1).max(60).optional(),
      maxOpenHours: z
        .number()
        .int()
        .min(1)
        .max(24 * 30)
        .optional(),
      maxInFlight: z.number().int().min(1).max(10).optional(),
      ratePerSecond: z.number().int().min(1).max(50).optional(),
    })
    .optional(),
  lowBalanceRupees: z.number().int().min(0).max(10_000_000).optional(),
  language: languageSchema.optional(),
  callbackListener: z
    .strictObject({
      enabled: z.boolean().optional(),
      host: listenHost.optional(),
      port: z.number().int().min(1).max(65535).optional(),
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
        .regex(GSTIN, { error: 'A GST number has 15 letters and digits, like 27ABCDE1234F1Z5.' })
        .or(z.literal(''))
        .optional(),
      maskNumber: z.boolean().optional(),
      paper: z.enum(RECEIPT_PAPERS).optional(),
      printer: z.string().max(200).optional(),
    })
    .optional(),
  lock: z
    .strictObject({
      idleMinutes: z.number().int().min(0).max(240).optional(),
      duplicateOverrideRupees: z.number().int().min(0).max(1_000_000).optional(),
    })
    .optional(),
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
