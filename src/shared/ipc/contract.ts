import * as z from 'zod';
import { peopleDayRequestSchema, peopleDaySchema } from '../people-day-schemas';
import { outcomeSchema } from '../outcomes/outcome-registry';
import { ANSWER_FIXES } from '../money-law/changed-answer-money';
import { practiceNumberSchema } from '../practice-numbers';
import { CHANNEL_NAMES, type ChannelName, type EventWireName } from './channel-names';
import {
  MAX_COMPLAINT_REASON_CHARS,
  SUBMIT_OUTCOMES,
  balanceSchema,
  complaintSchema,
  cursorSchema,
  historyRequestSchema,
  openRequestSchema,
  submitRequestSchema,
  txnEventSchema,
  txnViewSchema,
} from './txn-schemas';

import { settingsPatchSchema, settingsSchema } from '../settings-schema';
import { saleSchema, toGiveBackSchema, unreceivedSaleSchema } from '../payment/payment';
import { SETTLE_CHOICES } from '../payment/payment-parts';
import {
  accountWalletsRequestSchema,
  accountWalletsSchema,
  attemptsAnswerSchema,
  attemptsRequestSchema,
  doubleCheckedRequestSchema,
  doublesAnswerSchema,
  routeAnswerSchema,
  routeRequestSchema,
} from './route-schemas';
import { backupChoiceSchema, backupStatusSchema, restoreResultSchema } from './backup-schemas';
import {
  shopConfigureRequestSchema,
  shopHistoryRequestSchema,
  shopReportRequestSchema,
  shopReportSchema,
  shopStatusSchema,
  shopTxnSchema,
} from './shop-schemas';
import { shopDayRequestSchema, shopDaySchema } from './shop-day-schemas';

/** A notice the shopkeeper must read (a repaired ledger, a failed backup): state, read at start. */
const noticeSchema = z.object({
  id: z.string(),
  at: z.number().int(),
  level: z.enum(['info', 'warning', 'error']),
  /** What happened, as a registry code and its values: the screen words it in its language. */
  outcome: outcomeSchema,
  /** What it is about, when one code can be about several things at once (a refund's ref). */
  key: z.string().max(64),
});
import { printerListSchema, receiptRequests, receiptSchema } from '../receipt-schemas';
import { dayCloseChannels } from '../day-close-schemas';
import { customerChannels } from '../customer-schemas';
import { khataChannels } from '../khata/khata-schemas';
import { EXPORT_FORMATS, reportRangeSchema, reportSchema, walletStatementSchema } from '../report-schemas';
import { lockChannels, lockStatusSchema } from '../lock-schemas';
import { profileChannels } from './profile-schemas';
import { filesChannels } from '../files-schemas';
import { routingChannels } from './routing-schemas';
import { credentialSpec, shopValueSpec } from '../profiles/profile-v2';
import { shopChoicesSchema } from '../profiles/shop-choices';
import { setAsideSchema } from './set-aside-schema';

const authStatusSchema = z.object({
  mode: z.enum(['demo', 'live']),
  /** A live account (URL, username and token) is saved. */
  configured: z.boolean(),
  /** The saved token: "unreadable" when this computer can no longer decrypt it (ask for it again). */
  token: z.enum(['none', 'saved', 'unreadable']),
  username: z.string(),
  baseUrl: z.string(),
  backend: z.string(),
  weak: z.boolean(),
  weakAccepted: z.boolean(),
  /** The callback listener's URL to register at the provider, when it is on. */
  callbackUrl: z.string().nullable(),
  /** The credentials the account's profile declares: Settings asks for exactly these. */
  fields: z.array(credentialSpec),
  /** The saved plain credentials by name (never a secret). */
  values: z.record(z.string(), z.string()),
  /** False when every host of the profile has its own address: no address is asked. */
  needsAddress: z.boolean(),
  /** The host whose changed address removed the saved secrets, until they are typed again. */
  dropped: z.object({ en: z.string(), hi: z.string() }).nullable(),
  /** The values the profile lets the shop set (a circle), each asked with a choice of its own. */
  shopValues: z.array(shopValueSpec),
  /** What every call sends for each of them: the saved choice, else the document's default. */
  shop: z.record(z.string(), z.string()),
  /** Saved values the profile does not offer: not sent, said in Settings until chosen again. */
  shopSetAside: z.array(setAsideSchema),
});

