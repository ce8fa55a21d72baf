import { CHANGED_ANSWER_COURSES, isChangedAnswerPlan, type Wait } from './changed-answers';
import { firstStatus, laterStatus, type Plan } from './scenarios';
import { canSettle } from './wallet';
import type { SandboxStatus } from './store';

/** The books' first status of a plan's recharge. */
export function firstOf(plan: Plan): SandboxStatus {
  return isChangedAnswerPlan(plan) ? CHANGED_ANSWER_COURSES[plan].first : firstStatus(plan);
}

/**
 * Where a recharge on this plan goes next from `status`, and after which wait; null when it
 * stays. Keyed by the current status, so a status an admin forced ends or redirects the course.
 */
export function nextMove(plan: Plan, status: SandboxStatus): { to: SandboxStatus; wait: Wait } | null {
  if (isChangedAnswerPlan(plan)) return CHANGED_ANSWER_COURSES[plan].moves[status] ?? null;
  const to = laterStatus(plan);
  if (!to) return null;
  if (plan === 'failure-reversed') return status === 'Failure' ? { to, wait: 'reversal' } : null;
  return canSettle(status, to) ? { to, wait: 'pending' } : null;
}
