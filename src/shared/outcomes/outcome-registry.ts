import * as z from 'zod';
import { TXN_STATUSES } from '../status';
import { MONEY_ENTRY_REFUSALS } from '../money-law/money-entry-law';
import { CUSTOMER_TEXT_FIELDS, CUSTOMER_TEXT_PROBLEMS } from '../customer-text';

/**
 * Every outcome the shopkeeper can meet (refusals, errors, warnings, notices, start-up failures),
 * declared once with the schema of its parameters. The core raises a code and typed values, never
 * a sentence; the words live in one catalogue (`shared/words`), in English and Hindi, and a code
 * without words there does not compile. Money is in paise, times are instants (ms), so each
 * language formats them its own way.
 */

const paise = z.number().int();
const instant = z.number().int().nonnegative();
/** A file or folder the shopkeeper chose or must find: shown, never used as a path from here. */
const place = z.string().max(1000);
/** A short technical cue (an OS error code, a printer's word) shown after the plain words. */
const cue = z.string().max(200);
/** A profile's own words for a field or a host, in both languages (the profile is data, not the core). */
/** Which text customers read was refused, and why (shared/customer-text.ts). */
const customerText = z.object({ field: z.enum(CUSTOMER_TEXT_FIELDS), problem: z.enum(CUSTOMER_TEXT_PROBLEMS), max: z.number().int() });
const bilingualLabel = z.object({ en: z.string().max(60), hi: z.string().max(60) });

/** The recharge a refusal is about: the one it matched, not merely the newest for the number. */
/** Why a provider profile is refused (see shared/profiles/profile-check.ts). */
export const PROFILE_FAULT_KINDS = [
  'field_unmapped',
  'guesses_failure',
  'bad_pattern',
  'sample_misread',
  'reference_unsupported',
  'id_taken',
  // Issue 35 item 8: a profile cannot weaken the money law.
  'closes_silence',
  'closes_without_word',
  'closes_open_word',
  'pattern_too_slow',
  'profile_too_large',
  'version_taken',
  'too_many_patterns',
  // Issue 36 item 5: facts read inside a field, and a status that says "see the message".
  'closes_by_message_pattern',
  'bad_capture',
  'capture_too_slow',
] as const;
export type ProfileFaultKind = (typeof PROFILE_FAULT_KINDS)[number];

/** What the profile workbench finds wrong in a pasted profile, each on its line (issue 36 item 9). */
export const PROFILE_PROBLEM_KINDS = [
  'too_large',
  'not_json',
  'too_deep',
  'forbidden_key',
  'duplicate_key',
  'not_a_profile',
  'missing',
  'wrong_type',
  'unknown_key',
  'bad_value',
  'too_short',
  'too_long',
  'too_few',
  'too_many',
  'too_small',
  'too_big',
  'bad_form',
  'rule',
  'law',
] as const;

/** The format's own rules a value can break, as the schema states them (see shared/profiles/profile-problems.ts). */
export const PROFILE_FORMAT_RULES = [
  'min_above_max',
  'path_climbs',
  'too_many_entries',
  'get_with_body',
  'callback_ref',
  'named_twice',
  'complaints_by',
  'placeholder_unknown',
  'host_unknown',
  'fact_name',
  'hosts_count',
  'variant_when',
  'hmac_key',
  'header_reserved',
  'other',
] as const;

/** What the workbench still waits for before it saves a profile, in the order it is done. */
export const PROFILE_BENCH_STEPS = ['parses', 'law', 'samples', 'hosts', 'test'] as const;

/** Why routing rules are refused (see shared/routing/routing-check.ts). */
export const ROUTING_FAULT_KINDS = [
  'no_account',
  'operator_unknown',
  'unknown_account',
  'account_repeated',
  'ranges_overlap',
  'range_reversed',
  'amount_outside',
  'cap_negative',
  'only_paused',
  // Per account, the checks of Settings' own account (address, username) and the profile store.
  'account_not_https',
  'account_invalid_url',
  'account_invalid_username',
  'account_profile_missing',
  'account_invalid_credential',
] as const;
export type RoutingFaultKind = (typeof ROUTING_FAULT_KINDS)[number];

export const outcomeTxnSchema = z.object({
  refId: z.string().min(1).max(64),
  amount: paise,
  createdAt: instant,
  status: z.enum(TXN_STATUSES),
});
export type OutcomeTxn = z.infer<typeof outcomeTxnSchema>;

const none = z.object({});

