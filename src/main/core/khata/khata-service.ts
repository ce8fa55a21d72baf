import { istDate } from '../../../shared/ist-date';
import { isMobileNumber } from '../../../shared/operators';
import { khataUpiUri } from '../../../shared/payment/khata-upi';
import type { Settings } from '../../../shared/settings-schema';
import { CREDIT_LIMIT_MAX_PAISE } from '../../../shared/field-limits';
import type { KhataView } from '../../../shared/khata/khata-schemas';
import { reminderText } from '../../../shared/words/khata-words';
import { correctionFault, paymentFault } from '../../../shared/money-law/money-entry-law';
import { correctionNeedsOwner } from '../../../shared/money-law/correction-owner';
import { UserFacingError } from '../errors/user-facing-error';
import type { Ledger } from '../ledger/ledger';

const DAY = 86_400_000;
/** The dues list is for the morning's calls and the owner's look: the oldest this many, with totals of all. */
const DUES_SHOWN = 200;
/** Ages of the dues list (docs/khata.md): 0–7 days since the due last rose above nothing, 8–30, 31 and more. */
const FRESH_DAYS = 7;
const MONTH_DAYS = 30;

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

/** The number as the khata keeps it, or null for what cannot be a customer's number there. */
function khataNumber(number: string): string | null {
  const n = number.trim();
  return /^\d{6,12}$/.test(n) ? n : null;
}

function checkNumber(number: string): string {
  const n = khataNumber(number);
  if (n === null) throw new UserFacingError('customer_number_invalid', {});
  return n;
}

/** Whole rupees above nothing, as paise; anything else is refused in words. */
function positivePaise(rupees: number): number {
  if (!Number.isSafeInteger(rupees) || rupees <= 0) throw new UserFacingError('khata_amount_invalid', {});
  return rupees * 100;
}

export interface KhataDeps {
  ledger: Pick<Ledger, 'khata' | 'customers'>;
  settings: () => Pick<Settings, 'creditLimitRupees' | 'language' | 'upi' | 'shop'>;
  now: () => number;
  /** With a shop ledger: when the other counters' entries were last pulled (ShopSync.lastSyncAt). */
  shopSeenAt?: (() => number | null) | undefined;
}

/**
 * The customer's credit book (issue 30 item 3, docs/khata.md). A credit sale raises the due by
 * itself (the sale is written with its recharge); here the customer pays it down, a mistake is
 * corrected by a new entry naming the old, the owner sets limits, and reminders are written.
 * Every refusal changes nothing.
 */
export class KhataService {
  constructor(private readonly deps: KhataDeps) {}

  view(number: string, lines = 200): KhataView {
    const n = checkNumber(number);
    const { khata, customers } = this.deps.ledger;
    const own = khata.settings(n);
    const lang = own.lang === 'en' || own.lang === 'hi' ? own.lang : null;
    return {
      number: n,
      name: customers.get(n)?.name ?? '',
      due: khata.due(n),
      limit: this.limitOf(own.creditLimit),
      ownLimit: own.creditLimit,
      lang,
      lines: lines > 0 ? khata.statement(n, lines) : [],
      ...(this.deps.shopSeenAt ? { shopSeenAt: this.deps.shopSeenAt() } : {}),
    };
  }

  /** What the number owes now, paise (negative: the shop holds an advance), for the counter beside the typed number. */
  due(number: string): number {
    // A number the khata cannot hold owes nothing: the counter's other answers about it still come.
    const n = khataNumber(number);
    return n === null ? 0 : this.deps.ledger.khata.due(n);
  }

  /** The number's due (the shop's, every counter's entries) and its limit (the shop's newest), paise: what a credit sale is held to. */
  standing(number: string): { due: number; limit: number } {
    const n = khataNumber(number);
    if (n === null) return { due: 0, limit: this.limitOf(null) };
    const { khata } = this.deps.ledger;
    return { due: khata.due(n), limit: this.limitOf(khata.settings(n).creditLimit) };
  }

  /** The customer paid towards the due, whole or part; more than the due is refused. */
  pay(number: string, rupees: number, method: 'cash' | 'upi'): KhataView {
    const n = checkNumber(number);
    const amount = positivePaise(rupees);
    const due = this.deps.ledger.khata.due(n);
    // The money law's rule, the one a replayed journal line meets too (money-entry-law.ts).
    const fault = paymentFault(amount, due);
    if (fault === 'nothing_due') throw new UserFacingError('khata_nothing_due', {});
    if (fault === 'above_due') throw new UserFacingError('khata_pay_above_due', { due });
    const at = this.deps.now();
    this.deps.ledger.khata.pay({ number: n, method, amount, date: istDate(at), at });
    return this.view(n);
  }

