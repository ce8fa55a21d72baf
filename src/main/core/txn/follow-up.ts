import type { TxnStatus } from '../../../shared/status';
import { isChangedAnswer } from '../../../shared/money-law/status-money';
import type { TxnUpdate } from './txn-record';

/**
 * A final answer is not always the end, and one schedule follows every kind of it:
 * - a success: an operator can fail a recharge after the provider said Success, and the provider
 *   then refunds it;
 * - an attempt counted failed (a Failure, a refusal, a not-sent close: Error): the provider may
 *   carry it out after all, and its status check then says Success (a changed answer).
 * A callback is missed while the app is closed or the listener is off, so each is asked about
 * again: first within 2 minutes of the answer (a change is most often quick, and the shopkeeper
 * should hear of it while the customer may still be near), then at these ages (from when it was
 * sent), then left alone. A few status checks per recharge over three days, rate-capped by the
 * poller like every other check.
 */
export const FIRST_FOLLOW_UP_MS = 2 * 60_000;

export const FOLLOW_UP_AGES_MS: readonly number[] = [3600_000, 6 * 3600_000, 24 * 3600_000, 72 * 3600_000];

/** A final status the provider may still change: a success (a reversal), or a failure (a changed answer). */
export function isFollowedUp(status: TxnStatus): boolean {
  return status === 'Success' || isChangedAnswer(status, 'Success');
}

/** When a row sent at `createdAt` is asked about next, seen from `at`; null once past the last age. */
export function followUpAt(createdAt: number, at: number): number | null {
  for (const age of FOLLOW_UP_AGES_MS) if (createdAt + age > at) return createdAt + age;
  return null;
}

/** The update with its first follow-up check when it closes a transaction with a status still followed; any other unchanged. */
export function withFollowUp(u: TxnUpdate, at: number): TxnUpdate {
  return isFollowedUp(u.status) && u.nextCheckAt === null ? { ...u, nextCheckAt: at + FIRST_FOLLOW_UP_MS } : u;
}
