import { formatInr, paise } from '../../../shared/money';
import { istTime } from '../../../shared/ist-date';
import { UserFacingError } from '../errors/user-facing-error';
import type { TxnRecord, TxnUpdate } from '../txn/txn-record';

/**
 * A new recharge to a number whose earlier one is unresolved needs a second confirmation naming
 * that one: if the first went through, the customer would be recharged twice.
 */
export function openRechargeError(open: TxnRecord): UserFacingError {
  return new UserFacingError(
    'open_recharge',
    `${formatInr(paise(open.amount))} sent to this number at ${istTime(open.createdAt).slice(0, 5)} (ref ${open.refId}) is still ${open.status === 'Unknown' || open.status === 'Submitting' ? 'unconfirmed' : 'pending'}. Send another only if the customer wants a second recharge.`,
  );
}

/** The recharge failed before any byte reached the provider: open, checked, marked as such. */
export function notSentUpdate(firstCheck: number): TxnUpdate {
  return {
    status: 'Unknown',
    message:
      'The provider could not be reached, so this was probably not sent. Checking with the provider before the number is free again; do not send it again yet.',
    nextCheckAt: firstCheck,
    notSent: true,
  };
}
