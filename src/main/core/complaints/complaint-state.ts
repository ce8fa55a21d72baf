import type { ComplaintRecord } from '../txn/txn-record';

export type ComplaintState = ComplaintRecord['state'];

/** The provider's complaint window: after it, a complaint left unanswered is closed unchanged. */
export const COMPLAINT_WINDOW_MS = 7 * 24 * 3600_000;
const FIRST_RECHECK_MS = 30 * 60_000;
const LATER_RECHECK_MS = 3600_000;

/**
 * When a transaction with an open complaint is checked next: 30 minutes after the complaint, then
 * hourly, never after the window ends (null then: the complaint is closed unchanged).
 */
export function complaintRecheckAt(raisedAt: number, now: number): number | null {
  const end = raisedAt + COMPLAINT_WINDOW_MS;
  if (now >= end) return null;
  const next = now < raisedAt + FIRST_RECHECK_MS ? raisedAt + FIRST_RECHECK_MS : now + LATER_RECHECK_MS;
  return Math.min(next, end);
}
