/**
 * The provider words issue 35 names that a truthful provider never says: plans whose first reply
 * and later status checks disagree, or whose reply is not about our request. Each is a course of
 * the provider's own books (what its status check says, and when) and what its recharge reply
 * says. The books move only by the wallet's moves (Pending → Success | Failure, Success →
 * Refunded, Failure → Success), so the simulator's money stays whole whatever the reply claims.
 */
export const CHANGED_ANSWER_PLANS = [
  'refused-carried-out', // a refusal (code 128), then the provider carries it out: Pending, Success after reversalMs
  'refused-other-ref', // a refusal naming another ref_id; the provider carried ours out (Success)
  'refused-429', // HTTP 429 with a refusal body; carried out (Success)
  'gateway-504', // a gateway's {"errorcode":"504"} (HTTP 504); carried out (Success)
  'success-other-number', // a Success naming another number; the status check names ours
  'success-other-amount', // a Success naming another amount; the status check names ours
  'success-other-operator', // a Success naming another operator (AT, or JIO for an Airtel sale); the status check names ours
  'pending-failure-reversed', // Pending, Failure after pendingMs, Success after reversalMs more
  'failure-reversed-refund', // Failure, Success after reversalMs, Refunded after pendingMs more
] as const;
export type ChangedAnswerPlan = (typeof CHANGED_ANSWER_PLANS)[number];

export function isChangedAnswerPlan(plan: string): plan is ChangedAnswerPlan {
  return (CHANGED_ANSWER_PLANS as readonly string[]).includes(plan);
}

type BookStatus = 'Pending' | 'Success' | 'Failure' | 'Refunded';
/** How long a move waits: the simulator's `pendingMs` or its `reversalMs`. */
export type Wait = 'pending' | 'reversal';
export interface Course {
  readonly first: BookStatus;
  /** From each status, the next one and how long after it comes. */
  readonly moves: Partial<Readonly<Record<BookStatus, { readonly to: BookStatus; readonly wait: Wait }>>>;
}

/** What the recharge reply says instead of the books' first status. */
export type SubmitLie =
  'refusal' | 'refusal-other-ref' | 'refusal-429' | 'gateway-504' | 'other-number' | 'other-amount' | 'other-operator';

const CARRIED_OUT: Course = { first: 'Success', moves: {} };

export const CHANGED_ANSWER_COURSES: Readonly<Record<ChangedAnswerPlan, Course & { readonly lie?: SubmitLie }>> = {
  'refused-carried-out': { first: 'Pending', moves: { Pending: { to: 'Success', wait: 'reversal' } }, lie: 'refusal' },
  'refused-other-ref': { ...CARRIED_OUT, lie: 'refusal-other-ref' },
  'refused-429': { ...CARRIED_OUT, lie: 'refusal-429' },
  'gateway-504': { ...CARRIED_OUT, lie: 'gateway-504' },
  'success-other-number': { ...CARRIED_OUT, lie: 'other-number' },
  'success-other-amount': { ...CARRIED_OUT, lie: 'other-amount' },
  'success-other-operator': { ...CARRIED_OUT, lie: 'other-operator' },
  'pending-failure-reversed': {
    first: 'Pending',
    moves: { Pending: { to: 'Failure', wait: 'pending' }, Failure: { to: 'Success', wait: 'reversal' } },
  },
  'failure-reversed-refund': {
    first: 'Failure',
    moves: { Failure: { to: 'Success', wait: 'reversal' }, Success: { to: 'Refunded', wait: 'pending' } },
  },
};

/** Another value of the same shape: the last character changed, so a digits-only ref or number stays digits. */
export function otherThan(value: string): string {
  const last = value.at(-1);
  return `${value.slice(0, -1)}${last === '0' ? '1' : '0'}`;
}
