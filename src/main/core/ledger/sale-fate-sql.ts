import type Database from 'better-sqlite3';
import * as z from 'zod';
import { txnStatusSchema } from '../../../shared/ipc/txn-schemas';
import type { TxnStatus } from '../../../shared/status';

const statuses = z.array(txnStatusSchema);

/**
 * What became of a sale, as the money law reads it (money-entry-law.ts moneyBackFault): the status
 * of each of its attempts, first to last. A sale is its first attempt's ref_id; an attempt written
 * before routing is a sale of its own. Read by the counter's give-back and by a journal's replay.
 */
export class SaleFateSql {
  private readonly attemptsOf;

  constructor(db: Database.Database) {
    this.attemptsOf = db
      .prepare<{ sale: string }, unknown>(`SELECT status FROM txns WHERE ref_id = @sale OR sale_id = @sale ORDER BY attempt_no, id`)
      .pluck();
  }

  /** Every attempt's status, first to last; empty when the ledger has no such sale. */
  attempts(sale: string): TxnStatus[] {
    return statuses.parse(this.attemptsOf.all({ sale }));
  }
}
