import type { TxnStatus } from '../../../shared/status';

/**
 * Not final yet, the money held (the money law's `held`, src/shared/money-law/status-money.ts; a
 * test holds the two equal): the tray shows these and the poller checks them. Written out in the
 * partial index's own order, which its WHERE term must repeat word for word.
 */
export const OPEN_STATUSES: readonly TxnStatus[] = ['Submitting', 'Unknown', 'Pending', 'Accepted', 'NeedsAttention'];

/**
 * The partial index `txns_open` (migration 5) is used only by a query that repeats its WHERE term
 * word for word: SQLite does not prove that a narrower status list implies it.
 */
export const OPEN_WHERE = `status IN (${OPEN_STATUSES.map((s) => `'${s}'`).join(', ')})`;
