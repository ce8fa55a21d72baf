import { describe, expect, it } from 'vitest';
import { OPERATORS } from '../../../src/shared/operators';
import {
  autoPauseOf,
  chosenAccount,
  decideRoute,
  routeDecisionSchema,
  type AccountState,
} from '../../../src/shared/routing/route-decision';
import { checkRoutingRules } from '../../../src/shared/routing/routing-check';
import { singleAccountRules } from '../../../src/shared/routing/single-account';
import { threeAccountRules } from './routing-fixture';

const fresh = (over: Partial<AccountState> = {}): AccountState => ({
  spentTodayPaise: {},
  balancePaise: 1_000_000,
  failuresInRow: 0,
  balanceCheckFailed: false,
  ...over,
});

const states = (over: Record<string, Partial<AccountState>> = {}) => new Map(['main', 'cheap', 'spare'].map((id) => [id, fresh(over[id])]));

describe('the route decision', () => {
  it('lists every account of the route in the owner order, each used or passed over with its reason', () => {
    const rules = threeAccountRules();
    expect(decideRoute(rules, 'JIO', 299, states()).steps).toEqual([
      { account: 'cheap', skipped: null },
      { account: 'main', skipped: null },
      { account: 'spare', skipped: null },
    ]);
    expect(decideRoute(rules, 'JIO', 149, states()).steps[0]).toEqual({ account: 'cheap', skipped: 'amount_not_routed' });
    expect(chosenAccount(decideRoute(rules, 'JIO', 149, states()))).toBe('main');
    expect(chosenAccount(decideRoute(rules, 'JIO', 999, states()))).toBe('cheap');
    expect(chosenAccount(decideRoute(rules, 'JIO', 1000, states()))).toBe('main');
    expect(chosenAccount(decideRoute(rules, 'TATASKY', 500, states()))).toBe('main');
  });

  it('takes amount lists exactly', () => {
    const rules = threeAccountRules();
    rules.routes['VI'] = [{ account: 'spare', amounts: { kind: 'list', amounts: [99, 479] } }, { account: 'main' }];
    expect(chosenAccount(decideRoute(rules, 'VI', 479, states()))).toBe('spare');
    expect(decideRoute(rules, 'VI', 478, states()).steps[0]!.skipped).toBe('amount_not_routed');
  });

  it('passes over an account whose daily cap this amount would pass, counting only that operator', () => {
    const rules = threeAccountRules(); // cheap: ₹5000 a day for Jio
    const near = states({ cheap: { spentTodayPaise: { JIO: 480_100, AT: 9_000_000 } } });
    expect(chosenAccount(decideRoute(rules, 'JIO', 199, near))).toBe('cheap'); // 4801 + 199 = 5000: at the cap, allowed
    expect(decideRoute(rules, 'JIO', 200, near).steps[0]).toEqual({ account: 'cheap', skipped: 'cap_reached' });
    rules.routes['JIO']![0]!.dailyCapRupees = 0;
    expect(decideRoute(rules, 'JIO', 199, states()).steps[0]!.skipped).toBe('cap_reached');
  });

  it('passes over a paused account, one paused by itself after failures or a failed balance check, and one short of balance', () => {
    const rules = threeAccountRules(); // pauses itself after 3 failures in a row
    rules.accounts[1]!.paused = true;
    expect(decideRoute(rules, 'JIO', 299, states()).steps[0]!.skipped).toBe('paused');
    rules.accounts[1]!.paused = false;
    const s = states({ cheap: { failuresInRow: 3 }, main: { balanceCheckFailed: true }, spare: { balancePaise: 29_899 } });
    expect(decideRoute(rules, 'JIO', 299, s).steps).toEqual([
      { account: 'cheap', skipped: 'paused_failures' },
      { account: 'main', skipped: 'paused_balance_check' },
      { account: 'spare', skipped: 'low_balance' },
    ]);
    expect(chosenAccount(decideRoute(rules, 'JIO', 299, s))).toBeNull();
    expect(chosenAccount(decideRoute(rules, 'JIO', 299, states({ cheap: { failuresInRow: 2 } })))).toBe('cheap');
    // A balance never read is no reason to skip: the provider itself refuses what the wallet cannot pay.
    expect(chosenAccount(decideRoute(rules, 'JIO', 299, new Map()))).toBe('cheap');
  });

  it('never offers a failover the account this sale was already sent to', () => {
    const rules = threeAccountRules();
    const d = decideRoute(rules, 'JIO', 299, states(), ['cheap']);
    expect(d.steps[0]).toEqual({ account: 'cheap', skipped: 'already_tried' });
    expect(chosenAccount(d)).toBe('main');
    expect(chosenAccount(decideRoute(rules, 'AT', 299, states(), ['main', 'spare']))).toBeNull();
  });

  it('says why an account pauses itself', () => {
    const rules = { pauseAfterFailures: 3 };
    expect(autoPauseOf(rules, fresh({ failuresInRow: 2 }))).toBeNull();
    expect(autoPauseOf(rules, fresh({ failuresInRow: 3, balanceCheckFailed: true }))).toBe('failures');
    expect(autoPauseOf(rules, fresh({ balanceCheckFailed: true }))).toBe('balance_check');
  });

  it('is stored with the row and read back whole', () => {
    const d = decideRoute(threeAccountRules(), 'JIO', 149, states());
    expect(routeDecisionSchema.parse(JSON.parse(JSON.stringify(d)))).toEqual(d);
    expect(routeDecisionSchema.safeParse({ ...d, steps: [{ account: 'main', skipped: 'because' }] }).success).toBe(false);
  });

  it('with one account (routing off) sends every operator and amount to it, as the app does today', () => {
    const rules = singleAccountRules(
      { provider: { baseUrl: 'https://p.example/api', username: '9000000001', profile: 'document' } },
      'Main',
    );
    expect(checkRoutingRules(rules)).toEqual({ ok: true, rules });
    expect(rules.enabled).toBe(false);
    for (const op of OPERATORS)
      for (const amount of [op.minAmount, op.popularAmounts[0]!, op.maxAmount])
        expect(chosenAccount(decideRoute(rules, op.code, amount, new Map())), `${op.code} ${amount}`).toBe('main');
  });
});
