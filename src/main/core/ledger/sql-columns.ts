// Columns aliased to the record interfaces, so rows need no field-by-field mapping.
/** Every column a history list shows: all of them are in txns_number_rows, so a search reads only that index. */
export const LISTED_TXN_COLUMNS = `id, ref_id AS refId, number, operator, amount, status, provider_status AS providerStatus,
  txn_id AS txnId, opt_id AS optId, margin, balance_after AS balanceAfter, message, recharge_date AS rechargeDate,
  created_at AS createdAt, updated_at AS updatedAt, next_check_at AS nextCheckAt, attempts, last_error AS lastError, money_note AS moneyNote`;
/**
 * Which account and sale a row is an attempt of (migration 11), and the two facts the failover
 * law reads. Not in txns_number_rows: a searched list shows a row without them (the first account's
 * own sale, as every row before routing).
 */
const ATTEMPT_COLUMNS = `account_id AS accountId, COALESCE(sale_id, ref_id) AS saleId, attempt_no AS attemptNo,
  failure_confirmed AS failureConfirmed, not_processed AS notProcessed`;
/**
 * A row in full, with whether it never left (not in that index: a searched list says a closed one
 * by its money note, `not_sent`).
 */
export const TXN_COLUMNS = `${LISTED_TXN_COLUMNS}, not_sent AS notSent, ${ATTEMPT_COLUMNS}`;

export const EVENT_COLUMNS = `id, ref_id AS refId, at, from_status AS fromStatus, to_status AS toStatus, source,
  provider_reply AS providerReply, note`;

export const COMPLAINT_COLUMNS = `complain_id AS complainId, ref_id AS refId, txn_id AS txnId, reason, message, created_at AS createdAt,
  state, settled_at AS settledAt`;
