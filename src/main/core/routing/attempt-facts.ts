import type { AttemptFacts } from '../../../shared/routing/failover';
import type { TxnRecord } from '../txn/txn-record';
import { FIRST_ACCOUNT_ID } from '../../../shared/routing/single-account';

/** An attempt as the failover law reads it, from its ledger row (a row from before routing: the first account's). */
export function attemptFactsOf(txn: TxnRecord): AttemptFacts {
  return {
    refId: txn.refId,
    account: txn.accountId ?? FIRST_ACCOUNT_ID,
    status: txn.status,
    failureConfirmed: txn.failureConfirmed === true,
    notProcessed: txn.notProcessed === true,
    notSent: txn.notSent === true,
  };
}
