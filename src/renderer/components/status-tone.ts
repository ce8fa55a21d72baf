import type { TxnStatus } from '../../shared/status';
import { customerGotNothing } from '../../shared/money-law/status-money';

/** How a status looks: bad whenever the customer got nothing (the money law's table). */
export function statusTone(status: TxnStatus): 'good' | 'wait' | 'bad' | 'warn' {
  if (status === 'Success') return 'good';
  if (customerGotNothing(status)) return 'bad';
  if (status === 'NeedsAttention') return 'warn';
  return 'wait';
}