/** What a connection test found: the wallet, or why not by reason (the provider's own words after). */
const connectionTestSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), buyer: z.number().int(), seller: z.number().int().nullable(), lien: z.number().int().nullable() }),
  z.object({
    ok: z.literal(false),
    reason: z.enum([
      'bad_credentials',
      'unreachable',
      'tls',
      'timeout',
      'provider_error',
      'profile_mismatch',
      'not_configured',
      'invalid_url',
      'not_https',
      'invalid_username',
      'invalid_credential',
      'token_needed',
    ]),
    /** The provider's own words, when it answered with a refusal: shown after the screen's own. */
    said: z.string().max(300),
  }),
]);

const credentialsInput = {
  baseUrl: z.string().max(500),
  /** Each credential the profile declares, by name; a secret left empty keeps the saved one. */
  credentials: z.record(z.string().regex(/^[a-z][a-z0-9_]{0,23}$/), z.string().max(500)).refine((c) => Object.keys(c).length <= 6),
};
/** Version 1's two credentials by their own names (the seed's callers), read as the map above. */
const v1Input = { username: z.string().max(100), token: z.string().max(500) };

const refRequest = z.strictObject({ refId: z.string().min(1).max(64) });

/**
 * The one declaration of everything that crosses between the renderer and the main process.
 * Channels are `domain:action`; both sides are typed from this object, and the main side parses
 * every request with its schema before any handler sees it. Requests are strict objects so that
 * stray keys (`__proto__`, typos) are refused rather than silently carried along.
 */
/** With routing on, the accounts whose provider cannot be reached now, by name (absent: routing off). */
const unreachableSchema = z.array(z.string().max(40)).max(5).optional();

