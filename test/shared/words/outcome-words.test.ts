import { describe, expect, it } from 'vitest';
import {
  OUTCOMES,
  OUTCOME_CODES,
  outcomeSchema,
  type Outcome,
  type OutcomeCode,
  type OutcomeParams,
} from '../../../src/shared/outcomes/outcome-registry';
import { outcomeText } from '../../../src/shared/words/outcome-text';

const AT = Date.UTC(2026, 10, 25, 7, 39); // 1:09 pm India time
const TXN = { refId: 'RD7Q000123', amount: 34_900, createdAt: AT, status: 'Pending' as const };

/** One sample per code: a code added to the registry without a sample here does not compile. */
const SAMPLES: { [C in OutcomeCode]: OutcomeParams<C> } = {
  internal: {},
  bad_request: { detail: 'amount: expected number' },
  unknown_channel: { channel: 'txn:nope' },
  forbidden: {},
  transport: {},
  app_incomplete: {},
  bridge_missing: {},
  owner_only: {},
  unknown_operator: { typed: 'XYZ' },
  invalid_number: { operator: 'TATASKY' },
  amount_not_whole: { min: 10, max: 5000 },
  amount_out_of_range: { operator: 'JIO', min: 10, max: 5000 },
  insufficient_balance: { wallet: 12_345, amount: 34_900 },
  payment_split_parts: { amount: 19_900 },
  upi_not_set: {},
  upi_sale_not_found: {},
  nothing_to_give_back: {},
  not_paid_but_paid: {},
  upi_marked_not_paid: {},
  upi_marked_split_not_paid: {},
  khata_amount_invalid: {},
  khata_pay_above_due: { due: 19_900 },
  khata_nothing_due: {},
  khata_entry_not_found: {},
  khata_correction_same: { amount: 5_000 },
  khata_correction_needs_owner: {},
  khata_limit_invalid: { max: 10_000_000 },
  credit_over_limit: { due: 80_000, credit: 30_000, limit: 100_000 },
  in_flight: {},
  reply_not_stored: {},
  reconciling: {},
  open_recharge: { txn: TXN },
  mobile_on_dth: { operator: 'DISHTV' },
  duplicate_recent: { txn: { ...TXN, status: 'Success' } },
  shop_duplicate: { counter: 'Counter 2', kind: 'open', txn: TXN },
  token_unreadable: {},
  token_missing: {},
  busy_sending: { then: 'restore' },
  provider_unreachable: { what: 'complaint' },
  balance_held_back: { at: 1_760_000_000_000, everySeconds: 600, nextAt: 1_760_000_600_000 },
  balance_from_replies: {},
  amount_outside_provider: { operator: 'JIO', min: 20, max: 5000 },
  status_checks_waiting: { waiting: 3, perMinute: 6 },
  complaints_by: { en: "Call the provider's helpline with the ref.", hi: 'रेफ़ के साथ प्रोवाइडर की हेल्पलाइन पर फ़ोन करें।' },
  provider_rejected: { what: 'balance', said: 'Invalid token' },
  reason_required: {},
  reason_too_long: { max: 500 },
  txn_not_found: {},
  no_provider_id: {},
  not_https: {},
  invalid_url: {},
  invalid_username: {},
  weak_protection: {},
  token_required: { accountChanged: true },
  credential_invalid: { label: { en: 'PIN', hi: 'पिन' }, problem: 'chars', min: 4, max: 6, chars: 'digits' },
  credentials_host_changed: { host: { en: 'Status server', hi: 'स्टेटस सर्वर' }, account: 'Second Provider' },
  wrong_pin: { waitSeconds: 0, triesLeft: 2 },
  sign_in_first: {},
  person_name_taken: { name: 'Ravi' },
  person_unknown: {},
  owner_pin_wrong: { waitSeconds: 0, triesLeft: 3 },
  wrong_token: { waitSeconds: 30, triesLeft: 0 },
  pin_wait: { seconds: 30 },
  pin_not_saved: { cue: 'ENOSPC' },
  pin_reset_needs_file: { file: 'D:\\RechargeDesk\\owner-pin.json' },
  customer_name_too_long: { max: 60 },
  customer_name_control: {},
  customer_name_no_letter: {},
  customer_number_invalid: {},
  customer_operator_unknown: {},
  validity_out_of_range: { min: 1, max: 365 },
  settings_not_saved: { reason: 'disk_full', cue: 'ENOSPC' },
  settings_reset: { dropped: 'language', copy: 'settings.json.damaged' },
  settings_restored: { copy: 'settings.json.damaged' },
  customer_text_refused: { field: 'shopName', problem: 'link', max: 120 },
  customer_text_dropped: { field: 'upiPayee', problem: 'too_long', max: 50 },
  diagnostics_not_saved: { path: 'E:\\diag.zip', cue: 'EACCES' },
  clipboard_failed: {},
  print_unavailable: {},
  print_failed: { cue: 'no paper' },
  backup_folder_missing: { folder: 'E:\\Backups' },
  backup_folder_full: { folder: 'E:\\Backups' },
  backup_folder_readonly: { folder: 'E:\\Backups' },
  backup_failed: { why: 'mismatch', folder: 'E:\\Backups', cue: 'EIO' },
  not_a_backup: { path: 'E:\\photo.jpg' },
  backup_missing: { path: 'E:\\old.sqlite' },
  restore_failed: { stage: 'swap' },
  profile_unreadable: { where: 'calls.recharge.path' },
  profile_refused: {
    faults: [
      { fault: 'guesses_failure', call: 'status', at: 3 },
      { fault: 'bad_pattern', call: 'callback', at: 1 },
      { fault: 'field_unmapped', call: 'balance', field: 'buyerBalance' },
      { fault: 'sample_misread', call: 'recharge', at: 2 },
      { fault: 'reference_unsupported' },
    ],
  },
  profile_open_recharges: { count: 2 },
  profile_missing: { id: 'my-provider' },
  profile_problem: { kind: 'law', fault: { fault: 'closes_without_word', call: 'status', at: 3 } },
  profile_not_ready: { missing: ['hosts', 'test'] },
  routing_unreadable: { where: 'routes.JIO.0.dailyCapRupees' },
  routing_refused: {
    faults: [
      { fault: 'no_account', operator: 'DISHTV' },
      { fault: 'operator_unknown', operator: 'XYZ' },
      { fault: 'unknown_account', operator: 'JIO', account: 'spare' },
      { fault: 'account_repeated', account: 'main' },
      { fault: 'ranges_overlap', operator: 'AT', account: 'Second Provider', amount: 300 },
      { fault: 'range_reversed', operator: 'VI', account: 'Second Provider' },
      { fault: 'amount_outside', operator: 'VI', account: 'Second Provider', amount: 20_000 },
      { fault: 'cap_negative', operator: 'JIO', account: 'Second Provider' },
      { fault: 'only_paused', operator: 'TATASKY' },
      { fault: 'account_not_https', account: 'Second Provider' },
      { fault: 'account_invalid_url', account: 'Second Provider' },
      { fault: 'account_invalid_username', account: 'Second Provider' },
      { fault: 'account_profile_missing', account: 'Second Provider' },
    ],
  },
  routing_set_aside: { why: 'damaged', copy: 'routing.json.bad-1764000000000' },
  route_no_account: { operator: 'JIO', amount: 34_900 },
  account_paused: { account: 'Second Provider', why: 'failures', failures: 5 },
  possible_double_recharge: {
    number: '9876543210',
    amount: 34_900,
    first: { refId: 'RD7Q000000000123', account: 'Main Provider' },
    second: { refId: 'RD7Q000000000124', account: 'Second Provider' },
  },
  journal_refused: { lines: 2, refId: 'RD7Q000000000123', reason: 'status_move' },
  move_settings_unreadable: {},
  move_account_confirm: {
    baseUrl: 'https://other.example/api',
    username: '9000000009',
    currentBaseUrl: 'https://provider.example/api',
    currentUsername: '9000000001',
  },
  backup_newer: { path: 'E:\\ledger-backup.db', version: 999 },
  backup_unusable: { path: 'E:\\ledger-backup.db', table: 'txns' },
  restore_rows_rejected: { count: 2, refs: ['RD7Q000124'], file: 'ledger.db.rejected-2026.json' },
  report_range_reversed: {},
  report_range_too_long: { maxDays: 366 },
  report_range_future: {},
  export_disk_full: {},
  export_folder_missing: { folder: 'E:\\' },
  folder_unreadable: { folder: 'E:\\backups' },
  export_not_allowed: { folder: 'C:\\Windows' },
  export_failed: {},
  day_already_closed: { date: '2026-11-25' },
  day_in_future: {},
  upi_count_needed: {},
  upi_app_more: { amount: 4_000 },
  upi_app_less: { amount: 12_050 },
  count_first: { date: '2026-11-25' },
  shop_needs_live: {},
  shop_unavailable: {},
  shop_ledger_offline: { since: AT },
  shop_ledger_back: {},
  shop_address_password: {},
  shop_row_refused: { rows: 1, counter: 'Counter 3', refId: 'CCCC000000000002', reason: 'seq_ahead' },
  balance_low: { buyer: 45_000, threshold: 50_000 },
  wallet_out_unexplained: { amount: 23_303, at: Date.UTC(2026, 10, 26, 6, 30), recharges: 3, complaints: 1 },
  txn_refunded: { number: '9876543210', amount: 19_900, at: AT, refId: 'RD7Q000125' },
  complaint_refunded: { number: '9876546666', amount: 29_900, at: AT, refId: 'RD7Q000127', complainId: 'CM00000001' },
  txn_failed_late: { number: '9876542222', amount: 19_900, at: AT, refId: 'RD7Q000126', sent: true },
  answer_changed: {
    number: '9876542222',
    amount: 19_900,
    refId: 'RD7Q000126',
    from: { status: 'Failure', word: 'Failure', at: AT },
    to: { word: 'Success', at: AT + 60_000 },
    collect: 19_900,
    putBack: 0,
    double: false,
  },
  success_not_ours: {
    refId: 'RD7Q000128',
    number: '9876543210',
    amount: 19_900,
    operator: 'JIO',
    said: { number: '9876543211', amount: 29_900, operator: 'AT' },
    at: AT,
  },
  ledger_reindexed: {},
  ledger_salvaged: { txns: 1200, open: 3, lost: 1, lostRefs: ['RD7Q000124'], file: 'ledger.damaged.sqlite' },
  ledger_replaced: { file: 'ledger.damaged.sqlite' },
  ledger_check_failed: {},
  callback_listener_failed: { port: 8089, cue: 'EADDRINUSE' },
  data_folder_in_use: { folder: 'C:\\RechargeDesk', pid: 4242, since: AT },
  data_newer: { version: 99 },
  migration_failed: { from: 7, to: 8, copy: 'backups/ledger-v7.sqlite', cue: 'no such table: txns' },
  data_folder_busy: {},
  start_disk_full: {},
  start_disk_error: {},
  start_cannot_open: {},
  start_not_allowed: {},
  vault_unreadable: {},
  settings_unreadable: {},
  window_missing: {},
  start_failed: {},
};

