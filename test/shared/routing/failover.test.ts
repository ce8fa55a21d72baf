import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isDefiniteFailure, mayFailover, possibleDoubles, type AttemptFacts } from '../../../src/shared/routing/failover';
import { nextAttempt } from '../../../src/shared/routing/next-attempt';
import type { TxnStatus } from '../../../src/shared/status';
import { threeAccountRules } from './routing-fixture';

const attempt = (status: TxnStatus, over: Partial<AttemptFacts> = {}): AttemptFacts => ({
  refId: `RD7Q00000000012${over.account === 'spare' ? 4 : 3}`,
  account: 'main',
  status,
  failureConfirmed: false,
  notProcessed: false,
  ...over,
});
const refused = attempt('Error', { notProcessed: true });
const confirmedFailure = attempt('Failure', { failureConfirmed: true });

describe('may a sale be sent to the next account?', () => {
  it('sends the first attempt, and a next one only after a refusal the profile declares safe or a confirmed failure', () => {
    expect(mayFailover([], 2)).toEqual({ send: true, attempt: 1 });
    expect(mayFailover([refused], 2)).toEqual({ send: true, attempt: 2 });
    expect(mayFailover([confirmedFailure], 2)).toEqual({ send: true, attempt: 2 });
  });

  it('never after an attempt whose fate is open: pending, accepted, unknown (a timeout, a reset, an unreadable reply), sending', () => {
    for (const status of ['Pending', 'Accepted', 'Unknown', 'Submitting', 'NeedsAttention'] as const)
      expect(mayFailover([attempt(status)], 2), status).toEqual({ send: false, why: 'unresolved', refId: 'RD7Q000000000123' });
  });

  it('never on a first reply of Failure the status check has not confirmed, an Error that is not a declared refusal, or a refund', () => {
    expect(mayFailover([attempt('Failure')], 2)).toMatchObject({ send: false, why: 'unconfirmed_failure' });
    expect(mayFailover([attempt('Error')], 2)).toMatchObject({ send: false, why: 'not_definite' });
    expect(mayFailover([attempt('Refunded', { failureConfirmed: true })], 2)).toMatchObject({ send: false, why: 'refunded' });
    // A flag that does not fit the status proves nothing.
    expect(mayFailover([attempt('Pending', { notProcessed: true, failureConfirmed: true })], 2)).toMatchObject({ why: 'unresolved' });
  });

  it('stops at a Success and at the attempts the setting allows', () => {
    expect(mayFailover([attempt('Success')], 2)).toMatchObject({ send: false, why: 'succeeded' });
    expect(mayFailover([refused, confirmedFailure], 2)).toEqual({ send: false, why: 'limit' });
    expect(mayFailover([refused, confirmedFailure], 3)).toEqual({ send: true, attempt: 3 });
    expect(mayFailover([refused], 1)).toEqual({ send: false, why: 'limit' });
  });

  it('looks at every attempt, not only the last', () => {
    const stale = [attempt('Unknown'), { ...refused, account: 'spare' }];
    expect(mayFailover(stale, 3)).toMatchObject({ send: false, why: 'unresolved', refId: 'RD7Q000000000123' });
  });

  it('flags a failed attempt that succeeds later as a possible double recharge, naming both', () => {
    const second = attempt('Success', { account: 'spare' });
    const late = [attempt('Success'), second];
    expect(possibleDoubles(late)).toEqual([{ first: late[0], second }]);
    expect(mayFailover(late, 3)).toEqual({ send: false, why: 'possible_double', refId: 'RD7Q000000000123' });
    expect(possibleDoubles([refused, second])).toEqual([]);
    expect(possibleDoubles([attempt('Success')])).toEqual([]);
  });
});

/**
 * Random fault sequences against providers that tell the truth late, never falsely: each attempt
 * has a hidden fate at the provider (carried out, failed, or refused without being carried out)
 * and shows it through any mix of first replies (pending, accepted, a timeout, an unreadable body,
 * a failure or refusal word) and status checks that come in any order or never.
 */
type Fate = 'success' | 'failure' | 'refused';
/** `says`: the reply tells the fate; `early_failure`: a first word of Failure whatever the fate, which only the status check settles. */
type FirstReply = 'pending' | 'accepted' | 'timeout' | 'garbage' | 'reset' | 'says' | 'early_failure';
type Step = { kind: 'try' } | { kind: 'check'; which: number } | { kind: 'reverse'; which: number };

