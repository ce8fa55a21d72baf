import { describe, expect, it } from 'vitest';
import type { AttemptFacts } from '../../../src/shared/routing/failover';
import { nextAttempt } from '../../../src/shared/routing/next-attempt';
import type { AccountState } from '../../../src/shared/routing/route-decision';
import { threeAccountRules } from './routing-fixture';

const sale = { operator: 'JIO', amountRupees: 299 };
const none = new Map<string, AccountState>();
const sent = (account: string, over: Partial<AttemptFacts>): AttemptFacts => ({
  refId: `RD-${account}`,
  account,
  status: 'Unknown',
  failureConfirmed: false,
  notProcessed: false,
  ...over,
});

describe('the next attempt of a sale', () => {
  it('goes first to the first account the route allows, with the decision to store', () => {
    const plan = nextAttempt(threeAccountRules(), sale, [], none);
    expect(plan).toMatchObject({ send: true, attempt: 1, account: 'cheap' });
    expect(plan.send && plan.decision.steps.map((s) => s.skipped)).toEqual([null, null, null]);
  });

  it('after a declared refusal goes to the next account, never back to the one that refused', () => {
    const plan = nextAttempt(threeAccountRules(), sale, [sent('cheap', { status: 'Error', notProcessed: true })], none);
    expect(plan).toMatchObject({ send: true, attempt: 2, account: 'main' });
    expect(plan.send && plan.decision.steps[0]).toEqual({ account: 'cheap', skipped: 'already_tried' });
  });

  it('sends nothing while the first attempt is unknown, whatever the route would allow', () => {
    expect(nextAttempt(threeAccountRules(), sale, [sent('cheap', {})], none)).toEqual({
      send: false,
      why: 'unresolved',
      refId: 'RD-cheap',
    });
  });

  it('stops when the law allows another attempt but no account is left to take it', () => {
    const rules = threeAccountRules();
    rules.maxAttemptsPerSale = 3;
    const failed = [sent('main', { status: 'Failure', failureConfirmed: true }), sent('spare', { status: 'Error', notProcessed: true })];
    const plan = nextAttempt(rules, { operator: 'AT', amountRupees: 299 }, failed, none);
    expect(plan).toMatchObject({ send: false, why: 'no_account' });
    rules.maxAttemptsPerSale = 2;
    expect(nextAttempt(rules, { operator: 'AT', amountRupees: 299 }, failed, none)).toEqual({ send: false, why: 'limit' });
  });
});
