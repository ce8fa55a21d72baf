import type { TxnStatus } from '../../../shared/status';
import { statusesMeaning } from '../../../shared/money-law/status-money';
import { MIGRATIONS } from './migrations';

/** Not final yet, the money held (the money law's `held`): the tray shows these and the poller checks them. */
export const OPEN_STATUSES: readonly TxnStatus[] = statusesMeaning('held');

/**
 * The partial index `txns_open` (migration 5) is used only by a query that repeats its WHERE term
 * word for word: SQLite does not prove that a narrower status list implies it. So the term is the
 * shipped index's own, read from its migration (a test holds its statuses to OPEN_STATUSES).
 */
export const OPEN_WHERE = indexWhere('txns_open');

function indexWhere(index: string): string {
  const where = new RegExp(`CREATE INDEX ${index} [^;]*?WHERE (status IN \\([^)]*\\))`).exec(MIGRATIONS.join('\n'))?.[1];
  if (where === undefined) throw new Error(`the migrations create no partial index ${index}`);
  return where;
}