const samples = OUTCOME_CODES.map((code) => ({ code, params: SAMPLES[code] }) as Outcome);

/**
 * Latin words a Hindi text may carry: names and addresses the shopkeeper types or sees on other
 * screens as they are, the files they must find (vault.json), and the am/pm hi-IN's own clock writes. Anything else Latin on a Hindi
 * text is English that slipped through.
 */
const LATIN_ALLOWED =
  /\b[ap]m\b|\b[a-z-]+\.json\b|https:\/\/|Jio|Airtel|Vi\b|BSNL|Tata Play|Dish TV|Sun Direct|Videocon|d2h|Digital TV|Play|UPI/g;

/** The parameter values themselves (refs, paths, cues) are the shopkeeper's data, not words. */
function withoutValues(text: string, params: unknown): string {
  let out = text;
  const values: string[] = [];
  const walk = (v: unknown): void => {
    if (typeof v === 'string') values.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(params);
  for (const v of values.sort((a, b) => b.length - a.length)) if (v) out = out.split(v).join(' ');
  return out;
}

describe('the outcome catalogue', () => {
  it('has a sample for every code, and every sample fits its own schema', () => {
    for (const o of samples) expect(OUTCOMES[o.code].safeParse(o.params).success, o.code).toBe(true);
  });

  it.each(['en', 'hi'] as const)('words every code in %s, with no placeholder left and nothing undefined', (lang) => {
    for (const o of samples) {
      const text = outcomeText(lang, o);
      expect(text.length, o.code).toBeGreaterThan(10);
      expect(text, o.code).not.toMatch(/\{\{|\}\}|undefined|NaN|\[object/);
    }
  });

  it('has no English word on a Hindi text, outside names and the values it carries', () => {
    const slipped = samples
      .map((o) => ({
        code: o.code,
        latin: withoutValues(outcomeText('hi', o), o.params)
          .replace(LATIN_ALLOWED, ' ')
          .match(/[A-Za-z]{2,}/g),
      }))
      .filter((r) => r.latin);
    expect(slipped).toEqual([]);
  });

  it('says the open recharge it matched, in the screen language, with its amount, time and ref', () => {
    const open: Outcome = { code: 'open_recharge', params: { txn: TXN } };
    expect(outcomeText('en', open)).toBe(
      '₹349.00 sent to this number at 1:09 pm (ref RD7Q000123) is still pending. Send another only if the customer wants a second recharge.',
    );
    const hi = outcomeText('hi', open);
    expect(hi).toContain('₹349.00');
    expect(hi).toContain('RD7Q000123');
    expect(hi).toContain('दोपहर 1:09');
    expect(hi).not.toMatch(/sent|pending|Send/);
  });

  it('tells a late failure with the amount to give back, and a recharge that never left as not sent, nothing charged', () => {
    const params = { number: '9876542222', amount: 19_900, at: AT, refId: 'RD7Q000126' };
    const failed: Outcome = { code: 'txn_failed_late', params: { ...params, sent: true } };
    const notSent: Outcome = { code: 'txn_failed_late', params: { ...params, sent: false } };
    expect(outcomeText('en', failed)).toContain('Give ₹199.00 back to the customer.');
    expect(outcomeText('en', failed)).toContain('98765 42222');
    expect(outcomeText('en', notSent)).toContain('nothing was charged');
    expect(outcomeText('hi', failed)).toContain('ग्राहक को ₹199.00 वापस दें');
    expect(outcomeText('hi', notSent)).toContain('कुछ नहीं कटा');
  });

  it("tells a success that is not the sale's: what was sent, what the reply named, and not to send again", () => {
    const o: Outcome = { code: 'success_not_ours', params: SAMPLES.success_not_ours };
    const en = outcomeText('en', o);
    expect(en).toContain('this sale sent ₹199.00 for Jio 98765 43210 (ref RD7Q000128');
    expect(en).toContain('number 98765 43211, amount ₹299.00, operator Airtel “AT”');
    expect(en).toContain('It is not counted as a success');
    expect(en).toContain('Do not send it again');
    const hi = outcomeText('hi', o);
    expect(hi).toContain('नंबर 98765 43211, राशि ₹299.00, ऑपरेटर Airtel “AT”');
    expect(hi).toContain('इसे दोबारा न भेजें');
  });

  it('after a failed or refunded sale, says the credit came off the due and only the paid part is to give back', () => {
    const params = { number: '9876542222', amount: 19_900, at: AT, refId: 'RD7Q000126' };
    const credit: Outcome = { code: 'txn_failed_late', params: { ...params, sent: true, saleMoney: { paid: 0, credit: 19_900 } } };
    const cash: Outcome = { code: 'txn_refunded', params: { ...params, saleMoney: { paid: 19_900, credit: 0 } } };
    expect(outcomeText('en', credit)).toContain("₹199.00 on credit came off the customer's due by itself.");
    expect(outcomeText('en', credit)).not.toContain('Give');
    expect(outcomeText('en', cash)).toContain('Give ₹199.00 back to the customer. Or keep it as their credit, if they ask.');
    expect(outcomeText('hi', credit)).toContain('बकाया राशि से अपने-आप घट गए');
    expect(outcomeText('hi', cash)).toContain('ग्राहक को ₹199.00 वापस दें। ग्राहक कहे तो');
  });

  it('uses the 12-hour clock and day/month/year in both languages', () => {
    const closed: Outcome = { code: 'day_already_closed', params: { date: '2026-11-05' } };
    expect(outcomeText('en', closed)).toContain('05/11/2026');
    expect(outcomeText('hi', closed)).toContain('05/11/2026');
    const offline: Outcome = { code: 'shop_ledger_offline', params: { since: AT } };
    expect(outcomeText('en', offline)).toContain('1:09 pm');
  });
});

describe('an outcome from outside (an IPC answer, a file left by an earlier run)', () => {
  it('is refused when its code is not ours or its values do not fit the code', () => {
    expect(outcomeSchema.safeParse({ code: 'open_recharge', params: { txn: TXN } }).success).toBe(true);
    expect(outcomeSchema.safeParse({ code: 'rm_rf', params: {} }).success).toBe(false);
    expect(outcomeSchema.safeParse({ code: 'open_recharge', params: { txn: { ...TXN, amount: '349' } } }).success).toBe(false);
    expect(outcomeSchema.safeParse({ code: 'backup_failed', message: 'The backup failed.' }).success).toBe(false);
    expect(outcomeSchema.safeParse({ code: 'constructor', params: {} }).success).toBe(false);
  });
});
