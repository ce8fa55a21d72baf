import type { Rng } from './rng';

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
  | 'success-complaint-refund'; // Success; a complaint on it is resolved by a refund

export const TEST_SUFFIXES: Readonly<Record<string, Plan>> = {
  '5555': 'success',
  '0000': 'failure',
  '1111': 'pending-success',
  '2222': 'pending-failure',
  '3333': 'success-refund',
  '4444': 'pending-forever',
  '6666': 'success-complaint-refund',
};

export function planFor(number: string, profile: 'demo' | 'success', rng: Rng): Plan {
  const scripted = TEST_SUFFIXES[number.slice(-4)];
  if (scripted) return scripted;
  if (profile === 'success') return 'success';
  const roll = rng();
  if (roll < 0.8) return 'success';
  if (roll < 0.92) return 'pending-success';
  if (roll < 0.97) return 'failure';
  return 'pending-failure';
}

export function firstStatus(plan: Plan): 'Success' | 'Failure' | 'Pending' {
  switch (plan) {
    case 'success':
    case 'success-refund':
    case 'success-complaint-refund':
      return 'Success';
    case 'failure':
      return 'Failure';
    default:
      return 'Pending';
  }
}

/** The status a plan moves to when its timer runs out, if any. */
export function laterStatus(plan: Plan): 'Success' | 'Failure' | 'Refunded' | null {
  switch (plan) {
    case 'pending-success':
      return 'Success';
    case 'pending-failure':
      return 'Failure';
    case 'success-refund':
      return 'Refunded';
    default:
      return null;
  }
}
