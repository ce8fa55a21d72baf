import { findOperator } from '../operators';
import type {
  OutcomeParams,
  OutcomeTxn,
  ProfileFaultKind,
  RoutingFaultKind,
  PROFILE_BENCH_STEPS,
  PROFILE_FORMAT_RULES,
  PROFILE_PROBLEM_KINDS,
} from '../outcomes/outcome-registry';
import { STATUS_WORDS } from './status-words';
import { CUSTOMER_TEXT_EN, CUSTOMER_TEXT_WHY_EN } from './customer-text-words';
import { digitCount, firstDigitList, isUnconfirmed, saidOtherwise, type Fmt, type OutcomeWords, type SaidWords } from './word-kit';

const SAID_EN: SaidWords = { number: 'number', amount: 'amount', operator: 'operator', ref: 'ref' };

/** What becomes of the customer's money after a failed or refunded sale (issue 30). */
const customerMoney = (m: { paid: number; credit: number }, f: Fmt) =>
  [
    m.credit > 0 ? `${f.money(m.credit)} on credit came off the customer's due by itself.` : '',
    m.paid > 0 ? `Give ${f.money(m.paid)} back to the customer. Or keep it as their credit, if they ask.` : '',
  ]
    .filter(Boolean)
    .join(' ');

/** A provider's interval as its document would say it: "10 minutes", "30 seconds". */
const everyEn = (s: number) => (s % 60 === 0 ? (s === 60 ? 'minute' : `${s / 60} minutes`) : `${s} seconds`);

const SEND_ONLY_IF = 'Send another only if the customer wants a second recharge.';

const matched = (t: OutcomeTxn, f: Fmt) => `${f.money(t.amount)} sent to this number at ${f.time(t.createdAt)} (ref ${t.refId})`;

const CHARS_EN = {
  digits: 'digits only',
  'letters-digits': 'letters and digits only',
  printable: 'letters, digits and signs, without spaces',
};
const CREDENTIAL_EN = {
  missing: () => 'this is needed.',
  length: (p: { min: number; max: number }) =>
    p.min === p.max ? `it must be exactly ${p.min} characters long.` : `it must be ${p.min} to ${p.max} characters long.`,
  chars: (p: { chars: keyof typeof CHARS_EN }) => `it may contain ${CHARS_EN[p.chars]}.`,
};

const tries = (p: { waitSeconds: number; triesLeft: number }) =>
  p.waitSeconds > 0
    ? `Too many wrong tries: PIN entry is locked for ${p.waitSeconds} more seconds.`
    : `${p.triesLeft} more ${p.triesLeft === 1 ? 'try' : 'tries'} before PIN entry is locked for a while.`;

const SETTINGS_WHY = {
  disk_full: 'the disk is full. Free some space (empty the Recycle Bin, delete old downloads)',
  read_only: 'the disk is read-only. Check the disk or the folder it is in',
  no_permission: 'this Windows user may not write there. Check the folder permissions or the antivirus',
  other: 'the disk did not accept the write. Check the disk',
} as const;

const REFUSED_WHY = {
  status_move: 'its status cannot follow the one already recorded',
  amount: 'its amount is not a real recharge amount',
  margin: 'its commission is more than a recharge can earn',
  balance: 'its wallet balance is impossible',
  ref_shape: 'its reference is not one RechargeDesk makes',
  changed_sale: 'it changes the number, amount or operator of a recharge already recorded',
  bad_values: 'its fields are damaged',
  not_its_counter: 'it is filed under a counter that did not send it',
  claims_this_counter: 'it claims to be from this counter',
  seq_ahead: 'it is numbered ahead of the shop ledger itself',
  above_sale: 'it takes back or marks more money than its sale had',
  not_sale_part: 'it names its sale with an amount other than the part of the sale it is about',
  hidden_text: 'its name carries hidden characters that change how it reads',
  bad_sale: 'it names a sale of another counter, or an attempt number no sale has',
  bad_account: 'it names a provider account in a form RechargeDesk never writes',
  not_a_double: 'it marks as checked a possible double recharge that no two provider accounts charged',
  nothing_due: 'it is a payment from a customer who owed nothing then',
  above_due: 'it is a payment of more than the customer owed then',
  no_such_entry: 'it corrects an entry that is not in the customer’s book',
  correction_same: 'it is a correction that changes nothing',
  correction_below_zero: 'it is a correction that would turn an entry below nothing',
  no_such_sale: 'it names a sale that is not in the history',
  money_not_back: 'it gives back or takes off the due the money of a sale that was not refunded or failed',
  date_outside: 'it is dated before these books begin, or in the future',
  exists_with_different_content: 'an entry with its number is already recorded with other amounts or dates',
} as const;

