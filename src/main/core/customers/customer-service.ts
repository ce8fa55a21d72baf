import {
  CIRCLES,
  DEFAULT_VALIDITY_DAYS,
  DUE_WINDOW_DAYS,
  MAX_CUSTOMER_NAME_CHARS,
  MAX_VALIDITY_DAYS,
  MIN_VALIDITY_DAYS,
  looksLikeName,
  nameProblem,
  tidyName,
  type Customer,
} from '../../../shared/customer-schemas';
import { istDate } from '../../../shared/ist-date';
import { findOperator } from '../../../shared/operators';
import { UserFacingError } from '../errors/user-facing-error';
import { nearNumbers } from './near-numbers';
import type { Ledger } from '../ledger/ledger';
import type { CustomerRow } from '../ledger/customer-sql';

const DAY = 86_400_000;
/** The due list is for calling people, not a report: more than this is not a morning's calls. */
const DUE_LIST_MAX = 200;

/** An India-time date moved by whole days (the dates carry no time, so no clock is involved). */
function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

/**
 * The customer book: a name, operator and circle per number, kept in the ledger (so it is backed
 * up with it), and when each regular's pack runs out. The last success of each number is kept by
 * the ledger's triggers (migration 6); this service names numbers, sets validity per amount, and
 * reads the book.
 */
export interface CustomerDeps {
  ledger: Pick<Ledger, 'customers'>;
  now: () => number;
}

export class CustomerService {
  constructor(private readonly deps: CustomerDeps) {}

  private withUsual(c: CustomerRow): Customer {
    return { ...c, usualAmount: this.deps.ledger.customers.usualAmount(c.number) };
  }

  /** One number's page: what the book knows and its last recharges (any status), newest first. */
  get(number: string, recentLimit = 10) {
    const found = this.deps.ledger.customers.get(number);
    const recent = this.deps.ledger.customers.recent(number, recentLimit);
    return { customer: found ? this.withUsual(found) : null, recent };
  }

  /**
   * Names a number (or takes the name away with ''), and remembers its operator and circle. Bad
   * input is refused whole: nothing of it is written.
   */
  save(r: { number: string; name: string; operator: string | null; circle: (typeof CIRCLES)[number] | null }): Customer {
    const number = r.number.trim();
    if (!/^\d{6,12}$/.test(number)) {
      throw new UserFacingError('customer_number_invalid', {});
    }
    const problem = nameProblem(r.name);
    if (problem === 'customer_name_too_long') throw new UserFacingError(problem, { max: MAX_CUSTOMER_NAME_CHARS });
    if (problem) throw new UserFacingError(problem, {});
    if (r.operator !== null && !findOperator(r.operator)) {
      throw new UserFacingError('customer_operator_unknown', {});
    }
    const name = tidyName(r.name);
    this.deps.ledger.customers.save({ number, name, operator: r.operator, circle: r.circle, now: this.deps.now() });
    return this.get(number, 0).customer ?? this.fail(number);
  }

  private fail(number: string): never {
    throw new Error(`customer ${number} was written but cannot be read back`);
  }

  /**
   * Customers by what the shopkeeper typed: words of a name ("ram ku"), or the start of a number.
   * Named customers first; both on indexes (the words' index, the numbers' unique index).
   */
  find(query: string, limit = 8): Customer[] {
    const text = query.trim();
    if (looksLikeName(text)) return this.deps.ledger.customers.byName(text, limit).map((c) => this.withUsual(c));
    const digits = text.replace(/[\s\-.()]/g, '');
    if (!/^\d{3,12}$/.test(digits)) return [];
    return this.deps.ledger.customers.byNumberPrefix(digits, limit).map((c) => this.withUsual(c));
  }

  /** The names of those of these numbers the shopkeeper has named (history shows them beside the number). */
  /**
   * The wrong-number guard: a regular whose number is one wrong digit or one swap away from a
   * number the book does not know at all (never recharged, never named). Named regulars first,
   * then the one with more successes; null when the number is known or near no regular.
   */
  nearRegular(number: string): { number: string; name: string } | null {
    if (!/^\d{6,12}$/.test(number) || this.deps.ledger.customers.known(number)) return null;
    const regulars = this.deps.ledger.customers.regularsAmong(nearNumbers(number));
    regulars.sort((a, b) => Number(b.name !== '') - Number(a.name !== '') || b.successes - a.successes || a.number.localeCompare(b.number));
    const best = regulars[0];
    return best ? { number: best.number, name: best.name } : null;
  }

  names(numbers: readonly string[]): { number: string; name: string }[] {
    if (numbers.length === 0) return [];
    return this.deps.ledger.customers.names([...new Set(numbers)]);
  }

  /**
   * Regulars to call: packs running out in the next week, and those that ran out in the last week
   * and were not recharged since (a success since would have moved the date on). Soonest first.
   */
  due(): { today: string; items: Customer[] } {
    const today = istDate(this.deps.now());
    const items = this.deps.ledger.customers
      .due(addDays(today, -DUE_WINDOW_DAYS), addDays(today, DUE_WINDOW_DAYS), DUE_LIST_MAX)
      .map((c) => this.withUsual(c));
    return { today, items };
  }

  validity() {
    return { defaultDays: DEFAULT_VALIDITY_DAYS, items: this.deps.ledger.customers.validity() };
  }

  /**
   * Sets how many days a recharge of this amount lasts (null: back to the default), and moves the
   * due date of every customer whose last success was this amount, in one transaction.
   */
  setValidity(amount: number, days: number | null) {
    if (days !== null && (!Number.isInteger(days) || days < MIN_VALIDITY_DAYS || days > MAX_VALIDITY_DAYS)) {
      throw new UserFacingError('validity_out_of_range', { min: MIN_VALIDITY_DAYS, max: MAX_VALIDITY_DAYS });
    }
    this.deps.ledger.customers.setValidity(amount, days, days ?? DEFAULT_VALIDITY_DAYS, this.deps.now());
    return this.validity();
  }
}
