import { sqlStatusList } from '../../../shared/money-law/status-money';

/** The statuses in which the money went (the money law's table), as SQL. */
const WENT = sqlStatusList('went');

/**
 * How many attempts of the sale `sale` (an SQL expression: its first attempt's ref_id) went
 * through: 0 or 1, or 2 for a possible double. A sale's attempts carry its id in sale_id (the first
 * attempt its own ref_id, txns_sale); a row older than sales is its own sale with no sale_id.
 * Two index probes per sale, each attempt counted once (Ledger.attemptsOf reads them the same way).
 */
// Each probe names its index: without statistics (every install) SQLite took txns_status for a
// sale id given as a value (a trigger's NEW.ref_id), walking every Success row of the ledger.
export const saleWentCount = (sale: string): string =>
  `((SELECT count(*) FROM txns t INDEXED BY txns_sale WHERE t.sale_id = ${sale} AND t.status IN ${WENT})
    + (SELECT count(*) FROM txns t INDEXED BY sqlite_autoindex_txns_1 WHERE t.ref_id = ${sale} AND t.sale_id IS NULL AND t.status IN ${WENT}))`;