/**
 * Why a journal line or another counter's row was refused: a status move the transition table does
 * not allow, an amount, commission or balance out of range, a ref_id not of our shape, a line that
 * changes what was sent (number, amount, operator), a row of the wrong shape or counter, or a row
 * whose change number is ahead of the shop ledger's own counter, or a money entry the money law
 * refuses (a payment above the due, a correction of nothing, money back for a sale that went, …).
 */
export const REFUSAL_REASONS = [
  'status_move',
  'amount',
  'margin',
  'balance',
  'ref_shape',
  'changed_sale',
  'bad_values',
  'not_its_counter',
  'claims_this_counter',
  'seq_ahead',
  // A record from another counter (issue 37): a correction putting back more of a sale than it had, an
  // entry carrying another amount than its sale's part (sale-part.ts), a name with hidden characters.
  'above_sale',
  'not_sale_part',
  'hidden_text',
  // An attempt whose sale is not its counter's or whose attempt number is out of range; an account id not of our shape.
  'bad_sale',
  'bad_account',
  // The owner's "checked" from another counter on a sale no two provider accounts charged (shop-flag-checks.ts).
  'not_a_double',
  // A money entry that breaks the money law (money-law/money-entry-law.ts), named as the law names it.
  ...MONEY_ENTRY_REFUSALS,
] as const;
const refusal = z.enum(REFUSAL_REASONS);

