import type { TxnRecord } from './txn-record';

export interface MoneyStory {
  /** Paise that left the wallet: recharges charged or held. */
  readonly out: number;
  /** Paise that came back: commissions, refunds, failures after a hold. */
  readonly back: number;
  /** Transactions whose money the app cannot account for yet (no answer from the provider). */
  readonly unresolved: number;
}

/**
 * The shop's own account of the wallet, from its transactions alone: what went out and what came
 * back, by each one's status. `back - out` must equal the change in the provider's balance over
 * the same transactions; any difference is a bug, never a rounding note.
 */
export function moneyStory(txns: readonly TxnRecord[]): MoneyStory {
  let out = 0;
  let back = 0;
  let unresolved = 0;
  for (const t of txns) {
    switch (t.status) {
      case 'Success':
        out += t.amount;
        back += t.margin ?? 0;
        break;
      case 'Pending':
      case 'Accepted':
        out += t.amount;
        break;
      case 'Refunded':
        // Charged, then all of it back (the provider takes back any commission it had paid).
        out += t.amount;
        back += t.amount;
        break;
      case 'Failure':
      case 'Error':
        break;
      default:
        unresolved++;
    }
  }
  return { out, back, unresolved };
}

/**
 * What one transaction has done to the buyer balance, as far as the app knows: a range, because
 * a recharge with no final answer yet (Submitting, Unknown, NeedsAttention, Pending, Accepted)
 * may or may not have been charged. Paise, negative when money left.
 */
export function walletEffect(t: Pick<TxnRecord, 'status' | 'amount' | 'margin'>): { low: number; high: number } {
  switch (t.status) {
    case 'Success': {
      const net = (t.margin ?? 0) - t.amount;
      return { low: net, high: net };
    }
    case 'Refunded':
    case 'Failure':
    case 'Error':
      return { low: 0, high: 0 };
    default:
      // Pending and Accepted too: the amount is held, but the provider may take it (paying its
      // commission) or return it before the app hears, and a reading may already show that.
      return { low: -t.amount, high: 0 };
  }
}
