import type Database from 'better-sqlite3';
import * as z from 'zod';
import { SALE_FLAG_KINDS } from '../../../shared/routing/sale-flags';
import { DoneBySql } from './done-by-sql';

/** A flag as kept, with the facts of its two attempts the owner needs (number, amount, accounts). */
const flagRow = z.object({
  saleId: z.string(),
  kind: z.enum(SALE_FLAG_KINDS),
  firstRef: z.string(),
  secondRef: z.string(),
  at: z.number().int(),
  seenAt: z.number().int().nullable(),
  /** The counter the owner checked it at, when another: its name as pulled. */
  checkedAt: z.string().nullable(),
  number: z.string(),
  amount: z.number().int(),
  firstAccount: z.string(),
  secondAccount: z.string(),
});
export type SaleFlagRow = z.infer<typeof flagRow>;
const flagRows = z.array(flagRow);

// Checked here (seen_at) or at another counter (its pulled check, migration 28): the owner walks to any counter.
const PEER_CHECK = 'FROM peer_flag_checks p WHERE p.sale_id = f.sale_id ORDER BY p.at LIMIT 1';
const FLAG_COLUMNS = `f.sale_id AS saleId, f.kind, f.first_ref AS firstRef, f.second_ref AS secondRef, f.at,
  coalesce(f.seen_at, (SELECT p.at ${PEER_CHECK})) AS seenAt,
  CASE WHEN f.seen_at IS NULL THEN (SELECT p.counter_name ${PEER_CHECK}) END AS checkedAt,
  coalesce(a.number, '') AS number, coalesce(a.amount, 0) AS amount,
  coalesce(a.account_id, 'main') AS firstAccount, coalesce(b.account_id, 'main') AS secondAccount
  FROM sale_flags f LEFT JOIN txns a ON a.ref_id = f.first_ref LEFT JOIN txns b ON b.ref_id = f.second_ref`;

/** Flags kept at most for the screens: a shop has a handful; a list this long is not read. */
const LISTED = 200;

/**
 * What the owner must know of a sale, kept in the ledger (migration 15): a possible double
 * recharge is written when found, once per attempt, and stays; "checked" sets seen_at, once.
 */
export class SaleFlagSql {
  private readonly s;
  private readonly done;

  constructor(
    private readonly db: Database.Database,
    /** Called after each committed write: the journal reads the changed rows (Ledger.journalMoney). */
    private readonly written: () => void = () => {},
  ) {
    this.done = new DoneBySql(db);
    this.s = {
      add: db.prepare(
        `INSERT OR IGNORE INTO sale_flags (sale_id, kind, first_ref, second_ref, at) VALUES (@saleId, 'possible_double', @firstRef, @secondRef, @at)`,
      ),
      unseen: db.prepare(
        `SELECT ${FLAG_COLUMNS} WHERE f.seen_at IS NULL AND NOT EXISTS (SELECT 1 FROM peer_flag_checks p WHERE p.sale_id = f.sale_id) ORDER BY f.at`,
      ),
      list: db.prepare(`SELECT ${FLAG_COLUMNS} ORDER BY f.id DESC LIMIT ${LISTED}`),
      forSale: db.prepare(`SELECT ${FLAG_COLUMNS} WHERE f.sale_id = ? ORDER BY f.id`),
      seen: db.prepare(`UPDATE sale_flags SET seen_at = @at WHERE sale_id = @saleId AND seen_at IS NULL`),
    };
  }

  /** Keeps a possible double; true when it is new (found again: nothing changes). */
  addDouble(f: { saleId: string; firstRef: string; secondRef: string; at: number }): boolean {
    const added = this.s.add.run(f).changes === 1;
    if (added) this.written();
    return added;
  }

  unseen(): SaleFlagRow[] {
    return flagRows.parse(this.s.unseen.all());
  }

  /** The newest flags, seen or not. */
  list(): SaleFlagRow[] {
    return flagRows.parse(this.s.list.all());
  }

  forSale(saleId: string): SaleFlagRow[] {
    return flagRows.parse(this.s.forSale.all(saleId));
  }

  /** The owner checked this sale: its flags are marked seen (kept); how many were not before. */
  markSeen(saleId: string, at: number): number {
    const marked = this.db.transaction(() => {
      const changes = this.s.seen.run({ saleId, at }).changes;
      if (changes > 0) this.done.record('checked', saleId, at);
      return changes;
    })();
    if (marked > 0) this.written();
    return marked;
  }
}