type ProfileFaultParams = { call?: string | undefined; at?: number | undefined; field?: string | undefined };
const PROFILE_FAULT: Record<ProfileFaultKind, (f: ProfileFaultParams) => string> = {
  field_unmapped: (f) => `the ${f.call} reply does not say where “${f.field}” is`,
  guesses_failure: (f) =>
    `rule ${f.at} of the ${f.call} call would call a reply that says nothing a failure${f.field ? ` (“${f.field}”)` : ''}`,
  bad_pattern: (f) => `rule ${f.at} of the ${f.call} call has a pattern that cannot be used`,
  sample_misread: (f) => `sample ${f.at} (${f.call}) is not read as it says`,
  reference_unsupported: () => 'the provider wants references shorter than 12 characters, and RechargeDesk makes none that short',
  id_taken: () => 'its name is the name of a profile RechargeDesk ships; give it another id',
  closes_silence: (f) =>
    `rule ${f.at} of the ${f.call} call would close the recharge on a reply that says nothing (“${f.field}”, a timeout or error page)`,
  closes_without_word: (f) =>
    `rule ${f.at} of the ${f.call} call closes a recharge without an exact word or number in the provider's status, result or error code`,
  closes_open_word: (f) => `rule ${f.at} of the ${f.call} call closes a recharge on “${f.field}”, a word that means it is not decided yet`,
  pattern_too_slow: (f) => `rule ${f.at} of the ${f.call} call has a pattern too slow to run on every reply; make it simpler`,
  too_many_patterns: () => 'it has more than 16 patterns; use exact words where the provider gives them',
  closes_by_message_pattern: (f) =>
    `rule ${f.at} of the ${f.call} call closes a recharge on a pattern in the provider's message; a message may close one only by its exact words (equals or oneOf)`,
  bad_capture: (f) => `the ${f.call} reply reads “${f.field}” with a pattern that cannot be used; it needs exactly one group in brackets`,
  capture_too_slow: (f) => `the ${f.call} reply reads “${f.field}” with a pattern too slow to run on every reply; make it simpler`,
  profile_too_large: () => 'the file is larger than a provider profile can be (64 KB)',
  version_taken: (f) => `this computer already has “${f.field}” with other contents; a changed profile needs a new version number`,
};

type ProblemParams = OutcomeParams<'profile_problem'>;
const JSON_TYPE = {
  string: 'text in quotes',
  number: 'a number',
  boolean: 'true or false',
  object: 'a { } block',
  array: 'a [ ] list',
  other: 'another kind of value',
};
const FORMAT_RULE: Record<(typeof PROFILE_FORMAT_RULES)[number], string> = {
  min_above_max: 'the least value is above the greatest',
  path_climbs: 'a path may not climb with . or ..',
  too_many_entries: 'it has more entries than the format allows',
  get_with_body: 'a GET request has no body: its encoding must be query',
  callback_ref: 'a callback must say which parameter holds our reference (refId)',
  named_twice: 'two credentials or shop values have the same name',
  complaints_by: 'without a complaint call, complaintsBy must say how this provider takes complaints',
  placeholder_unknown: 'a {placeholder} here is not a credential, a shop value, an operator value or a fact this call has',
  host_unknown: 'the call names a host that is not among the profile’s hosts',
  fact_name: 'a credential may not take the name of a fact the app fills',
  hosts_count: 'a profile has one to four hosts',
  variant_when: 'a variant must say which kind or which operators it is for',
  hmac_key: 'an HMAC signature needs a key; a plain digest has none',
  header_reserved: 'the app sets this header itself (use auth for Authorization)',
  other: 'this value breaks a rule of the format',
};
const PROBLEM: Record<(typeof PROFILE_PROBLEM_KINDS)[number], (p: ProblemParams) => string> = {
  too_large: (p) => `The text is larger than a provider profile can be (${Math.round((p.limit ?? 0) / 1024)} KB): it was not read.`,
  not_json: () => 'The text stops being JSON here: look for a missing comma, quote or bracket, or a comma before } or ].',
  too_deep: () => 'The text is nested deeper than any profile is: it was not read further.',
  forbidden_key: () => 'This key is never allowed in a profile: remove it.',
  duplicate_key: () => 'This key is written twice in the same block: only the last one would count. Keep one.',
  not_a_profile: () =>
    'This is not a RechargeDesk provider profile: “format” must be "rechargedesk-provider-profile" and “formatVersion” 1 or 2.',
  missing: () => 'A key the format needs is missing here.',
  wrong_type: (p) => `This value must be ${JSON_TYPE[p.expected ?? 'other']}.`,
  unknown_key: () => 'This key is not part of the format here: remove it or check its spelling.',
  bad_value: () => 'This value is not one the format allows here.',
  too_short: (p) => `This text is too short: at least ${p.limit} characters.`,
  too_long: (p) => `This text is too long: at most ${p.limit} characters.`,
  too_few: (p) => `This list needs at least ${p.limit} entries.`,
  too_many: (p) => `This list has too many entries: at most ${p.limit}.`,
  too_small: (p) => `This number is too small: at least ${p.limit}.`,
  too_big: (p) => `This number is too big: at most ${p.limit}.`,
  bad_form: () => 'This value is not in the form the format asks for here (see the guide to writing profiles).',
  rule: (p) => `Not allowed: ${FORMAT_RULE[p.rule ?? 'other']}.`,
  law: (p) => (p.fault ? `The money law refuses it: ${PROFILE_FAULT[p.fault.fault](p.fault)}.` : ''),
};
const BENCH_STEP: Record<(typeof PROFILE_BENCH_STEPS)[number], string> = {
  parses: 'the profile must read without a problem',
  law: 'it must pass the money law',
  samples: 'every sample must be read as it says',
  hosts: 'you must confirm every address it uses',
  test: 'the connection test must pass',
};