interface Sim {
  fate: Fate;
  facts: AttemptFacts;
}

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.constant<Step>({ kind: 'try' }),
  fc.nat(3).map<Step>((which) => ({ kind: 'check', which })),
  fc.nat(3).map<Step>((which) => ({ kind: 'reverse', which })),
);
const sendPlan = fc.record({
  fate: fc.constantFrom<Fate>('success', 'failure', 'refused'),
  reply: fc.constantFrom<FirstReply>('pending', 'accepted', 'timeout', 'garbage', 'reset', 'says', 'early_failure'),
});

function firstFacts(n: number, account: string, fate: Fate, reply: FirstReply): AttemptFacts {
  const base = { refId: `REF${n}`, account, failureConfirmed: false, notProcessed: false };
  if (reply === 'pending') return { ...base, status: 'Pending' };
  if (reply === 'accepted') return { ...base, status: 'Accepted' };
  if (reply === 'early_failure') return { ...base, status: 'Failure' };
  if (reply !== 'says') return { ...base, status: 'Unknown' };
  if (fate === 'success') return { ...base, status: 'Success' };
  return fate === 'refused' ? { ...base, status: 'Error', notProcessed: true } : { ...base, status: 'Failure' };
}

/** The status check: it confirms a success or a failure; of a request never carried out it finds nothing, so it stays open. */
function checked(s: Sim): AttemptFacts {
  if (s.fate === 'success') return { ...s.facts, status: 'Success' };
  if (s.fate === 'failure') return { ...s.facts, status: 'Failure', failureConfirmed: true };
  return s.facts;
}

function run(steps: readonly Step[], plans: readonly { fate: Fate; reply: FirstReply }[], max: number, reversals: boolean) {
  const sims: Sim[] = [];
  const rules = { ...threeAccountRules(), maxAttemptsPerSale: max };
  let plan = 0;
  for (const s of steps) {
    if (s.kind === 'try') {
      const facts = sims.map((x) => x.facts);
      const next = nextAttempt(rules, { operator: 'JIO', amountRupees: 299 }, facts, new Map());
      if (!next.send) continue;
      // What the decision may never do: send while any attempt can still turn out a success.
      expect(facts.every(isDefiniteFailure)).toBe(true);
      expect(sims.every((x) => x.fate !== 'success')).toBe(true);
      expect(sims.length).toBeLessThan(max);
      const p = plans[plan++ % plans.length]!;
      expect(sims.map((x) => x.facts.account)).not.toContain(next.account);
      sims.push({ fate: p.fate, facts: firstFacts(sims.length + 1, next.account, p.fate, p.reply) });
    } else if (s.kind === 'check' && sims[s.which]) {
      sims[s.which]!.facts = checked(sims[s.which]!);
    } else if (s.kind === 'reverse' && reversals && sims[s.which]?.facts.failureConfirmed) {
      // A provider reversing its own confirmed failure: the one lie the decision cannot see coming.
      sims[s.which] = { fate: 'success', facts: { ...sims[s.which]!.facts, status: 'Success', failureConfirmed: false } };
    }
  }
  return sims;
}

describe('failover over random fault sequences', () => {
  const inputs = [
    fc.array(step, { maxLength: 40 }),
    fc.array(sendPlan, { minLength: 1, maxLength: 6 }),
    fc.integer({ min: 1, max: 3 }),
  ] as const;

  it('never sends while an attempt is unresolved, and a sale never has two successes', () => {
    fc.assert(
      fc.property(...inputs, (steps, plans, max) => {
        const sims = run(steps, plans, max, false);
        expect(sims.filter((s) => s.fate === 'success').length).toBeLessThanOrEqual(1);
        expect(sims.length).toBeLessThanOrEqual(max);
      }),
      { numRuns: 2000 },
    );
  });

  it('when a provider reverses a confirmed failure, every second success is flagged with the attempt sent after it', () => {
    fc.assert(
      fc.property(...inputs, (steps, plans, max) => {
        const sims = run(steps, plans, max, true);
        const facts = sims.map((s) => s.facts);
        const successes = facts.filter((f) => f.status === 'Success');
        if (successes.length > 1) {
          const flagged = possibleDoubles(facts);
          expect(flagged.length).toBeGreaterThan(0);
          for (const d of flagged) expect(facts.indexOf(d.second)).toBe(facts.indexOf(d.first) + 1);
          expect(mayFailover(facts, max)).toMatchObject({ send: false, why: 'possible_double' });
        }
      }),
      { numRuns: 2000 },
    );
  });
});