  /**
   * Corrects a line of the statement to what it should have been (`rupees`, ≥ 0): a new entry of
   * the difference, naming the line; the line itself stays as written. A sale's credit is named
   * by its refId, a payment by its entry id. Corrections already naming the line are counted.
   */
  correct(number: string, line: { id: number | null; refId: string | null }, rupees: number, ownerWord: boolean): KhataView {
    const { n, refId, amount, limit } = this.judgeCorrection(number, line, rupees);
    if (correctionNeedsOwner(amount, limit) && !ownerWord) throw new UserFacingError('khata_correction_needs_owner', {});
    const at = this.deps.now();
    this.deps.ledger.khata.correct({
      number: n,
      amount,
      corrects: line.id,
      refId,
      date: istDate(at),
      at,
    });
    return this.view(n);
  }

  /** Whether this correction, as the money law would record it, needs the owner's word (refused as `correct` would be when bad). */
  correctionNeedsOwner(number: string, line: { id: number | null; refId: string | null }, rupees: number): boolean {
    const { amount, limit } = this.judgeCorrection(number, line, rupees);
    return correctionNeedsOwner(amount, limit);
  }

  /** The customer's credit limit in paise: their own, or the shop's default (both the owner's to set). */
  private limitOf(own: number | null): number {
    return own ?? this.deps.settings().creditLimitRupees * 100;
  }

  /**
   * The correction's signed move of the due, judged by the money law (money-entry-law.ts) against
   * the line as written and the corrections already naming it; refused in words when bad.
   */
  private judgeCorrection(number: string, line: { id: number | null; refId: string | null }, rupees: number) {
    const n = checkNumber(number);
    if (!Number.isSafeInteger(rupees) || rupees < 0) throw new UserFacingError('khata_amount_invalid', {});
    const { khata } = this.deps.ledger;
    const refId = line.id === null ? line.refId : null;
    const named = khata.lineOf(line.id, refId);
    const correctedBy = named ? khata.correctedBy(n, line.id, refId) : 0;
    const stands = (named?.move ?? 0) + correctedBy;
    const wanted = Math.sign(named?.move ?? 0) * rupees * 100;
    const fault = correctionFault({ number: n, amount: wanted - stands, line: named, correctedBy });
    if (fault === 'no_such_entry') throw new UserFacingError('khata_entry_not_found', {});
    if (fault === 'correction_same') throw new UserFacingError('khata_correction_same', { amount: Math.abs(stands) });
    if (fault) throw new UserFacingError('khata_amount_invalid', {});
    const limit = this.limitOf(khata.settings(n).creditLimit);
    return { n, refId, amount: wanted - stands, limit };
  }

  /** The owner sets this customer's own limit (null: back to the shop's default). */
  setLimit(number: string, rupees: number | null): KhataView {
    const n = checkNumber(number);
    if (rupees !== null && (!Number.isSafeInteger(rupees) || rupees < 0 || rupees * 100 > CREDIT_LIMIT_MAX_PAISE)) {
      throw new UserFacingError('khata_limit_invalid', { max: CREDIT_LIMIT_MAX_PAISE });
    }
    this.deps.ledger.khata.setLimit(n, rupees === null ? null : rupees * 100, this.deps.now());
    return this.view(n);
  }

  setLang(number: string, lang: 'en' | 'hi' | null): KhataView {
    const n = checkNumber(number);
    this.deps.ledger.khata.setLang(n, lang, this.deps.now());
    return this.view(n);
  }

  /** Who owes, oldest debt first, with the count and sum of every due by age; and whose advance the shop holds. */
  dues() {
    const today = istDate(this.deps.now());
    const { khata } = this.deps.ledger;
    return {
      today,
      ages: khata.ages(addDays(today, -FRESH_DAYS), addDays(today, -MONTH_DAYS)),
      items: khata.owing(DUES_SHOWN),
      advances: khata.advances(DUES_SHOWN),
    };
  }

  /** A reminder in the customer's language (else the shop's), with a UPI link for the due when the shop's UPI is set. */
  reminder(number: string) {
    const view = this.view(number, 0);
    const settings = this.deps.settings();
    const lang = view.lang ?? settings.language;
    const upi = khataUpiUri(settings.upi, { amount: view.due, number: view.number }, lang);
    const text = reminderText(lang, {
      shop: settings.shop.name,
      name: view.name,
      due: Math.max(view.due, 0),
      date: istDate(this.deps.now()),
      upiUri: upi,
    });
    const to = isMobileNumber(view.number) ? `91${view.number}` : '';
    return { lang, text, whatsappUrl: `https://wa.me/${to}?text=${encodeURIComponent(text)}`, upiUri: upi };
  }
}
