import type Database from 'better-sqlite3';
import * as z from 'zod';
import { customerSchema, recentSchema } from '../../../shared/customer-schemas';
import { nameMatchSql } from './name-match';
import { NameWordsSql } from './name-words-sql';

/** Recent successes the usual amount is read from: what the customer takes now, not two years ago. */
const USUAL_FROM = 20;

const COLUMNS = `number, name, operator, circle, last_at AS lastAt, last_date AS lastDate, last_amount AS lastAmount, due_date AS dueDate`;
const row = customerSchema.omit({ usualAmount: true });
export type CustomerRow = z.infer<typeof row>;
const rows = z.array(row);
const usualRow = z.object({ amount: z.number().int() }).optional();
const recentRows = z.array(recentSchema);
const nameRows = z.array(z.object({ number: z.string(), name: z.string() }));
const validityRows = z.array(z.object({ amount: z.number().int(), days: z.number().int() }));
const regularRows = z.array(z.object({ number: z.string(), name: z.string(), successes: z.number().int() }));
const knownRow = z.object({ known: z.number().int() });

/**
 * When this counter's edit of a customer is dated (an upsert's SET): now, or just after the edit it
 * replaces when that one is dated later (another counter's clock ahead). An edit made over what the
 * screen showed is the newer one at every counter, or this counter would show it and the others not.
 */
export const EDIT_AT = 'max(excluded.shop_at, coalesce(customers.shop_at, 0) + 1)';

/** Up to two successes of `number` in `table`, on its number index: a regular needs two, never the whole story. */
const twoSuccesses = (table: string, index: string) =>
  `(SELECT count(*) FROM (SELECT 1 FROM ${table} INDEXED BY ${index} WHERE ${table}.number = j.value AND status = 'Success' LIMIT 2))`;

/**
 * The customer book's reads and writes (migration 6 and after): the book, its name words, and
 * validity per amount. The last success of each number is kept by the ledger's triggers. Rows
 * are parsed: the file is outside input.
 */
export class CustomerSql {
  private readonly s;
  private readonly words;

  constructor(private readonly db: Database.Database) {
    this.words = new NameWordsSql(db);
    this.s = {
      get: db.prepare(`SELECT ${COLUMNS} FROM customers WHERE number = ?`),
      // The shopkeeper's edit is this counter's (shop_from ''): it travels and is the shop's newest
      // (migration 31), dated now or just after the edit it replaces (EDIT_AT).
      save: db.prepare(
        `INSERT INTO customers (number, name, operator, circle, updated_at, shop_at, shop_from)
         VALUES (@number, @name, @operator, @circle, @now, @now, '')
         ON CONFLICT (number) DO UPDATE SET name = excluded.name, operator = COALESCE(excluded.operator, operator),
           circle = excluded.circle, updated_at = excluded.updated_at, shop_at = ${EDIT_AT}, shop_from = ''`,
      ),
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
      // Which of these numbers are regulars of the shop: named in the book (by any counter), or with
      // two successes or more at this counter and the others' pulled rows together (each counted up
      // to two on its number index). Most near numbers are nobody's: for those, one seek in the book
      // and one in the pulled rows; a success here always has its row in the book (migration 6).
      regulars: db.prepare(
        `SELECT j.value AS number, coalesce(c.name, '') AS name,
           CASE WHEN c.number IS NULL THEN 0 ELSE ${twoSuccesses('txns', 'txns_number')} END
             + ${twoSuccesses('shop_rows', 'shop_rows_number')} AS successes
         FROM json_each(?) j LEFT JOIN customers c ON c.number = j.value
         WHERE c.number IS NOT NULL OR EXISTS (SELECT 1 FROM shop_rows INDEXED BY shop_rows_number WHERE shop_rows.number = j.value)`,
      ),
      known: db.prepare(
        `SELECT EXISTS (SELECT 1 FROM customers WHERE number = @n) OR EXISTS (SELECT 1 FROM shop_rows INDEXED BY shop_rows_number WHERE number = @n) AS known`,
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

  /** Whether the shop has met this number: in the book, or sent to by another counter. */
  known(number: string): boolean {
    return knownRow.parse(this.s.known.get({ n: number })).known === 1;
  }

  /** Of these numbers, the regulars (named, or two successes or more), with up to two successes counted. */
  regularsAmong(numbers: readonly string[]): { number: string; name: string; successes: number }[] {
    const found = regularRows.parse(this.s.regulars.all(JSON.stringify(numbers)));
    return found.filter((r) => r.name !== '' || r.successes >= 2);
  }

  get(number: string): CustomerRow | undefined {
    return row.optional().parse(this.s.get.get(number));
  }

  /** The amount this number takes most often among its recent successes. */
  usualAmount(number: string): number | null {
    return usualRow.parse(this.s.usual.get(number))?.amount ?? null;
  }

  /** The number's last recharges (any status), newest first. */
  recent(number: string, limit: number): z.infer<typeof recentSchema>[] {
    return recentRows.parse(this.s.recent.all(number, limit));
  }

  /** Writes a customer and the words of its name, in one transaction. */
  save(c: { number: string; name: string; operator: string | null; circle: string | null; now: number }): void {
    this.db.transaction(() => {
      this.s.save.run(c);
      this.words.put(c.number, c.name);
    })();
  }

  /** Customers whose name has these words (see name-match.ts), by name. */
  byName(text: string, limit: number): CustomerRow[] {
    const params: Record<string, string | number> = { limit };
    const names = nameMatchSql(text, params);
    if (!names) return [];
    const sql = `SELECT ${COLUMNS} FROM customers WHERE number IN (${names}) ORDER BY name, number LIMIT @limit`;
    return rows.parse(this.db.prepare(sql).all(params));
  }

  /** Customers whose number starts with these digits, by number. */
  byNumberPrefix(digits: string, limit: number): CustomerRow[] {
    return rows.parse(this.s.byNumberPrefix.all(digits, `${digits}:`, limit));
  }

  names(numbers: readonly string[]): { number: string; name: string }[] {
    return nameRows.parse(this.s.names.all(JSON.stringify(numbers)));
  }

  /** Customers due between two India-time dates, soonest first. */
  due(from: string, to: string, limit: number): CustomerRow[] {
    return rows.parse(this.s.due.all(from, to, limit));
  }

  validity(): { amount: number; days: number }[] {
    return validityRows.parse(this.s.validity.all());
  }

  /**
   * Sets (or with null, drops) the days an amount lasts and moves the due date of every customer
   * whose last success was this amount (`days`: the days it lasts now), in one transaction.
   */
  setValidity(amount: number, set: number | null, days: number, now: number): void {
    this.db.transaction(() => {
      if (set === null) this.s.dropValidity.run(amount);
      else this.s.setValidity.run(amount, set);
      this.s.redate.run({ amount, days, now });
    })();
  }
}
