import type Database from 'better-sqlite3';
import * as z from 'zod';
import {
  CIRCLES,
  DEFAULT_VALIDITY_DAYS,
  DUE_WINDOW_DAYS,
  MAX_CUSTOMER_NAME_CHARS,
  MAX_VALIDITY_DAYS,
  MIN_VALIDITY_DAYS,
  customerSchema,
  looksLikeName,
  nameProblem,
  nameWords,
  recentSchema,
  tidyName,
  type Customer,
} from '../../../shared/customer-schemas';
import { istDate } from '../../../shared/ist-date';
import { findOperator } from '../../../shared/operators';
import { UserFacingError } from '../errors/user-facing-error';
import { nameMatchSql } from '../ledger/name-match';

const DAY = 86_400_000;
/** The due list is for calling people, not a report: more than this is not a morning's calls. */
const DUE_LIST_MAX = 200;
/** Recent successes the usual amount is read from: what the customer takes now, not two years ago. */
const USUAL_FROM = 20;

const COLUMNS = `number, name, operator, circle, last_at AS lastAt, last_date AS lastDate, last_amount AS lastAmount, due_date AS dueDate`;
const row = customerSchema.omit({ usualAmount: true });
const rows = z.array(row);
const usualRow = z.object({ amount: z.number().int() }).optional();
const recentRows = z.array(recentSchema);
const nameRows = z.array(z.object({ number: z.string(), name: z.string() }));
const validityRows = z.array(z.object({ amount: z.number().int(), days: z.number().int() }));

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
export class CustomerService {
  private readonly s;

  constructor(
    private readonly db: Database.Database,
    private readonly now: () => number,
  ) {
    this.s = {
      get: db.prepare(`SELECT ${COLUMNS} FROM customers WHERE number = ?`),
      save: db.prepare(
        `INSERT INTO customers (number, name, operator, circle, updated_at) VALUES (@number, @name, @operator, @circle, @now)
         ON CONFLICT (number) DO UPDATE SET name = excluded.name, operator = COALESCE(excluded.operator, operator),
           circle = excluded.circle, updated_at = excluded.updated_at`,
      ),
      dropWords: db.prepare('DELETE FROM customer_name_words WHERE number = ?'),
      addWord: db.prepare('INSERT OR IGNORE INTO customer_name_words (word, number) VALUES (?, ?)'),
      // One seek per number on the book's unique index; the list travels as one JSON parameter.
      names: db.prepare(
        "SELECT number, name FROM customers WHERE number IN (SELECT value FROM json_each(?)) AND name != '' ORDER BY number",
      ),
      byNumberPrefix: db.prepare(`SELECT ${COLUMNS} FROM customers WHERE number >= ? AND number < ? ORDER BY number LIMIT ?`),
      due: db.prepare(
        `SELECT ${COLUMNS} FROM customers INDEXED BY customers_due WHERE due_date BETWEEN ? AND ? ORDER BY due_date, name = '', name LIMIT ?`,
      ),
      usual: db.prepare(
        `SELECT amount FROM (SELECT amount, created_at FROM txns INDEXED BY txns_number WHERE number = ? AND status = 'Success'
           ORDER BY created_at DESC, id DESC LIMIT ${USUAL_FROM})
         GROUP BY amount ORDER BY count(*) DESC, max(created_at) DESC LIMIT 1`,
      ),
      recent: db.prepare(
        `SELECT ref_id AS refId, amount, operator, status, created_at AS createdAt FROM txns INDEXED BY txns_number
         WHERE number = ? ORDER BY created_at DESC, id DESC LIMIT ?`,
      ),
      validity: db.prepare('SELECT amount, days FROM validity_days ORDER BY amount'),
      setValidity: db.prepare(
        'INSERT INTO validity_days (amount, days) VALUES (?, ?) ON CONFLICT (amount) DO UPDATE SET days = excluded.days',
      ),
      dropValidity: db.prepare('DELETE FROM validity_days WHERE amount = ?'),
      // A scan of the book (one row per customer, not per recharge); validity changes are rare.
      redate: db.prepare(
        `UPDATE customers SET due_date = date(last_date, '+' || @days || ' days'), updated_at = @now
         WHERE last_amount = @amount AND last_date IS NOT NULL`,
      ),
    };
  }

  private withUsual(c: z.infer<typeof row>): Customer {
    return { ...c, usualAmount: usualRow.parse(this.s.usual.get(c.number))?.amount ?? null };
  }

  /** One number's page: what the book knows and its last recharges (any status), newest first. */
  get(number: string, recentLimit = 10) {
    const found = row.optional().parse(this.s.get.get(number));
    const recent = recentRows.parse(this.s.recent.all(number, recentLimit));
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
    this.db.transaction(() => {
      this.s.save.run({ number, name, operator: r.operator, circle: r.circle, now: this.now() });
      this.s.dropWords.run(number);
      for (const word of nameWords(name)) this.s.addWord.run(word, number);
    })();
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
    if (looksLikeName(text)) {
      const params: Record<string, string | number> = { limit };
      const names = nameMatchSql(text, params);
      if (!names) return [];
      const sql = `SELECT ${COLUMNS} FROM customers WHERE number IN (${names}) ORDER BY name, number LIMIT @limit`;
      return rows.parse(this.db.prepare(sql).all(params)).map((c) => this.withUsual(c));
    }
    const digits = text.replace(/[\s\-.()]/g, '');
    if (!/^\d{3,12}$/.test(digits)) return [];
    return rows.parse(this.s.byNumberPrefix.all(digits, `${digits}:`, limit)).map((c) => this.withUsual(c));
  }

  /** The names of those of these numbers the shopkeeper has named (history shows them beside the number). */
  names(numbers: readonly string[]): { number: string; name: string }[] {
    if (numbers.length === 0) return [];
    return nameRows.parse(this.s.names.all(JSON.stringify([...new Set(numbers)])));
  }

  /**
   * Regulars to call: packs running out in the next week, and those that ran out in the last week
   * and were not recharged since (a success since would have moved the date on). Soonest first.
   */
  due(): { today: string; items: Customer[] } {
    const today = istDate(this.now());
    const items = rows
      .parse(this.s.due.all(addDays(today, -DUE_WINDOW_DAYS), addDays(today, DUE_WINDOW_DAYS), DUE_LIST_MAX))
      .map((c) => this.withUsual(c));
    return { today, items };
  }

  validity() {
    return { defaultDays: DEFAULT_VALIDITY_DAYS, items: validityRows.parse(this.s.validity.all()) };
  }

  /**
   * Sets how many days a recharge of this amount lasts (null: back to the default), and moves the
   * due date of every customer whose last success was this amount, in one transaction.
   */
  setValidity(amount: number, days: number | null) {
    if (days !== null && (!Number.isInteger(days) || days < MIN_VALIDITY_DAYS || days > MAX_VALIDITY_DAYS)) {
      throw new UserFacingError('validity_out_of_range', { min: MIN_VALIDITY_DAYS, max: MAX_VALIDITY_DAYS });
    }
    this.db.transaction(() => {
      if (days === null) this.s.dropValidity.run(amount);
      else this.s.setValidity.run(amount, days);
      this.s.redate.run({ amount, days: days ?? DEFAULT_VALIDITY_DAYS, now: this.now() });
    })();
    return this.validity();
  }
}
