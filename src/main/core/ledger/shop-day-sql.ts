import type Database from 'better-sqlite3';
import * as z from 'zod';
import { MONEY_ENTRY_KINDS } from '../../../shared/payment/payment';

const num = z.number();
const method = z.enum(['cash', 'upi', 'credit', 'split']);
const ownSales = z.array(z.object({ method, n: num, cash: num, upi: num, credit: num }));
const peerSales = z.array(z.object({ counter: z.string(), method, n: num, cash: num, upi: num, credit: num }));
const nameRow = z.object({ name: z.string() });
/** One day's sales of a method: how many, and their parts in paise. */
export type MethodSales = Omit<z.infer<typeof ownSales>[number], 'method'> & { method: z.infer<typeof method> };
const peerEntries = z.array(
  z.object({
    counter: z.string(),
    kind: z.enum(MONEY_ENTRY_KINDS),
    method: z.enum(['cash', 'upi']).nullable(),
    amount: num,
  }),
);
export type PeerDayEntry = z.infer<typeof peerEntries>[number];

/**
 * The whole shop's day (issue 37 item 3): this counter's sales by method, and the other counters'
 * sales and money entries of one day from the peer tables, per counter. The peers' entries are
 * grouped as the close groups this counter's (day-close-sql), so one rule (dayMoney) adds up both.
 */
export class ShopDaySql {
  private readonly s;

  constructor(db: Database.Database) {
    this.s = {
      ownSales: db.prepare(
        `SELECT method, count(*) AS n, total(cash) AS cash, total(upi) AS upi, total(credit) AS credit
         FROM sales INDEXED BY sales_date WHERE sale_date = ? GROUP BY method`,
      ),
      peerSales: db.prepare(
        `SELECT counter, method, count(*) AS n, total(cash) AS cash, total(upi) AS upi, total(credit) AS credit
         FROM peer_sales INDEXED BY peer_sales_date WHERE sale_date = ? GROUP BY counter, method`,
      ),
      // A correction of a khata payment counts in the drawer the payment went to, as at its own counter.
      peerEntries: db.prepare(
        // Only cash and UPI move a drawer: a peer's entry naming another method (its own check let
        // it through as a khata line) counts in neither.
        `SELECT counter, kind, CASE WHEN method IN ('cash', 'upi') THEN method END AS method, total(amount) AS amount
         FROM (SELECT m.counter, m.kind, m.amount,
                 CASE WHEN m.kind = 'correction'
                   THEN (SELECT p.method FROM peer_money_entries p
                         WHERE p.counter = m.counter AND p.local_id = m.corrects AND p.kind = 'credit_payment')
                   ELSE m.method END AS method
               FROM peer_money_entries m INDEXED BY peer_money_entries_date WHERE m.entry_date = ?)
         GROUP BY counter, kind, 3`,
      ),
      // A counter's name as it last sent it: its newest sale, else entry, else close (a primary-key probe each).
      nameOf: db.prepare(
        `SELECT coalesce(
           (SELECT counter_name FROM peer_sales WHERE counter = @counter ORDER BY local_id DESC LIMIT 1),
           (SELECT counter_name FROM peer_money_entries WHERE counter = @counter ORDER BY local_id DESC LIMIT 1),
           (SELECT counter_name FROM peer_day_closes WHERE counter = @counter ORDER BY date DESC, revision DESC LIMIT 1),
           @counter) AS name`,
      ),
    };
  }

  /** Another counter's name as it last sent it (its prefix when it sent nothing). */
  nameOf(counter: string): string {
    return nameRow.parse(this.s.nameOf.get({ counter })).name;
  }

  ownSales(date: string): MethodSales[] {
    return ownSales.parse(this.s.ownSales.all(date));
  }

  peerSales(date: string): z.infer<typeof peerSales> {
    return peerSales.parse(this.s.peerSales.all(date));
  }

  peerEntries(date: string): PeerDayEntry[] {
    return peerEntries.parse(this.s.peerEntries.all(date));
  }
}
