import { isFinal, type TxnStatus } from '../../../shared/status';
import type { TxnUpdate } from './txn-record';
import type { ProviderFields } from '../../../shared/provider-fields';
import { nextStatus, type MoveBy } from '../../../shared/money-law/transitions';

/**
 * The ledger update for a provider's answer about a transaction, from a recharge reply or a status
 * check alike: the new status, the provider's fields, and the next check while it stays open.
 * Only a status check's answer (`by` 'check') may change a Failure or a refusal into a Success.
 */
export function updateFromReply(current: TxnStatus, reply: ProviderFields, nextCheckAt: number, by: MoveBy = 'other'): TxnUpdate {
  const status = nextStatus(current, reply.status.status, by);
  return {
    checked: by === 'check',
    status,
    providerStatus: reply.status.raw,
    txnId: reply.txnId || null,
    optId: reply.optId || null,
    margin: reply.margin,
    balanceAfter: reply.balance,
    message: reply.message || undefined,
    nextCheckAt: isFinal(status) ? null : nextCheckAt,
    lastError: null,
  };
}
