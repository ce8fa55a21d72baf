import { describe, expect, it } from 'vitest';
import { accountStates } from '../../../../src/main/core/routing/account-states';
import { OPERATORS } from '../../../../src/shared/operators';
import type { RoutingRules } from '../../../../src/shared/routing/routing-schema';

const T0 = 1_764_000_000_000;

function rules(resumedAt?: number): RoutingRules {
  return {
    version: 1,
    enabled: true,
    maxAttemptsPerSale: 2,
    pauseAfterFailures: 3,
    accounts: [
      { id: 'main', name: 'Main', profile: 'document', baseUrl: '', username: '', paused: false },
      { id: 'spare', name: 'Spare', profile: 'hash-text', baseUrl: '', username: '', paused: false, resumedAt },
    ],
    routes: Object.fromEntries(OPERATORS.map((o) => [o.code, [{ account: 'main' }, { account: 'spare' }]])),
  };
}

// Newest first, as the ledger reads them: the spare account failed four times in a row.
const ledger = {
  spentSince: () => [],
  recentAttempts: () => [
    { account: 'spare', status: 'Failure', at: T0 + 40 },
    { account: 'spare', status: 'Error', at: T0 + 30 },
    { account: 'main', status: 'Success', at: T0 + 25 },
    { account: 'spare', status: 'Unknown', at: T0 + 20 },
    { account: 'spare', status: 'Failure', at: T0 + 10 },
  ],
};
const wallet = () => ({ balancePaise: null, checkFailed: false });

describe('failures in a row, as the pause counts them', () => {
  it('count every attempt since the last success', () => {
    expect(accountStates(ledger, rules(), T0 + 50, wallet).get('spare')?.failuresInRow).toBe(4);
  });

  it('start again from the owner’s resume, so the failures that paused an account do not pause it anew', () => {
    expect(accountStates(ledger, rules(T0 + 35), T0 + 50, wallet).get('spare')?.failuresInRow).toBe(1);
    expect(accountStates(ledger, rules(T0 + 45), T0 + 50, wallet).get('spare')?.failuresInRow).toBe(0);
  });
});