export const contract = {
  channels: {
    'app:info': {
      request: z.strictObject({}),
      response: z.object({
        name: z.string(),
        version: z.string(),
        mode: z.enum(['demo', 'live']),
        dataDir: z.string(),
      }),
    },
    'app:update': {
      request: z.strictObject({}),
      response: z.object({
        status: z.enum(['unavailable', 'idle', 'checking', 'downloading', 'ready', 'error']),
        version: z.string().nullable(),
      }),
    },
    'app:saveDiagnostics': {
      request: z.strictObject({}),
      /** `saved: false` when the shopkeeper cancelled the save dialog. */
      response: z.object({ saved: z.boolean(), path: z.string().nullable() }),
    },
    'app:notices': {
      request: z.strictObject({}),
      response: z.object({ items: z.array(noticeSchema) }),
    },
    'app:dismissNotice': {
      request: z.strictObject({ id: z.string().min(1).max(32) }),
      response: z.object({ items: z.array(noticeSchema) }),
    },
    /** Demo mode's practice numbers (their endings and what each plays); none in live mode. */
    'app:practice': {
      request: z.strictObject({}),
      response: z.object({ numbers: z.array(practiceNumberSchema).max(20) }),
    },
    'backup:status': {
      request: z.strictObject({}),
      response: backupStatusSchema,
    },
    'backup:run': {
      request: z.strictObject({}),
      response: backupStatusSchema,
    },
    'backup:setFolder': {
      // '' takes the second folder away; anything else must be a folder RechargeDesk can write to.
      request: z.strictObject({ path: z.string().max(1000) }),
      response: backupStatusSchema,
    },
    'backup:list': {
      request: z.strictObject({}),
      response: z.object({ items: z.array(backupChoiceSchema) }),
    },
    'backup:restore': {
      // Any file: a listed backup, or one brought from another PC. It is checked before anything changes.
      request: z.strictObject({ path: z.string().min(1).max(1000) }),
      response: restoreResultSchema,
    },
    'backup:export': {
      // "Move to another PC": one file with the ledger and the settings (never the token).
      request: z.strictObject({ folder: z.string().min(1).max(1000) }),
      response: z.object({ path: z.string(), txns: z.number().int() }),
    },
    'backup:import': {
      // confirmAccount: the owner saw the provider address and username the file brings (move_account_confirm) and agreed.
      request: z.strictObject({ path: z.string().min(1).max(1000), confirmAccount: z.boolean().optional() }),
      // needsToken: the ledger of a live account was put in place; enter its token in Settings.
      response: restoreResultSchema.extend({ needsToken: z.boolean() }),
    },
    'app:restartToUpdate': {
      request: z.strictObject({}),
      response: z.object({ restarting: z.boolean() }),
    },
    'recharge:submit': {
      request: submitRequestSchema,
      // sale: how the customer paid, as the ledger kept it (null only for a ledger that could not say).
      response: z.object({ txn: txnViewSchema, outcome: z.enum(SUBMIT_OUTCOMES), sale: saleSchema.nullable().optional() }),
    },
    'recharge:route': { request: routeRequestSchema, response: routeAnswerSchema },
    'txn:attempts': { request: attemptsRequestSchema, response: attemptsAnswerSchema },
    'sale:doubles': { request: z.strictObject({}), response: doublesAnswerSchema },
    'sale:doubleChecked': { request: doubleCheckedRequestSchema, response: doublesAnswerSchema },
    'sale:unreceived': {
      // UPI sales whose money the shopkeeper has not yet seen arrive: a short list, newest first.
      request: z.strictObject({}),
      response: z.object({ items: z.array(unreceivedSaleSchema) }),
    },
    'sale:markReceived': {
      request: z.strictObject({ refId: z.string().min(1).max(64) }),
      response: z.object({ sale: saleSchema }),
    },
    'sale:toGiveBack': {
      // Failed or refunded sales whose paid part the shopkeeper has not yet given back or kept as credit.
      request: z.strictObject({}),
      response: z.object({ items: z.array(toGiveBackSchema) }),
    },
    'sale:settle': {
      request: z.strictObject({ refId: z.string().min(1).max(64), choice: z.enum(SETTLE_CHOICES) }),
      response: z.object({ sale: saleSchema }),
    },
    'sale:answerFix': {
      // After a changed answer: the money handed back was collected, or it all goes (back) on the due; recorded once.
      request: z.strictObject({ refId: z.string().min(1).max(64), choice: z.enum(ANSWER_FIXES) }),
      response: z.object({ change: outcomeSchema }),
    },
    'txn:history': {
      request: historyRequestSchema,
      response: z.object({ items: z.array(txnViewSchema), next: z.object({ createdAt: z.number(), id: z.number() }).nullable() }),
    },
    'txn:get': {
      request: refRequest,
      response: z.object({
        txn: txnViewSchema,
        events: z.array(txnEventSchema),
        complaints: z.array(complaintSchema),
        // Absent or null: a recharge made before sales were kept.
        sale: saleSchema.nullable().optional(),
        // Its provider has no complaint call (issue 36): how it takes complaints, shown instead of the button.
        complaintsBy: outcomeSchema.nullable().optional(),
      }),
    },
    'txn:open': {
      // Paged, newest first: ten thousand open transactions are many small replies, not one huge one.
      request: openRequestSchema,
      response: z.object({ items: z.array(txnViewSchema), next: cursorSchema.nullable() }),
    },
    'txn:check': {
      request: refRequest,
      response: z.object({ txn: txnViewSchema }),
    },
    'txn:answerChange': {
      // A Failure or refusal the provider's check later called a Success: the notice's words, for the card and History; null when its answer never changed.
      request: refRequest,
      response: z.object({ change: outcomeSchema.nullable() }),
    },
    'txn:lastForNumber': {
      request: z.strictObject({ number: z.string().min(1).max(32) }),
      response: z.object({ txn: txnViewSchema.nullable() }),
    },
    'balance:get': {
      request: z.strictObject({}),
      // The provider's no to the last balance request, until one is answered (absent: none known).
      // `online`: the counter can sell (routing on: some account answers); `unreachable`: with routing on, the accounts that do not, by name.
      response: z.object({
        balance: balanceSchema.nullable(),
        online: z.boolean(),
        unreachable: unreachableSchema,
        refused: outcomeSchema.nullable().optional(),
        // Why the figure is not a fresh read (issue 36): held back by the provider's limit, or no balance call.
        note: outcomeSchema.nullable().optional(),
      }),
    },
    'balance:accounts': { request: accountWalletsRequestSchema, response: accountWalletsSchema },
    'balance:refresh': {
      request: z.strictObject({}),
      response: z.object({ balance: balanceSchema, note: outcomeSchema.nullable().optional() }),
    },
    'complaint:create': {
      request: z.strictObject({
        refId: z.string().min(1).max(64),
        reason: z.string().max(MAX_COMPLAINT_REASON_CHARS, { error: `Keep the reason under ${MAX_COMPLAINT_REASON_CHARS} characters.` }),
      }),
      response: z.object({ complaint: complaintSchema }),
    },
    'auth:status': {
      request: z.strictObject({}),
      response: authStatusSchema,
    },
    'auth:save': {
      // A secret may be left empty to keep the saved one; none is ever sent back.
      request: z.union([
        z.strictObject({
          baseUrl: credentialsInput.baseUrl,
          credentials: credentialsInput.credentials,
          // The shop's choice per shop value (a circle); each must be one the profile offers.
          shop: shopChoicesSchema.optional(),
        }),
        z.strictObject({ baseUrl: credentialsInput.baseUrl, username: v1Input.username, token: v1Input.token.optional() }),
      ]),
      response: authStatusSchema,
    },
    'auth:clear': {
      request: z.strictObject({}),
      response: authStatusSchema,
    },
    'auth:test': {
      request: z.union([
        z.strictObject({
          baseUrl: credentialsInput.baseUrl.optional(),
          credentials: credentialsInput.credentials.optional(),
          // The shop values as chosen on screen (not yet saved): the test asks as a save would send.
          shop: shopChoicesSchema.optional(),
        }),
        z.strictObject({
          baseUrl: credentialsInput.baseUrl.optional(),
          username: v1Input.username.optional(),
          token: v1Input.token.optional(),
        }),
      ]),
      response: connectionTestSchema,
    },
    'settings:get': {
      request: z.strictObject({}),
      response: settingsSchema,
    },
    'settings:update': {
      request: settingsPatchSchema,
      response: settingsSchema,
    },
    'clipboard:write': {
      // Copying goes through main: the window's own clipboard access is refused by design.
      request: z.strictObject({ text: z.string().min(1).max(2000) }),
      response: z.object({ copied: z.literal(true) }),
    },
    // The shared shop ledger (issue 16, docs/shared-ledger.md).
    'shop:status': {
      request: z.strictObject({}),
      response: shopStatusSchema,
    },
    'shop:configure': {
      // url '' turns it off; the password goes to the vault, never to settings.json.
      request: shopConfigureRequestSchema,
      response: shopStatusSchema,
    },
    'shop:history': {
      // The whole shop, each row with its counter's name; this counter's own history is txn:history.
      request: shopHistoryRequestSchema,
      response: z.object({ items: z.array(shopTxnSchema) }),
    },
    'shop:report': {
      // Totals per counter over a range (the owner's day or month), this counter included.
      request: shopReportRequestSchema,
      response: shopReportSchema,
    },
    'shop:day': {
      // The owner's whole-shop day: every counter's money and close, and the shop's total (issue 37).
      request: shopDayRequestSchema,
      response: shopDaySchema,
    },
    'complaint:list': {
      request: z.strictObject({}),
      response: z.object({ items: z.array(complaintSchema.extend({ txn: txnViewSchema.nullable() })) }),
    },
    'report:summary': { request: reportRangeSchema, response: reportSchema },
    'report:wallet': { request: reportRangeSchema, response: walletStatementSchema },
    'report:people': { request: peopleDayRequestSchema, response: peopleDaySchema },
    'report:export': {
      request: reportRangeSchema.extend({ format: z.enum(EXPORT_FORMATS) }),
      // path is null when the shopkeeper cancelled the save dialog.
      response: z.object({ path: z.string().nullable(), rows: z.number().int() }),
    },
    'receipt:get': { request: receiptRequests.get, response: z.object({ receipt: receiptSchema, whatsappUrl: z.string() }) },
    'receipt:print': { request: receiptRequests.print, response: z.object({ printed: z.boolean() }) },
    'receipt:printers': { request: receiptRequests.printers, response: printerListSchema },
    'dayclose:get': dayCloseChannels.get,
    'dayclose:close': dayCloseChannels.close,
    'dayclose:list': dayCloseChannels.list,
    'customer:get': customerChannels.get,
    'customer:save': customerChannels.save,
    'customer:find': customerChannels.find,
    'customer:names': customerChannels.names,
    'customer:due': customerChannels.due,
    'customer:atCounter': customerChannels.atCounter,
    'customer:validity': customerChannels.validity,
    'customer:setValidity': customerChannels.setValidity,
    'khata:get': khataChannels.get,
    'khata:pay': khataChannels.pay,
    'khata:correct': khataChannels.correct,
    'khata:setLimit': khataChannels.setLimit,
    'khata:setLang': khataChannels.setLang,
    'khata:dues': khataChannels.dues,
    'khata:reminder': khataChannels.reminder,
    'lock:status': lockChannels.status,
    'lock:setPin': lockChannels.setPin,
    'lock:unlock': lockChannels.unlock,
    'lock:lock': lockChannels.lock,
    'lock:touch': lockChannels.touch,
    'lock:resetPin': lockChannels.resetPin,
    'lock:addPerson': lockChannels.addPerson,
    'lock:renamePerson': lockChannels.renamePerson,
    'lock:resetPersonPin': lockChannels.resetPersonPin,
    'lock:removePerson': lockChannels.removePerson,
    'profile:list': profileChannels.list,
    'profile:check': profileChannels.check,
    'profile:use': profileChannels.use,
    'profile:bench': profileChannels.bench,
    'profile:test': { ...profileChannels.test, response: connectionTestSchema },
    'profile:export': profileChannels.export,
    'files:choose': filesChannels.choose,
    'files:list': filesChannels.list,
    'routing:get': routingChannels.get,
    'routing:save': routingChannels.save,
    'routing:resume': routingChannels.resume,
    'routing:setToken': routingChannels.setToken,
  } satisfies Record<ChannelName, unknown>,
  events: {
    /** Owner or staff, as main decided it (unlocked, locked, idle, PIN set). */
    'lock:changed': lockStatusSchema,
    'txn:updated': z.object({ txn: txnViewSchema }),
    'app:updateReady': z.object({ version: z.string() }),
    'balance:updated': z.object({ balance: balanceSchema }),
    'connection:changed': z.object({ online: z.boolean(), unreachable: unreachableSchema }),
    /** A notice just added to main's notice board (the board is the state: `app:notices`). */
    'app:notice': noticeSchema,
    /** Main took a notice back (its cause is gone): the screen asks the board again. */
    'app:noticeCleared': z.object({}),
    /**
     * The owner's routing rules changed (saved in Settings, a token typed, brought by a move file):
     * the header and History ask for the accounts again, whichever screen made the change.
     */
    'routing:changed': z.object({}),
  } satisfies Record<EventWireName, unknown>,
} as const;

export type Contract = typeof contract;
export type Channel = keyof Contract['channels'];
export type EventName = keyof Contract['events'];
export type RequestOf<C extends Channel> = z.input<Contract['channels'][C]['request']>;
export type ParsedRequestOf<C extends Channel> = z.output<Contract['channels'][C]['request']>;
export type ResponseOf<C extends Channel> = z.output<Contract['channels'][C]['response']>;
export type EventPayloadOf<E extends EventName> = z.output<Contract['events'][E]>;

// The same names as the contract's keys: `satisfies` above refuses a channel missing from either.
export const CHANNELS: readonly Channel[] = CHANNEL_NAMES;

export function isChannel(name: string): name is Channel {
  return Object.prototype.hasOwnProperty.call(contract.channels, name);
}
