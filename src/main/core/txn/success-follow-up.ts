import type { TxnUpdate } from './txn-record';

/**
 * A success is not always the end: an operator can fail a recharge after the provider said
 * Success, and the provider then refunds it. Its callback is missed while the app is closed or
 * the callback listener is off, so a success is asked about again: first within 2 minutes of the
 * success (a reversal is most often quick, and the shopkeeper should hear of it while the customer
 * may still be near), then at these ages (from when it was sent), then left alone. A few status
 * checks per recharge, spread over three days, rate-capped by the poller like every other check.
 */
export const FIRST_FOLLOW_UP_MS = 2 * 60_000;

export const SUCCESS_FOLLOW_UP_AGES_MS: readonly number[] = [3600_000, 6 * 3600_000, 24 * 3600_000, 72 * 3600_000];

/** When a success sent at `createdAt` is asked about next, seen from `at`; null once past the last age. */
export function successFollowUpAt(createdAt: number, at: number): number | null {
  for (const age of SUCCESS_FOLLOW_UP_AGES_MS) if (createdAt + age > at) return createdAt + age;
  return null;
}

/** The update with its first follow-up check when it makes a transaction a success; any other unchanged. */
export function withFollowUp(u: TxnUpdate, at: number): TxnUpdate {
  return u.status === 'Success' && u.nextCheckAt === null ? { ...u, nextCheckAt: at + FIRST_FOLLOW_UP_MS } : u;
}
