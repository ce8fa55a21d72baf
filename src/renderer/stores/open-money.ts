import type { TxnView } from '../../shared/ipc/txn-schemas';
// Open as the core's gate counts them (README, the reconciliation gate): the money law's held, so a
// recharge flagged for attention is still one whose money's fate is unknown, on hold, blocking its number.
import { moneyHeld } from '../../shared/money-law/status-money';

/** Field notes: one provider flags recharges still pending after 15 minutes; so do we. */
const OVERDUE_MS = 15 * 60_000;

/** Never reached the provider: still being confirmed (`notSent`), or closed as not sent (its money note). */
export function neverLeft(txn: TxnView): boolean {
  return txn.notSent === true || txn.moneyNote === 'not_sent';
}

/** Open for longer than a provider should take: say so, rather than wait 72 hours. */
export function isOverdue(txn: TxnView, now: number): boolean {
  // One that never left is not the provider's to answer for: nothing to call about.
  return moneyHeld(txn.status) && !txn.notSent && now - txn.createdAt > OVERDUE_MS;
}

/**
 * What this counter has sent that is not final yet: the amount the provider should be holding. A
 * recharge that never left is still being confirmed, but nothing of it is held.
 */
export function openTotal(txns: readonly TxnView[]): { count: number; amount: number } {
  const mine = txns.filter((t) => moneyHeld(t.status) && !t.notSent);
  return { count: mine.length, amount: mine.reduce((sum, t) => sum + t.amount, 0) };
}

/** Open recharges for this number, newest first (same number, any operator). */
export function openFor(number: string, txns: readonly TxnView[]): TxnView[] {
  if (!number) return [];
  return txns.filter((t) => t.number === number && moneyHeld(t.status));
}
