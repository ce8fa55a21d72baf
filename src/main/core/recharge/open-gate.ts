import type { OutcomeTxn } from '../../../shared/outcomes/outcome-registry';
import { UserFacingError } from '../errors/user-facing-error';
import type { TxnRecord, TxnUpdate } from '../txn/txn-record';

/**
 * A new recharge to a number whose earlier one is unresolved needs a second confirmation naming
 * that one: if the first went through, the customer would be recharged twice.
 */
export function openRechargeError(open: TxnRecord): UserFacingError {
  return new UserFacingError('open_recharge', { txn: outcomeTxn(open) });
}

/** The recharge a warning is about, as the screen shows it. */
export function outcomeTxn(t: Pick<TxnRecord, 'refId' | 'amount' | 'createdAt' | 'status'>): OutcomeTxn {
  return { refId: t.refId, amount: t.amount, createdAt: t.createdAt, status: t.status };
}

/** The recharge failed before any byte reached the provider: open, checked, marked as such. */
export function notSentUpdate(firstCheck: number): TxnUpdate {
  return {
    status: 'Unknown',
    nextCheckAt: firstCheck,
    notSent: true,
  };
}
