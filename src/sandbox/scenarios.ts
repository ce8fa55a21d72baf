import { PRACTICE_PLAYS } from '../shared/practice-numbers';
import type { Rng } from './rng';
import { CHANGED_ANSWER_PLANS, type ChangedAnswerPlan } from './changed-answers';

/**
 * What will happen to a recharge, fixed when it is accepted. Test numbers (by their last four
 * digits) are deterministic so that tests and trainees can rely on them; others follow the profile.
 */
export type Plan =
  | 'success' // Success at once
  | 'failure' // Failure at once
  | 'pending-success' // Pending, then Success after pendingMs
  | 'pending-failure' // Pending, then Failure after pendingMs
  | 'success-refund' // Success at once, then Refunded after pendingMs
  | 'pending-forever' // Pending, never resolves by itself
  | 'success-complaint-refund' // Success; a complaint on it is resolved by a refund
  | 'failure-reversed' // Failure at once, then, well after any status check, Success: a provider reversing its own failure
  | ChangedAnswerPlan; // a reply or a later check that says otherwise (issue 35): see changed-answers.ts

/** Every plan: the practice numbers' plays, the reversal and the changed answers (a simulator's faults, no practice ending). */
export const PLANS = [...PRACTICE_PLAYS, 'failure-reversed', ...CHANGED_ANSWER_PLANS] as const satisfies readonly Plan[];

/** Weights of the plans a non-test number is given, instead of the profile's (a simulator with its own faults). */
export type PlanMix = Partial<Readonly<Record<Plan, number>>>;

export const TEST_SUFFIXES: Readonly<Record<string, (typeof PRACTICE_PLAYS)[number]>> = {
  '5555': 'success',
  '0000': 'failure',
  '1111': 'pending-success',
  '2222': 'pending-failure',
  '3333': 'success-refund',
  '4444': 'pending-forever',
  '6666': 'success-complaint-refund',
};

export function planFor(number: string, profile: 'demo' | 'success', rng: Rng, mix?: PlanMix, next?: Plan): Plan {
  if (next) return next;
  const scripted = TEST_SUFFIXES[number.slice(-4)];
  if (scripted) return scripted;
  if (mix) return fromMix(mix, rng);
  if (profile === 'success') return 'success';
  const roll = rng();
  if (roll < 0.8) return 'success';
  if (roll < 0.92) return 'pending-success';
  if (roll < 0.97) return 'failure';
  return 'pending-failure';
}

function fromMix(mix: PlanMix, rng: Rng): Plan {
  const entries = PLANS.map((p) => [p, mix[p] ?? 0] as const).filter(([, w]) => w > 0);
  const total = entries.reduce((sum, [, w]) => sum + w, 0);
  let roll = rng() * total;
  for (const [plan, weight] of entries) {
    roll -= weight;
    if (roll < 0) return plan;
  }
  return entries.at(-1)?.[0] ?? 'success';
}

export function firstStatus(plan: Plan): 'Success' | 'Failure' | 'Pending' {
  switch (plan) {
    case 'success':
    case 'success-refund':
    case 'success-complaint-refund':
      return 'Success';
    case 'failure':
    case 'failure-reversed':
      return 'Failure';
    default:
      return 'Pending';
  }
}

/** The status a plan moves to when its timer runs out, if any. */
export function laterStatus(plan: Plan): 'Success' | 'Failure' | 'Refunded' | null {
  switch (plan) {
    case 'pending-success':
    case 'failure-reversed':
      return 'Success';
    case 'pending-failure':
      return 'Failure';
    case 'success-refund':
      return 'Refunded';
    default:
      return null;
  }
}
