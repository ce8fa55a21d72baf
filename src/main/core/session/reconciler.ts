import type { Ledger } from '../ledger/ledger';

/**
 * Start-up reconciliation: every transaction left open (Submitting, Unknown, Pending, Accepted)
 * is checked before a new recharge for the same number is accepted.
 */
export class Reconciler {
  private readonly waiting = new Map<string, string>(); // refId → number

  constructor(private readonly ledger: Ledger) {}

  /** Schedules every open transaction for an immediate check. Returns how many. */
  begin(now: number): number {
    for (const txn of this.ledger.openTxns()) {
      if (txn.status === 'NeedsAttention') continue;
      this.waiting.set(txn.refId, txn.number);
      this.ledger.schedule(txn.refId, now, txn.attempts, txn.lastError);
    }
    return this.waiting.size;
  }

  checked(refId: string): void {
    this.waiting.delete(refId);
  }

  isWaiting(refId: string): boolean {
    return this.waiting.has(refId);
  }

  isReconciling(number: string): boolean {
    for (const n of this.waiting.values()) if (n === number) return true;
    return false;
  }

  get pending(): number {
    return this.waiting.size;
  }
}
