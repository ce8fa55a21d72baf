import type { Ledger } from '../ledger/ledger';

/** Rows scheduled per SQL transaction at start-up: one commit per batch, not one per row. */
const BATCH = 500;

/**
 * Start-up reconciliation: every transaction left open (Submitting, Unknown, Pending, Accepted)
 * is checked before a new recharge for the same number is accepted.
 */
export class Reconciler {
  private readonly waiting = new Map<string, string>(); // refId → number
  private readonly numbers = new Map<string, number>(); // number → how many of its rows wait

  constructor(private readonly ledger: Ledger) {}

  /** Schedules every open transaction for an immediate check. Returns how many. */
  begin(now: number): number {
    const due = this.ledger.toReconcile();
    for (const txn of due) {
      this.waiting.set(txn.refId, txn.number);
      this.numbers.set(txn.number, (this.numbers.get(txn.number) ?? 0) + 1);
    }
    for (let i = 0; i < due.length; i += BATCH) {
      this.ledger.scheduleMany(
        due.slice(i, i + BATCH).map((txn) => ({ refId: txn.refId, nextCheckAt: now, attempts: txn.attempts, lastError: txn.lastError })),
      );
    }
    return this.waiting.size;
  }

  checked(refId: string): void {
    const number = this.waiting.get(refId);
    if (number === undefined) return;
    this.waiting.delete(refId);
    const left = (this.numbers.get(number) ?? 1) - 1;
    if (left > 0) this.numbers.set(number, left);
    else this.numbers.delete(number);
  }

  isWaiting(refId: string): boolean {
    return this.waiting.has(refId);
  }

  isReconciling(number: string): boolean {
    return this.numbers.has(number);
  }

  get pending(): number {
    return this.waiting.size;
  }
}
