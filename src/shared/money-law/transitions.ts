import type { ParsedStatus, TxnStatus } from '../status';
import { isChangedAnswer } from './status-money';

/**
 * Where a transaction's status may go next, and why: the table follows the money.
 *
 * - Submitting: written before the request leaves. Whatever the provider first says can follow;
 *   no clear answer makes it Unknown; `Error` means refused or never sent (nothing charged).
 * - Unknown, Pending, Accepted: open. The money is held or its fate is not known, so any final
 *   answer may close it. A provider may refund before we ever heard "Success", so Refunded too.
 *   Open too long, it is flagged NeedsAttention (still open, still checked).
 * - NeedsAttention: open and flagged; only a final answer clears the flag.
 * - Success: the money went to the operator. Only a reversal or an upheld complaint can follow,
 *   and it brings the money back: Refunded.
 * - Failure, Refunded, Error: the money is back (or never left). Nothing follows, except the
 *   provider's own status check saying Success after all (a changed answer, `isChangedAnswer`):
 *   its checked word is the truth, so that one move is allowed, and only by a status check.
 */
const OPEN_FINALS = ['Success', 'Failure', 'Refunded', 'Error'] as const;

export const TRANSITIONS: Readonly<Record<TxnStatus, readonly TxnStatus[]>> = {
  Submitting: ['Unknown', 'Pending', 'Accepted', ...OPEN_FINALS, 'NeedsAttention'],
  Unknown: ['Pending', 'Accepted', ...OPEN_FINALS, 'NeedsAttention'],
  Pending: ['Accepted', ...OPEN_FINALS, 'NeedsAttention'],
  Accepted: ['Pending', ...OPEN_FINALS, 'NeedsAttention'],
  NeedsAttention: [...OPEN_FINALS],
  Success: ['Refunded'],
  Failure: [],
  Refunded: [],
  Error: [],
};

/** Who says the new status: a status check's answer may change an answer; nothing else may. */
export type MoveBy = 'check' | 'other';

/**
 * The event sources of a status check's answer (the poller's: scheduled, at start, "check now", a
 * callback's hint): an event from one of them is what lets a journal line or another counter's row
 * make a changed answer.
 */
export const STATUS_CHECK_SOURCES: readonly string[] = ['poll', 'reconcile', 'manual', 'callback'];

/**
 * True when the money allows a transaction in `from` to become `to` (staying put is always
 * allowed). A changed answer (Failure or Error to Success) is allowed only `by` a status check.
 */
export function canMove(from: TxnStatus, to: TxnStatus, by: MoveBy = 'other'): boolean {
  return from === to || TRANSITIONS[from].includes(to) || (by === 'check' && isChangedAnswer(from, to));
}

/**
 * The status a transaction takes when the provider reports one: the reported status when the table
 * allows it, otherwise the current one. A word we do not recognise changes nothing but Submitting
 * into Unknown.
 */
export function nextStatus(current: TxnStatus, reported: ParsedStatus['status'], by: MoveBy = 'other'): TxnStatus {
  if (reported === 'Unknown') return current === 'Submitting' ? 'Unknown' : current;
  return canMove(current, reported, by) ? reported : current;
}