export const OUTCOMES = {
  // The bridge between the screen and the core.
  internal: none,
  bad_request: z.object({ detail: z.string().max(500).optional() }),
  unknown_channel: z.object({ channel: z.string().max(64) }),
  forbidden: none,
  transport: none,
  app_incomplete: none,
  bridge_missing: none,
  owner_only: none,

  // The counter: a recharge refused before it leaves.
  unknown_operator: z.object({ typed: z.string().max(20) }),
  invalid_number: z.object({ operator: z.string().max(20) }),
  amount_not_whole: z.object({ min: z.number().int(), max: z.number().int() }),
  amount_out_of_range: z.object({ operator: z.string().max(20), min: z.number().int(), max: z.number().int() }),
  insufficient_balance: z.object({ wallet: paise, amount: paise }),
  in_flight: none,
  reply_not_stored: none,
  reconciling: none,
  open_recharge: z.object({ txn: outcomeTxnSchema }),
  mobile_on_dth: z.object({ operator: z.string().max(20) }),
  // How the customer pays (issue 30): a split whose cash part is not part of the amount, UPI chosen
  // before the shop's UPI ID is set, a UPI sale to mark that is not one.
  payment_split_parts: z.object({ amount: paise }),
  upi_not_set: none,
  upi_sale_not_found: none,
  // Given back / kept as credit asked of a sale that did not fail, or had nothing paid.
  nothing_to_give_back: none,
  // "The customer did not pay" asked of a sale that was paid (cash, or its UPI marked received).
  not_paid_but_paid: none,
  // "UPI received" on a sale already said not paid.
  upi_marked_not_paid: none,
  // "UPI received" on a split whose cash was handed back and whose UPI part was said never to have come.
  upi_marked_split_not_paid: none,
  // The khata (issue 30 item 3): a payment or correction that cannot be, a limit out of range.
  khata_amount_invalid: none,
  khata_pay_above_due: z.object({ due: paise }),
  khata_nothing_due: none,
  khata_entry_not_found: none,
  khata_correction_same: z.object({ amount: paise }),
  // Staff lowering a due or raising a payment without the owner's PIN (issue 38 item 2).
  khata_correction_needs_owner: none,
  khata_limit_invalid: z.object({ max: paise }),
  // A credit sale (or a split's credit part) that takes the shop's due above the customer's limit,
  // sent without the shopkeeper's "send on credit anyway" (issue 37: every counter's due and limit).
  credit_over_limit: z.object({ due: paise, credit: paise, limit: paise }),
  duplicate_recent: z.object({ txn: outcomeTxnSchema }),
  shop_duplicate: z.object({
    counter: z.string().max(100),
    kind: z.enum(['sending', 'open', 'recent']),
    txn: outcomeTxnSchema,
  }),
  token_unreadable: none,
  token_missing: none,
  busy_sending: z.object({ then: z.enum(['restore', 'restart']) }),

  // The provider.
  provider_unreachable: z.object({ what: z.enum(['balance', 'complaint']) }),
  // The provider's own limits and calls it does not have (issue 36 items 6 and 7).
  /** A balance read held back by the provider's least interval: the figure shown is from `at` (null: none yet). */
  balance_held_back: z.object({ at: instant.nullable(), everySeconds: z.number().int().min(1), nextAt: instant }),
  /** This provider has no balance request: the wallet is what its recharge and status replies said. */
  balance_from_replies: none,
  /** An amount outside what this provider takes for the operator (its document's limit), refused before anything is saved. */
  amount_outside_provider: z.object({ operator: z.string().max(20), min: z.number().int(), max: z.number().int() }),
  /** Status checks held back by the provider's per-minute limit: they go when it allows, nothing is sent again. */
  status_checks_waiting: z.object({ waiting: z.number().int().min(1), perMinute: z.number().int().min(1) }),
  /** This provider takes no complaints through the app: how it does take them, in its profile's words. */
  complaints_by: z.object({ en: z.string().max(300), hi: z.string().max(300) }),
  provider_rejected: z.object({ what: z.enum(['balance', 'complaint']), said: z.string().max(300) }),

  // Complaints and history.
  reason_required: none,
  reason_too_long: z.object({ max: z.number().int() }),
  txn_not_found: none,
  no_provider_id: none,

  // The provider account and the owner's PIN.
  not_https: none,
  invalid_url: none,
  invalid_username: none,
  weak_protection: none,
  token_required: z.object({ accountChanged: z.boolean() }),
  /** A credential the profile declares, typed in a shape it does not take (credential-rules.ts). */
  credential_invalid: z.object({
    label: bilingualLabel,
    problem: z.enum(['missing', 'length', 'chars']),
    min: z.number().int(),
    max: z.number().int(),
    chars: z.enum(['digits', 'letters-digits', 'printable']),
  }),
  /** A profile now sends to another address than the secrets were typed for: they were removed (issue 36). */
  credentials_host_changed: z.object({ host: bilingualLabel, account: z.string().max(40).optional() }),
  wrong_pin: z.object({ waitSeconds: z.number().int().nonnegative(), triesLeft: z.number().int().nonnegative() }),
  owner_pin_wrong: z.object({ waitSeconds: z.number().int().nonnegative(), triesLeft: z.number().int().nonnegative() }),
  wrong_token: z.object({ waitSeconds: z.number().int().nonnegative(), triesLeft: z.number().int().nonnegative() }),
  pin_wait: z.object({ seconds: z.number().int().nonnegative() }),
  pin_not_saved: z.object({ cue }),
  pin_reset_needs_file: z.object({ file: place }),
  /** Named staff work here and nobody has signed in: money waits for a PIN (issue 38). */
  sign_in_first: none,
  person_name_taken: z.object({ name: z.string().max(40) }),
  /** A person the owner removed (or never added): they cannot sign in. */
  person_unknown: none,

  // Customers.
  customer_name_too_long: z.object({ max: z.number().int() }),
  customer_name_control: none,
  customer_name_no_letter: none,
  customer_number_invalid: none,
  customer_operator_unknown: none,
  validity_out_of_range: z.object({ min: z.number().int(), max: z.number().int() }),

  // Settings, files and folders.
  settings_not_saved: z.object({ reason: z.enum(['disk_full', 'read_only', 'no_permission', 'other']), cue }),
  /** `dropped`: the settings that did not fit (absent: the file could not be read at all). */
  settings_reset: z.object({ dropped: z.string().max(200).optional(), copy: place.optional() }),
  settings_restored: z.object({ copy: place.optional() }),
  /** A text customers read (shared/customer-text.ts) refused as typed: nothing saved. */
  customer_text_refused: customerText,
  /** The same text found so in the settings file (a hand edit, a restore): left empty until typed again. */
  customer_text_dropped: customerText,
  diagnostics_not_saved: z.object({ path: place, cue }),
  clipboard_failed: none,
  print_unavailable: none,
  print_failed: z.object({ cue }),

  // Backups, restores and the move to another PC.
  backup_folder_missing: z.object({ folder: place }),
  backup_folder_full: z.object({ folder: place }),
  backup_folder_readonly: z.object({ folder: place }),
  backup_failed: z.object({
    why: z.enum(['copy', 'check', 'rows', 'mismatch', 'export_check', 'died', 'closing']),
    folder: place.optional(),
    cue: cue.optional(),
  }),
  not_a_backup: z.object({ path: place }),
  backup_missing: z.object({ path: place }),
  restore_failed: z.object({ stage: z.enum(['copy', 'swap', 'move']) }),
  /** Journal lines not replayed after a restore: the first one's ref_id and why. */
  journal_refused: z.object({ lines: z.number().int().min(1), refId: z.string().max(64), reason: refusal }),
  /** A move file whose settings do not parse: refused whole, nothing applied. */
  move_settings_unreadable: none,
  /** A move file that points the account elsewhere: shown, applied only once the owner confirms. */
  move_account_confirm: z.object({
    baseUrl: z.string().max(500),
    username: z.string().max(100),
    currentBaseUrl: z.string().max(500),
    currentUsername: z.string().max(100),
    /** The first account's profile, when the file changes it. */
    profile: z.string().max(60).optional(),
    currentProfile: z.string().max(60).optional(),
    /** What the file would change in the other routing accounts, each before and after. */
    routing: z
      .array(
        z.object({
          account: z.string().max(120),
          what: z.enum(['added', 'removed', 'address', 'username', 'profile', 'routes']),
          before: z.string().max(120),
          after: z.string().max(120),
        }),
      )
      .max(20)
      .optional(),
  }),

  // Provider profiles (issue 28).
  /** A profile file that is not a profile: not JSON, or a key missing or wrong (`where` names it). */
  profile_unreadable: z.object({ where: z.string().max(200) }),
  /** A profile that parses but breaks a law: each fault named. */
  profile_refused: z.object({
    faults: z
      .array(
        z.object({
          fault: z.enum(PROFILE_FAULT_KINDS),
          call: z.enum(['recharge', 'status', 'balance', 'complaint', 'callback']).optional(),
          at: z.number().int().optional(),
          field: z.string().max(60).optional(),
        }),
      )
      .min(1)
      .max(20),
  }),
  /** Changing how replies are read while recharges wait for one would read them in the wrong words. */
  profile_open_recharges: z.object({ count: z.number().int().min(1) }),
  profile_missing: z.object({ id: z.string().max(40) }),
  /** One problem the workbench found in a pasted profile; its line and key are shown beside these words. */
  profile_problem: z.object({
    kind: z.enum(PROFILE_PROBLEM_KINDS),
    expected: z.enum(['string', 'number', 'boolean', 'object', 'array', 'other']).optional(),
    limit: z.number().optional(),
    rule: z.enum(PROFILE_FORMAT_RULES).optional(),
    fault: z
      .object({
        fault: z.enum(PROFILE_FAULT_KINDS),
        call: z.enum(['recharge', 'status', 'balance', 'complaint', 'callback']).optional(),
        at: z.number().int().optional(),
        field: z.string().max(60).optional(),
      })
      .optional(),
  }),
  /** The workbench saves nothing until every step has passed: these have not. */
  profile_not_ready: z.object({ missing: z.array(z.enum(PROFILE_BENCH_STEPS)).min(1).max(5) }),

  // Several provider accounts and the rules that route between them (issue 29).
  /** A rules file or payload of the wrong shape (`where` names the key). */
  routing_unreadable: z.object({ where: z.string().max(200) }),
  /** Rules that parse but cannot route: each fault named, nothing saved. */
  routing_refused: z.object({
    faults: z
      .array(
        z.object({
          fault: z.enum(ROUTING_FAULT_KINDS),
          operator: z.string().max(20).optional(),
          account: z.string().max(40).optional(),
          amount: z.number().int().optional(),
        }),
      )
      .min(1)
      .max(20),
  }),
  /**
   * The routing rules file could not be used at start (damaged, or rules that are refused now, such
   * as a profile no longer on this computer): routing is off, every recharge goes to the account of
   * Settings, and a copy of the file is kept.
   */
  routing_set_aside: z.object({ why: z.enum(['damaged', 'refused']), copy: place.optional() }),
  /** No account may take this recharge now (every one paused, capped, short of balance or not routed for the amount). */
  route_no_account: z.object({ operator: z.string().max(20), amount: paise }),
  /** An account paused itself: after failures in a row, or a balance check that failed. */
  account_paused: z.object({
    account: z.string().max(40),
    why: z.enum(['failures', 'balance_check']),
    failures: z.number().int().nonnegative().optional(),
  }),
  /**
   * An attempt counted as failed (and so followed by another to a second account) turned out a
   * Success: the customer may have been recharged twice. Both attempts named, loudly, to the owner.
   */
  possible_double_recharge: z.object({
    number: z.string().max(20),
    amount: paise,
    first: z.object({ refId: z.string().max(64), account: z.string().max(40) }),
    second: z.object({ refId: z.string().max(64), account: z.string().max(40) }),
  }),
  /** A backup or move file made by a newer app: its rows may mean what this app does not know. */
  backup_newer: z.object({ path: place, version: z.number().int() }),
  /** A table the file's version must have is missing or is not a table (a view answers with its author's query). */
  backup_unusable: z.object({ path: place, table: z.string().max(64) }),
  /** Rows of a restored file that did not parse: kept out of the history, written beside it. */
  restore_rows_rejected: z.object({ count: z.number().int(), refs: z.array(z.string().max(32)).max(20), file: place }),

  // Reports, exports and the day's close.
  report_range_reversed: none,
  report_range_too_long: z.object({ maxDays: z.number().int() }),
  report_range_future: none,
  export_disk_full: none,
  export_folder_missing: z.object({ folder: place }),
  folder_unreadable: z.object({ folder: place }),
  export_not_allowed: z.object({ folder: place }),
  export_failed: none,
  day_already_closed: z.object({ date: z.string().max(10) }),
  day_in_future: none,
  // The close asks what the UPI app lists for the day; a close without it checks nothing of the UPI.
  upi_count_needed: none,
  // The UPI app against the ledger at a close (paise, the absolute difference): more in the app is
  // most likely a UPI payment not marked received; less, a sale marked received whose money did not come.
  upi_app_more: z.object({ amount: paise }),
  upi_app_less: z.object({ amount: paise }),
  // Staff asked for one day's money before counting its drawer (they count blind).
  count_first: z.object({ date: z.string().max(10) }),

  // The shop ledger (several counters).
  shop_needs_live: none,
  shop_unavailable: none,
  shop_ledger_offline: z.object({ since: instant }),
  shop_ledger_back: none,
  shop_address_password: none,
  /** Rows from the shop ledger refused since start: the last one's counter (cleaned text), ref_id and why. */
  shop_row_refused: z.object({ rows: z.number().int().min(1), counter: z.string().max(40), refId: z.string().max(64), reason: refusal }),

  // Money that moved without the shopkeeper asking.
  balance_low: z.object({ buyer: paise, threshold: paise }),
  /**
   * Money out of the wallet that nothing the app knows explains (issue 35 item 4), after the at-once
   * check of recent recharges and open complaints: how much, when it was seen, what was checked.
   */
  wallet_out_unexplained: z.object({
    amount: paise.positive(),
    at: instant,
    recharges: z.number().int().nonnegative(),
    complaints: z.number().int().nonnegative(),
    /** Which provider account's wallet, once there are several (routing on). */
    account: z.string().max(40).optional(),
    /**
     * On a shop ledger (issue 37): the other counters' recharges on the same wallet were counted
     * ('checked'), or could not be, the shop ledger being offline ('unchecked'). Absent: one counter.
     */
    otherCounters: z.enum(['checked', 'unchecked']).optional(),
  }),
  // saleMoney: how the customer had paid (issue 30): the credit part came off the due by itself, the
  // paid part is to give back or keep as credit. Absent for a recharge made before sales were kept.
  txn_refunded: z.object({
    number: z.string().max(20),
    amount: paise,
    at: instant,
    refId: z.string().max(64),
    saleMoney: z.object({ paid: paise, credit: paise }).optional(),
  }),
  // The refund a complaint asked for came back (found by a scheduled check or the wallet's own search).
  complaint_refunded: z.object({
    number: z.string().max(20),
    amount: paise,
    at: instant,
    refId: z.string().max(64),
    complainId: z.string().max(64),
  }),
  // A recharge left open after its first answer that did not go through after all: the customer
  // paid for nothing. `sent: false` when it never reached the provider (nothing was charged).
  txn_failed_late: z.object({
    number: z.string().max(20),
    amount: paise,
    at: instant,
    refId: z.string().max(64),
    sent: z.boolean(),
    saleMoney: z.object({ paid: paise, credit: paise }).optional(),
    /** An attempt of a routed sale not over yet: another account may still recharge the customer. */
    saleGoesOn: z.boolean().optional(),
  }),

  // A changed answer (issue 35 item 1): the provider said the customer got nothing (Failure, or a
  // refusal or not-sent close: Error) and its status check later said Success. Both words and
  // times; what the customer's money now needs (collect: handed back; putBack: taken off the due
  // or kept as credit); double: another attempt of the same sale is also a success or still open.
  answer_changed: z.object({
    number: z.string().max(20),
    amount: paise,
    refId: z.string().max(64),
    from: z.object({ status: z.enum(['Failure', 'Error']), word: z.string().max(40).nullable(), at: instant }),
    to: z.object({ word: z.string().max(40).nullable(), at: instant }),
    collect: paise,
    /** Of collect, what the customer never paid (said "did not pay", issue 40); absent when none. */
    unpaid: paise.optional(),
    putBack: paise,
    double: z.boolean(),
    /** What the shopkeeper recorded about that money (once per sale); absent while nothing. */
    fixed: z.enum(['collected', 'on_due']).optional(),
  }),

  // A Success about another recharge than the one sent (money-law/reply-match): what we sent, and
  // only what the provider's reply named otherwise (its own words, cut). Not counted as this sale's
  // success: the recharge stays open for the status check.
  success_not_ours: z.object({
    refId: z.string().max(64),
    number: z.string().max(20),
    amount: paise,
    operator: z.string().max(20),
    said: z.object({
      refId: z.string().max(64).optional(),
      number: z.string().max(40).optional(),
      amount: paise.optional(),
      operator: z.string().max(40).optional(),
    }),
    at: instant,
  }),

  // The books: repairs and checks found at start or by the daily check.
  ledger_reindexed: none,
  ledger_salvaged: z.object({
    txns: z.number().int().nonnegative(),
    open: z.number().int().nonnegative(),
    lostRefs: z.array(z.string().max(64)).max(10),
    lost: z.number().int().nonnegative(),
    file: place,
  }),
  ledger_replaced: z.object({ file: place }),
  ledger_check_failed: none,
  callback_listener_failed: z.object({ port: z.number().int(), cue }),

  // Start-up failures, shown in a native dialog before any window (recognised by code, never by
  // their wording).
  data_folder_in_use: z.object({
    folder: place,
    /** The process that holds it on this computer, or the computer that holds it. */
    pid: z.number().int().optional(),
    since: instant.optional(),
    host: z.string().max(100).optional(),
  }),
  data_newer: z.object({ version: z.number().int() }),
  migration_failed: z.object({ from: z.number().int(), to: z.number().int(), copy: place.optional(), cue }),
  data_folder_busy: none,
  start_disk_full: none,
  /** SQLITE_IOERR: the disk did not read or write what it was asked to. */
  start_disk_error: none,
  /** SQLITE_CANTOPEN: the history file or its folder could not be opened at all. */
  start_cannot_open: none,
  start_not_allowed: none,
  vault_unreadable: none,
  settings_unreadable: none,
  window_missing: none,
  start_failed: none,
} as const satisfies Record<string, z.ZodType>;

