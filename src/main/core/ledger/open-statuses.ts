import type { TxnStatus } from '../../../shared/status';

/** Not final yet: the tray shows these and the poller checks them. */
export const OPEN_STATUSES: readonly TxnStatus[] = ['Submitting', 'Unknown', 'Pending', 'Accepted', 'NeedsAttention'];

/**
 * The partial index `txns_open` (migration 5) is used only by a query that repeats its WHERE term
 * word for word: SQLite does not prove that a narrower status list implies it.
 */
export const OPEN_WHERE = `status IN (${OPEN_STATUSES.map((s) => `'${s}'`).join(', ')})`;