type RoutingFaultParams = { operator?: string | undefined; account?: string | undefined; amount?: number | undefined };
const ROUTING_FAULT: Record<RoutingFaultKind, (r: RoutingFaultParams, f: Fmt) => string> = {
  no_account: (r, f) => `no account takes ${f.operator(r.operator ?? '')} recharges`,
  operator_unknown: (r) => `“${r.operator}” is not an operator RechargeDesk knows`,
  unknown_account: (r, f) => `${f.operator(r.operator ?? '')} names an account “${r.account}” that is not in the list`,
  account_repeated: (r) => `two accounts have the same id “${r.account}”`,
  ranges_overlap: (r, f) =>
    `“${r.account}” is listed twice for ${f.operator(r.operator ?? '')} with amounts that overlap (both take ${f.rupees(r.amount ?? 0)})`,
  range_reversed: (r, f) => `the amount range of “${r.account}” for ${f.operator(r.operator ?? '')} ends before it starts`,
  amount_outside: (r, f) => `${f.operator(r.operator ?? '')} does not take ${f.rupees(r.amount ?? 0)} (“${r.account}”)`,
  cap_negative: (r, f) => `the daily limit of “${r.account}” for ${f.operator(r.operator ?? '')} is below zero`,
  only_paused: (r, f) => `every account for ${f.operator(r.operator ?? '')} is paused`,
  account_not_https: (r) => `the address of “${r.account}” does not start with https://`,
  account_invalid_url: (r) => `the address of “${r.account}” is not a web address`,
  account_invalid_username: (r) => `the username of “${r.account}” is not a 10-digit mobile number`,
  account_profile_missing: (r) => `the provider profile of “${r.account}” is not on this computer`,
  account_invalid_credential: (r) =>
    `a sign-in detail of “${r.account}” is not what its provider profile asks for: type it again as its label says`,
};

type RoutingChange = { account: string; before: string; after: string };
/** A move file's change to one routing account, what it replaces beside what it brings. */
const ROUTING_CHANGE_EN: Record<'added' | 'removed' | 'address' | 'username' | 'profile' | 'routes', (c: RoutingChange) => string> = {
  added: (c) => `“${c.account}” added (${c.after})`,
  removed: (c) => `“${c.account}” removed (was ${c.before})`,
  address: (c) => `“${c.account}” address ${c.before} → ${c.after}`,
  username: (c) => `“${c.account}” username ${c.before} → ${c.after}`,
  profile: (c) => `“${c.account}” profile ${c.before} → ${c.after}`,
  routes: (c) => `the routes per operator change (routing ${c.before} → ${c.after})`,
};

const BACKUP_WHY = {
  copy: 'the copy could not be written',
  check: 'the copy did not pass its check',
  rows: 'the copy does not hold the same rows as the history',
  mismatch: 'the copy on the drive did not match the backup',
  export_check: 'the exported file did not pass its check',
  died: 'the backup process stopped before it finished',
  closing: 'the backup at closing did not finish',
} as const;