export type OutcomeCode = keyof typeof OUTCOMES;
export type OutcomeParams<C extends OutcomeCode> = z.output<(typeof OUTCOMES)[C]>;
/** One outcome: its code and exactly the parameters that code declares. */
export type Outcome = { [C in OutcomeCode]: { code: C; params: OutcomeParams<C> } }[OutcomeCode];
export type OutcomeOf<C extends OutcomeCode> = Extract<Outcome, { code: C }>;

export const OUTCOME_CODES = Object.keys(OUTCOMES) as OutcomeCode[];

export function isOutcomeCode(code: string): code is OutcomeCode {
  return Object.prototype.hasOwnProperty.call(OUTCOMES, code);
}

/** Builds an outcome with its parameters typed by its code. */
export function outcome<C extends OutcomeCode>(code: C, params: OutcomeParams<C>): OutcomeOf<C> {
  return { code, params } as OutcomeOf<C>;
}

/**
 * An outcome from outside this process (an IPC answer, a file the app wrote earlier): its code must
 * be one of ours and its parameters must fit that code, or it is refused whole.
 */
export const outcomeSchema: z.ZodType<Outcome> = z.object({ code: z.string().max(64), params: z.unknown() }).transform((raw, ctx) => {
  if (!isOutcomeCode(raw.code)) {
    ctx.addIssue({ code: 'custom', message: `unknown outcome code ${raw.code.slice(0, 64)}` });
    return z.NEVER;
  }
  const params = OUTCOMES[raw.code].safeParse(raw.params ?? {});
  if (!params.success) {
    ctx.addIssue({ code: 'custom', message: `parameters do not fit ${raw.code}` });
    return z.NEVER;
  }
  return { code: raw.code, params: params.data } as Outcome;
}) as unknown as z.ZodType<Outcome>;