/** Every outcome in English. */
export const OUTCOME_WORDS_EN: OutcomeWords = {
  internal: () => 'Something went wrong inside the app. Nothing was charged. Please try again.',
  bad_request: () => 'The app sent a request in the wrong form. Nothing was changed. Please try again.',
  unknown_channel: () => 'The app asked for something it does not have. Please update RechargeDesk.',
  forbidden: () => 'A request from outside RechargeDesk was refused. Nothing was changed.',
  transport: () => 'RechargeDesk could not reach its own service. Close the app and open it again; if it keeps happening, call support.',
  app_incomplete: () =>
    'RechargeDesk could not load part of itself. Nothing was sent. Close the app and open it again; if it keeps happening, reinstall it.',
  bridge_missing: () => 'RechargeDesk could not start its connection to its own service. Close the app and open it again.',
  owner_only: () => 'Only the owner can do this. Ask the owner to unlock with the owner PIN. Nothing was changed.',

  unknown_operator: () => 'Choose an operator from the list.',
  invalid_number: (p, f) => {
    const op = findOperator(p.operator);
    if (!op) return 'This number does not fit the operator. Check the number and try again.';
    const first = op.idShape.firstDigits ? ` starting with ${firstDigitList(op.idShape, 'or')}` : '';
    const what = op.category === 'mobile' ? 'a mobile number' : `a ${f.operator(p.operator)} subscriber ID`;
    return `This does not look like ${what} (${digitCount(op.idShape, 'or', 'to')} digits${first}). Check the number and try again.`;
  },
  amount_not_whole: (p, f) => `Enter the amount in whole rupees (${f.rupees(p.min)} to ${f.rupees(p.max)}).`,
  amount_out_of_range: (p, f) => `${f.operator(p.operator)} takes ${f.rupees(p.min)} to ${f.rupees(p.max)}. Change the amount.`,
  insufficient_balance: (p, f) =>
    `The wallet has ${f.money(p.wallet)}, less than ${f.money(p.amount)}. Top up the wallet, or refresh the balance if you just did.`,
  payment_split_parts: (p, f) => `In a split, the cash part must be more than nothing and less than ${f.money(p.amount)}; the rest is UPI.`,
  upi_not_set: () => 'The shop’s UPI ID is not set yet. The owner sets it in Settings; take cash for now.',
  khata_amount_invalid: () => 'Type the amount in whole rupees, more than nothing. Nothing was recorded.',
  khata_pay_above_due: (p, f) => `That is more than the customer owes (${f.money(p.due)}). Take at most that. Nothing was recorded.`,
  khata_nothing_due: () => 'This customer owes nothing, so there is no payment to take. Nothing was recorded.',
  khata_entry_not_found: () => 'That line is not in this customer’s khata. Open the statement again. Nothing was recorded.',
  khata_correction_needs_owner: () =>
    'Lowering a due, making a payment larger, or raising a due by more than the customer’s credit limit needs the owner: ask the owner to type the PIN here. Nothing was recorded.',
  khata_correction_same: (p, f) => `That line already stands at ${f.money(p.amount)}: there is nothing to correct. Nothing was recorded.`,
  credit_over_limit: (p, f) =>
    `Over this customer's credit limit: the shop's due is ${f.money(p.due)} (all counters), with this ${f.money(p.credit)} on credit it would be ${f.money(p.due + p.credit)}, and the limit is ${f.money(p.limit)}. Nothing was sent. Take cash or UPI, or open the confirmation again and choose "Send on credit anyway".`,
  khata_limit_invalid: (p, f) => `A credit limit is whole rupees from 0 (no credit) to ${f.money(p.max)}. Nothing was changed.`,
  upi_sale_not_found: () => 'That sale has no UPI payment to mark. Open it in History to see how it was paid.',
  nothing_to_give_back: () =>
    'Nothing to give back for that sale: its recharge did not fail, or nothing was paid for it. Open it in History to see.',
  not_paid_but_paid: () =>
    "This sale was paid (in cash, or its UPI was marked received), so it cannot be marked not paid. Give the money back, or keep it as the customer's advance.",
  upi_marked_not_paid: () =>
    'This sale was marked "customer did not pay", so its UPI cannot be marked received. If the money came after all, give it back to the customer.',
  upi_marked_split_not_paid: () =>
    "This sale's cash was handed back and its UPI part was marked as never come, so its UPI cannot be marked received. If the UPI came after all, give that back to the customer too.",
  in_flight: () => 'A recharge for this number is being sent right now. Wait for its result before sending another.',
  reply_not_stored: () =>
    'A recharge for this number was sent, but its reply is not saved yet (is the disk full?). Do not send again: its status is being checked.',
  reconciling: () => 'An earlier recharge for this number is still being checked with the provider. Try again in a few seconds.',
  mobile_on_dth: (p, f) =>
    `This looks like a mobile number, but ${f.operator(p.operator)} is a DTH operator that has not had it before. Check the number and the operator with the customer; nothing was sent.`,
  open_recharge: ({ txn }, f) => `${matched(txn, f)} is still ${isUnconfirmed(txn) ? 'unconfirmed' : 'pending'}. ${SEND_ONLY_IF}`,
  duplicate_recent: ({ txn }, f) => `${matched(txn, f)} is ${STATUS_WORDS.en[txn.status]}. The same amount again? ${SEND_ONLY_IF}`,
  shop_duplicate: ({ counter, kind, txn }, f) => {
    const amount = f.money(txn.amount);
    const what =
      kind === 'sending'
        ? `Counter “${counter}” is sending ${amount} to this number right now.`
        : kind === 'open'
          ? `Counter “${counter}” sent ${amount} to this number at ${f.time(txn.createdAt)} (ref ${txn.refId}) and it is not settled yet.`
          : `Counter “${counter}” sent ${amount} to this number at ${f.time(txn.createdAt)} (${STATUS_WORDS.en[txn.status]}).`;
    return `${what} ${SEND_ONLY_IF}`;
  },
  token_unreadable: () =>
    'The saved API token can no longer be read on this computer. Recharges are on hold: open Settings and paste the API token again. Your history is safe.',
  token_missing: () => 'The API token for the live account is missing. Recharges are on hold: open Settings and paste the API token again.',
  busy_sending: (p) =>
    `A recharge is being sent right now. ${p.then === 'restore' ? 'Restore' : 'Restart to update'} once it has an answer.`,

  balance_held_back: (p, f) =>
    `${p.at === null ? 'No balance read yet' : `Balance as read at ${f.time(p.at)}`}: this provider allows one balance read every ${everyEn(p.everySeconds)}. The next read goes at ${f.time(p.nextAt)}; recharges go on meanwhile.`,
  balance_from_replies: () => 'This provider has no balance request: the wallet shown is from the last recharge reply that carried it.',
  amount_outside_provider: (p, f) =>
    `This provider takes ${f.operator(p.operator)} recharges of ${f.rupees(p.min)} to ${f.rupees(p.max)} only (its own limit). Change the amount. Nothing was sent.`,
  status_checks_waiting: (p) =>
    `${p.waiting === 1 ? '1 status check is' : `${p.waiting} status checks are`} waiting for the provider's limit (${p.perMinute} a minute). They go as soon as it allows; nothing is sent again.`,
  complaints_by: (p) => `This provider takes no complaints through the app. ${p.en}`,
  provider_unreachable: (p) =>
    p.what === 'balance'
      ? 'The provider is not answering. Showing the last known balance; try again in a minute.'
      : 'The provider is not answering, so the complaint was not registered. Try again in a minute.',
  provider_rejected: (p) =>
    p.what === 'balance'
      ? `The provider refused the balance request (${p.said || 'no reason given'}). Check the username and token in Settings.`
      : `The provider did not accept the complaint (${p.said || 'no reason given'}).`,

  reason_required: () => 'Write what went wrong, for example “recharge not received”.',
  reason_too_long: (p) => `Keep the reason under ${p.max} characters.`,
  txn_not_found: () => 'This transaction is not in the history.',
  no_provider_id: () => 'The provider has not given this recharge an ID yet, so a complaint cannot be raised. Check its status first.',

  not_https: () => 'The provider address must start with https:// so the token is not sent in the open.',
  invalid_url: () => 'This is not a web address. Copy the API address your provider gave you.',
  invalid_username: () => 'The username is your registered 10-digit mobile number.',
  weak_protection: () =>
    'The token was not saved: this computer cannot lock it safely, and the weaker protection was not accepted. Save again and choose “Accept” when RechargeDesk asks.',
  token_required: (p) =>
    p.accountChanged
      ? 'You changed the provider address or the username, so paste the API token again. The saved token is only sent to the address it was saved for.'
      : 'Paste the API token from your provider’s dashboard.',
  credential_invalid: (p) => `${p.label.en}: ${CREDENTIAL_EN[p.problem](p)} Nothing was saved.`,
  credentials_host_changed: (p) =>
    `The provider profile${p.account ? ` of “${p.account}”` : ''} now sends to another address for “${p.host.en}”, so the passwords and keys typed for the old address were removed. ` +
    'Recharges on this account are on hold: open Settings and type them again.',
  sign_in_first: () => 'Nobody is signed in. Press the lock button, choose your name and type your PIN, then try again. Nothing was done.',
  person_name_taken: (p) => `Someone is already called "${p.name}". Choose another name (add a letter or a surname). Nothing was saved.`,
  person_unknown: () =>
    'That person is not on the list any more. Choose your name again, or ask the owner to add you. Nobody was signed in.',
  wrong_pin: (p) => `That PIN is not right. Nothing was unlocked. ${tries(p)}`,
  owner_pin_wrong: (p) => `That is not the owner’s PIN. Nothing was recorded. ${tries(p)}`,
  wrong_token: (p) => `That is not the API token saved for this account. The PIN was not changed. ${tries(p)}`,
  pin_wait: (p) => `Too many wrong PINs. PIN entry is locked for ${p.seconds} more seconds; nothing was checked.`,
  pin_not_saved: (p) =>
    `The owner PIN could not be saved in the data folder (${p.cue}). Nothing was changed; free some disk space and try again.`,
  pin_reset_needs_file: (p) =>
    `There is no live API token on this computer to prove who the owner is. To reset the PIN, close RechargeDesk and delete the file ${p.file}; the next start has no PIN and Settings asks for a new one. Nothing was changed.`,

  customer_name_too_long: (p) => `Keep the name under ${p.max} letters. Nothing was saved.`,
  customer_name_control: () => 'The name has a hidden control character (often from copied text). Type the name again. Nothing was saved.',
  customer_name_no_letter: () => 'A name needs at least one letter; the number goes in the number box. Nothing was saved.',
  customer_number_invalid: () => 'Type the mobile number or DTH ID in digits (6 to 12). Nothing was saved.',
  customer_operator_unknown: () => 'Pick the operator from the list. Nothing was saved.',
  validity_out_of_range: (p) => `Validity is ${p.min} to ${p.max} days. Nothing was changed.`,

  settings_not_saved: (p) =>
    `The settings could not be saved because ${SETTINGS_WHY[p.reason]}, then try again. The settings in use are unchanged.`,
  customer_text_refused: (p) => `${CUSTOMER_TEXT_EN[p.field]} ${CUSTOMER_TEXT_WHY_EN[p.problem](p.max)} Nothing was saved.`,
  customer_text_dropped: (p) =>
    `${CUSTOMER_TEXT_EN[p.field]} in the settings file ${CUSTOMER_TEXT_WHY_EN[p.problem](p.max)} It was not used and is empty now; type it again in Settings.`,
  settings_reset: (p) =>
    (p.dropped
      ? `Some settings did not fit (${p.dropped}) and were set back to their defaults; the rest were kept.`
      : 'The settings file was damaged (it could not be read). Default settings are in use.') +
    (p.copy ? ` The old file was copied to ${p.copy}.` : '') +
    ' Check Settings.',
  settings_restored: (p) =>
    `The settings file was damaged; the settings were brought back from the last good copy.${p.copy ? ` The damaged file was copied to ${p.copy}.` : ''} Check Settings.`,
  diagnostics_not_saved: (p) =>
    `The diagnostics file could not be saved at ${p.path} (${p.cue}). Choose another place, or free some disk space, and try again.`,
  clipboard_failed: () => 'Could not copy. Select the text and copy it by hand.',
  print_unavailable: () => 'Printing works in the RechargeDesk desktop app. Share the receipt on WhatsApp instead.',
  print_failed: (p) => `The printer did not take the receipt (${p.cue}). Check it is on and has paper, or choose it again in Settings.`,

  backup_folder_missing: (p) =>
    `The backup folder ${p.folder} is not there. Plug in the drive or choose another folder. Nothing was changed.`,
  backup_folder_full: (p) => `The backup folder ${p.folder} is full. Free some space or choose another folder.`,
  backup_folder_readonly: (p) => `RechargeDesk cannot write to ${p.folder}. Choose a folder you can write to. Nothing was changed.`,
  backup_failed: (p) =>
    `The backup${p.folder ? ` to ${p.folder}` : ''} failed: ${BACKUP_WHY[p.why]}${p.cue ? ` (${p.cue})` : ''}. The earlier backups are kept; try again, or choose another folder.`,
  not_a_backup: (p) => `${p.path} is not a RechargeDesk backup, or it is damaged. Choose another file; nothing was changed.`,
  backup_missing: (p) => `The backup ${p.path} is not there. Choose another one; nothing was changed.`,
  backup_newer: (p) =>
    `${p.path} was made by a newer RechargeDesk (history version ${p.version}). Install the newest RechargeDesk to restore it. Nothing was changed.`,
  backup_unusable: (p) =>
    `${p.path} does not have the history's “${p.table}” table as RechargeDesk writes it, so it is not restored. Choose another file; nothing was changed.`,
  restore_rows_rejected: (p) =>
    `${p.count} ${p.count === 1 ? 'row' : 'rows'} of the restored file did not make sense and ${p.count === 1 ? 'was' : 'were'} left out${p.refs.length ? ` (${p.refs.join(', ')})` : ''}. They are kept in ${p.file} for support; check those recharges with the provider.`,
  restore_failed: (p) =>
    p.stage === 'copy'
      ? 'The backup could not be copied next to the history. Nothing was changed; try another backup.'
      : p.stage === 'move'
        ? 'The file could not be put in place in the data folder. Nothing was changed; check the disk has space and try again.'
        : 'The backup could not be put in place. The history is as it was; try another backup.',
  journal_refused: (p) =>
    `${p.lines} ${p.lines === 1 ? 'line' : 'lines'} of the backup journal ${p.lines === 1 ? 'was' : 'were'} not put back (the first: ref ${p.refId}, because ${REFUSED_WHY[p.reason]}). The journal file may have been changed by hand. The rest of the history was restored.`,
  move_settings_unreadable: () =>
    'The settings in this move file cannot be read, so the file was not used. Nothing was changed. Export the file again on the old computer.',
  move_account_confirm: (p) =>
    `This file switches the provider account to ${p.username} at ${p.baseUrl}` +
    (p.currentUsername ? ` (in place of ${p.currentUsername} at ${p.currentBaseUrl})` : ' (this computer has no provider account yet)') +
    (p.profile ? `, read with the profile ${p.profile} (in place of ${p.currentProfile ?? ''})` : '') +
    (p.routing?.length ? `. It also changes the routing accounts: ${p.routing.map((c) => ROUTING_CHANGE_EN[c.what](c)).join('; ')}` : '') +
    '. Check that this is your shop’s account, then confirm to go on. Nothing was changed yet.',

  profile_unreadable: (p) =>
    `This file is not a provider profile RechargeDesk can read${p.where ? ` (at “${p.where}”)` : ''}. Nothing was changed. Check the file against the guide to writing profiles (docs/provider-profiles.md), or ask whoever wrote it.`,
  profile_refused: (p) =>
    `This profile was not accepted: ${p.faults.map((f) => PROFILE_FAULT[f.fault](f)).join('; ')}. Nothing was changed.`,
  profile_problem: (p) => PROBLEM[p.kind](p),
  profile_not_ready: (p) => `Not saved yet: ${p.missing.map((m) => BENCH_STEP[m]).join('; ')}.`,
  profile_open_recharges: (p) =>
    `${p.count} ${p.count === 1 ? 'recharge is' : 'recharges are'} still waiting for the provider's answer. Change the provider profile once ${p.count === 1 ? 'it is' : 'they are'} final (see Being checked).`,
  routing_unreadable: (p) =>
    `These routing rules are not in a form RechargeDesk can read${p.where ? ` (at “${p.where}”)` : ''}. Nothing was saved.`,
  routing_refused: (p, f) =>
    `These routing rules were not saved: ${p.faults.map((r) => ROUTING_FAULT[r.fault](r, f)).join('; ')}. Correct them and save again; the rules in use have not changed.`,
  routing_set_aside: (p) =>
    (p.why === 'damaged'
      ? 'The routing rules file is damaged (it could not be read).'
      : 'The saved routing rules are no longer accepted (open Settings to see why).') +
    ' Routing is off: every recharge goes to the account of Settings until the rules are saved again.' +
    (p.copy ? ` A copy of the file was kept at ${p.copy}.` : ''),
  route_no_account: (p, f) =>
    `No provider account can take ${f.money(p.amount)} for ${f.operator(p.operator)} now (paused, its daily limit reached, or its wallet too low). Nothing was sent. Resume or top up an account, or change the routing rules.`,
  account_paused: (p) =>
    p.why === 'failures'
      ? `The account “${p.account}” was paused after ${p.failures ?? 0} recharges in a row without a success. Recharges go to the next account. Resume it in Settings once the provider works again.`
      : `The account “${p.account}” was paused: its balance could not be read. Recharges go to the next account. Resume it in Settings once the provider answers again.`,
  possible_double_recharge: (p, f) =>
    `Possible double recharge: ${f.money(p.amount)} for ${f.number(p.number)} was sent to “${p.first.account}” (ref ${p.first.refId}), counted failed, then sent to “${p.second.account}” (ref ${p.second.refId}); the first has now succeeded after all. Check both with the providers before giving any money back, and raise a complaint for the one to reverse.`,
  profile_missing: (p) =>
    `The provider profile “${p.id}” is not on this computer any more. Import it again, or choose another in Settings.`,

  report_range_reversed: () => 'The “from” date is after the “to” date. Swap them and try again.',
  report_range_too_long: (p) => `A report covers at most ${p.maxDays} days. Choose a shorter range.`,
  report_range_future: () => 'The dates start after today. Choose dates up to today.',
  export_disk_full: () => 'The disk is full, so the file was not saved. Free some space or choose another drive.',
  folder_unreadable: (p) => `The folder ${p.folder} cannot be opened (is it there, and may this PC read it?). Choose another.`,
  export_folder_missing: (p) =>
    `The folder ${p.folder} is not there any more (a pen drive taken out?). Nothing was saved; choose another folder.`,
  export_not_allowed: (p) => `RechargeDesk may not save in ${p.folder}. Choose another folder, such as Documents.`,
  export_failed: () => 'The file could not be saved. Nothing was changed; try again or choose another folder.',
  day_already_closed: (p, f) => `${f.day(p.date)} is already closed. To correct it, record a recount: the first closing stays visible.`,
  day_in_future: () => 'That day has not come yet. Close today or an earlier day.',
  upi_count_needed: () =>
    'Enter what the UPI app lists as received today (₹0 if nothing): the close checks the UPI too. Nothing was recorded.',
  upi_app_more: (p, f) => `${f.money(p.amount)} more in the UPI app than the counter knows: a UPI payment not marked received?`,
  upi_app_less: (p, f) =>
    `${f.money(p.amount)} less in the UPI app than the counter knows: a UPI sale marked received that did not arrive?`,
  count_first: (p, f) =>
    `Count the cash in the drawer for ${f.day(p.date)} and record it first: that day's money is shown after the count.`,

  shop_needs_live: () =>
    'The shop ledger keeps a live account’s recharges. Save the provider account in Settings first; demo recharges never leave this computer.',
  shop_unavailable: () => 'This build of RechargeDesk cannot reach a shop ledger.',
  shop_ledger_offline: (p, f) =>
    `Shop ledger offline since ${f.time(p.since)}. This counter keeps working on its own; its recharges reach the shop ledger when it answers again.`,
  shop_ledger_back: () => 'The shop ledger answers again; this counter is catching up with it.',
  shop_address_password: () => 'Take the password out of the address: type it in the Password box instead. Nothing was saved.',
  shop_row_refused: (p) =>
    `${p.rows} ${p.rows === 1 ? 'row' : 'rows'} from the shop ledger ${p.rows === 1 ? 'was' : 'were'} not used (the last: ref ${p.refId} from ${p.counter}, because ${REFUSED_WHY[p.reason]}). Ask whoever runs the shop ledger to check that counter.`,

  balance_low: (p, f) =>
    `The wallet is low: ${f.money(p.buyer)} left (you asked to be warned below ${f.money(p.threshold)}). Top up soon so recharges do not stop.`,
  wallet_out_unexplained: (p, f) =>
    `${f.money(p.amount)} went out of the wallet${p.account ? ` of ${p.account}` : ''} at ${f.time(p.at)} that no recharge ${p.otherCounters === 'checked' ? 'at this counter or the other counters' : 'here'} explains. ` +
    `Checked with the provider: ${p.recharges} recent ${p.recharges === 1 ? 'recharge' : 'recharges'} and ${p.complaints} open ${p.complaints === 1 ? 'complaint' : 'complaints'}; none accounts for it. ` +
    (p.otherCounters === 'unchecked'
      ? 'The other counters could not be checked: the shop ledger is offline. If another counter recharged on this account just then, the money may be theirs: look at its History first. '
      : '') +
    `Ask the provider for the account statement of today and find what took it.`,
  txn_refunded: (p, f) =>
    `Refund: the recharge of ${f.money(p.amount)} for ${f.number(p.number)} was reversed by the provider at ${f.time(p.at)}. The amount is back in the wallet.` +
    (p.saleMoney ? ` ${customerMoney(p.saleMoney, f)}` : ''),
  answer_changed: (p, f) =>
    `Answer changed: the recharge of ${f.money(p.amount)} for ${f.number(p.number)} (ref ${p.refId}) was answered “${p.from.word ?? p.from.status}” at ${f.time(p.from.at)}, and the provider’s check now says “${p.to.word ?? 'Success'}” (${f.time(p.to.at)}). The customer was recharged after all. ` +
    (p.fixed === 'collected'
      ? `Recorded: ${f.money(p.collect)} collected from them${p.putBack > 0 ? `, ${f.money(p.putBack)} back on their due` : ''}. `
      : '') +
    (p.fixed === 'on_due' ? `Recorded: ${f.money(p.collect + p.putBack)} put on their due. ` : '') +
    (!p.fixed && p.collect > 0
      ? p.unpaid && p.unpaid < p.collect
        ? `They were given ${f.money(p.collect - p.unpaid)} cash back and their UPI ${f.money(p.unpaid)} never came: collect ${f.money(p.collect)} from them. `
        : p.unpaid
          ? `They never paid for it (marked “customer did not pay”): collect ${f.money(p.collect)} from them. `
          : `They were given ${f.money(p.collect)} back: collect ${f.money(p.collect)} from them. `
      : '') +
    (!p.fixed && p.putBack > 0 ? `${f.money(p.putBack)} came off their due: put ${f.money(p.putBack)} back on it. ` : '') +
    (p.collect === 0 && p.putBack === 0 ? 'Nothing is to be given back to them. ' : '') +
    (p.double
      ? 'Another attempt of this sale also went through: a possible double recharge, check both with the providers.'
      : 'Nothing was sent again.'),
  complaint_refunded: (p, f) =>
    `Complaint ${p.complainId} answered: ${f.money(p.amount)} for ${f.number(p.number)} came back to the wallet at ${f.time(p.at)}.`,
  txn_failed_late: (p, f) =>
    (p.sent
      ? `Failed: the recharge of ${f.money(p.amount)} for ${f.number(p.number)} did not go through (answered at ${f.time(p.at)}). `
      : `Not sent: the recharge of ${f.money(p.amount)} for ${f.number(p.number)} never reached the provider, nothing was charged (found at ${f.time(p.at)}). `) +
    (p.saleGoesOn
      ? 'The sale is not over: the app tries it on another account, or says so when the money must go back. Give nothing back yet.'
      : p.saleMoney
        ? customerMoney(p.saleMoney, f)
        : `Give ${f.money(p.amount)} back to the customer.`),

  success_not_ours: (p, f) =>
    `A success that is not this sale's: the provider answered Success for ${saidOtherwise(p, f, SAID_EN)}, but this sale sent ${f.money(p.amount)} for ${f.operator(p.operator)} ${f.number(p.number)} (ref ${p.refId}, answered at ${f.time(p.at)}). ` +
    'It is not counted as a success: it stays open and is checked again. Do not send it again and give no money back yet. Ask the customer whether the recharge reached their phone, and call the provider with the ref to learn what they recharged.',

  ledger_reindexed: () => 'Part of the history file was damaged (only its search indexes). It has been rebuilt; nothing was lost.',
  ledger_salvaged: (p) =>
    `The history file was damaged. ${p.txns} transactions were saved into a new file; ${p.open} of them are still being checked with the provider. The damaged file was kept as ${p.file}.` +
    (p.lost > 0 ? ` ${p.lost} open recharges could not be read. Check them with the provider: ${p.lostRefs.join(', ')}.` : ''),
  ledger_replaced: (p) =>
    `The history file could not be read at all. It was kept as ${p.file} and a new history was started. Restore a backup in Settings, or give the old file to support.`,
  ledger_check_failed: () =>
    'The daily check found damage in the history file. Restart RechargeDesk: it will repair the file and keep every transaction it can read.',
  callback_listener_failed: (p) =>
    `The callback listener could not start on port ${p.port} (${p.cue}). Choose another port in Settings; status checks go on regardless.`,

  data_folder_in_use: (p, f) => {
    const who = p.host
      ? ` (on the computer “${p.host}”)`
      : p.pid
        ? ` (process ${p.pid}${p.since ? `, since ${f.date(p.since)} ${f.time(p.since)}` : ''})`
        : '';
    return `The data folder ${p.folder} is already in use by another RechargeDesk${who}. Two copies must never share one history. Close the other RechargeDesk window (or the web harness) and start again; if none is open, restart the computer.`;
  },
  data_newer: () =>
    'Your data was saved by a newer version of RechargeDesk than this one. Install the newest RechargeDesk and start it again. Nothing was changed; your history is safe.',
  migration_failed: (p) =>
    `The history could not be upgraded from version ${p.from} to ${p.to} (${p.cue}). The history file was left exactly as it was${p.copy ? `, and a copy is in ${p.copy}` : ''}. Keep using the previous version of RechargeDesk and contact support.`,
  data_folder_busy: () =>
    'The data folder is in use by another copy of RechargeDesk or another program. Close the other copy (check the taskbar), then start RechargeDesk again. If it keeps happening, restart the computer.',
  start_disk_full: () =>
    'The disk is full, so RechargeDesk cannot save anything. Free some space on the disk, then start RechargeDesk again.',
  start_disk_error: () =>
    'The disk did not read or write the history correctly (a disk error). Check that the disk is connected and has free space, then start RechargeDesk again. If it comes back, call support; do not delete the data folder.',
  start_cannot_open: () =>
    'RechargeDesk could not open its history file. Check that the data folder is on a connected disk and that you are the same computer user as before, then start RechargeDesk again.',
  start_not_allowed: () =>
    'RechargeDesk is not allowed to read or write its data folder. Start RechargeDesk as the same computer user as before, or ask whoever looks after this computer to give that user write access to the folder.',
  vault_unreadable: () =>
    'The file that keeps your saved token (vault.json) is damaged or cannot be read. Close RechargeDesk, move vault.json out of the data folder (keep it for support), start again and enter your token in Settings. Your history is not affected.',
  settings_unreadable: () =>
    'The settings file (settings.json) could not be opened. Close RechargeDesk, move settings.json out of the data folder (keep it for support), and start again; the settings start from their defaults.',
  window_missing: () =>
    "RechargeDesk's window could not be loaded: the installation is incomplete or damaged. Install RechargeDesk again (your data folder is kept), then start it.",
  start_failed: () =>
    'Something in the data folder stopped RechargeDesk from starting. Start RechargeDesk again. If this message comes back, call support and tell them the technical detail below; do not delete the data folder, your history is in it.',
};
