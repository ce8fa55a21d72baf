import { describe, expect, it } from 'vitest';
import { checkRoutingRules, type RoutingFault } from '../../../src/shared/routing/routing-check';
import { outcomeText } from '../../../src/shared/words/outcome-text';
import { threeAccountRules } from './routing-fixture';

function faultsOf(raw: unknown): RoutingFault[] {
  const r = checkRoutingRules(raw);
  if (r.ok) return [];
  expect(r.error.code).toBe('routing_refused');
  return r.error.code === 'routing_refused' ? r.error.params.faults : [];
}

describe('routing rules the owner saves', () => {
  it('accepts a three-account shop, defaults filled in', () => {
    const r = checkRoutingRules(threeAccountRules());
    expect(r.ok).toBe(true);
    const bare: Record<string, unknown> = { ...threeAccountRules() };
    for (const key of ['enabled', 'maxAttemptsPerSale', 'pauseAfterFailures']) delete bare[key];
    const d = checkRoutingRules(bare);
    expect(d.ok && [d.rules.enabled, d.rules.maxAttemptsPerSale, d.rules.pauseAfterFailures]).toEqual([false, 2, 5]);
  });

  it('refuses an operator no account serves, naming it', () => {
    const rules = threeAccountRules();
    rules.routes['BSNL'] = [];
    delete rules.routes['DISHTV'];
    expect(faultsOf(rules)).toEqual([
      { fault: 'no_account', operator: 'BSNL' },
      { fault: 'no_account', operator: 'DISHTV' },
    ]);
  });

  it('refuses an account named that is not in the list, and an operator code it does not know', () => {
    const rules = threeAccountRules();
    rules.routes['VI'] = [{ account: 'ghost' }];
    rules.routes['XYZ'] = [{ account: 'main' }];
    expect(faultsOf(rules)).toEqual([
      { fault: 'operator_unknown', operator: 'XYZ' },
      { fault: 'unknown_account', operator: 'VI', account: 'ghost' },
    ]);
  });

  it('refuses one account listed twice for amounts that overlap, and keeps disjoint ones', () => {
    const rules = threeAccountRules();
    rules.routes['AT'] = [
      { account: 'main', amounts: { kind: 'range', min: 10, max: 500 } },
      { account: 'spare' },
      { account: 'main', amounts: { kind: 'range', min: 300, max: 1000 } },
    ];
    expect(faultsOf(rules)).toEqual([{ fault: 'ranges_overlap', operator: 'AT', account: 'Main Provider', amount: 300 }]);
    rules.routes['AT'] = [
      { account: 'main', amounts: { kind: 'range', min: 10, max: 299 } },
      { account: 'spare' },
      { account: 'main', amounts: { kind: 'list', amounts: [299, 479] } },
    ];
    expect(faultsOf(rules)).toEqual([{ fault: 'ranges_overlap', operator: 'AT', account: 'Main Provider', amount: 299 }]);
    rules.routes['AT'] = [
      { account: 'main', amounts: { kind: 'range', min: 10, max: 298 } },
      { account: 'main', amounts: { kind: 'list', amounts: [299, 479] } },
    ];
    expect(checkRoutingRules(rules).ok).toBe(true);
    // No amounts at all is every amount: listed twice that way always overlaps.
    rules.routes['AT'] = [{ account: 'spare' }, { account: 'spare' }];
    expect(faultsOf(rules)).toEqual([{ fault: 'ranges_overlap', operator: 'AT', account: 'Spare', amount: 10 }]);
  });

  it('refuses a cap below zero, a range that ends before it starts and amounts the operator does not take', () => {
    const rules = threeAccountRules();
    rules.routes['JIO'] = [
      { account: 'cheap', dailyCapRupees: -1 },
      { account: 'main', amounts: { kind: 'range', min: 900, max: 100 } },
      { account: 'spare', amounts: { kind: 'list', amounts: [199, 20_000] } },
    ];
    expect(faultsOf(rules)).toEqual([
      { fault: 'cap_negative', operator: 'JIO', account: 'Cheap Jio' },
      { fault: 'range_reversed', operator: 'JIO', account: 'Main Provider' },
      { fault: 'amount_outside', operator: 'JIO', account: 'Spare', amount: 20_000 },
    ]);
    rules.routes['JIO'] = [{ account: 'cheap', dailyCapRupees: 0 }];
    expect(checkRoutingRules(rules).ok).toBe(true);
  });

  it('refuses a route whose every account is paused, and two accounts with one id', () => {
    const rules = threeAccountRules();
    rules.accounts[0]!.paused = true;
    rules.accounts[2]!.paused = true;
    const faults = faultsOf(rules);
    expect(faults).toContainEqual({ fault: 'only_paused', operator: 'AT' });
    expect(faults).not.toContainEqual({ fault: 'only_paused', operator: 'JIO' });
    const twice = threeAccountRules();
    twice.accounts.push({ ...twice.accounts[0]!, name: 'Other' });
    expect(faultsOf(twice)).toEqual([{ fault: 'account_repeated', account: 'main' }]);
  });

  it('says what is wrong with rules of the wrong shape, in words', () => {
    const rules: unknown = { ...threeAccountRules(), accounts: [{ id: 'Main Provider!' }] };
    const r = checkRoutingRules(rules);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toEqual({ code: 'routing_unreadable', params: { where: 'accounts.0.id' } });
    const bad = checkRoutingRules({ ...threeAccountRules(), routes: { JIO: [{ account: 'cheap', dailyCapRupees: 1.5 }] } });
    expect(!bad.ok && bad.error.code).toBe('routing_unreadable');
    const refused = checkRoutingRules({ ...threeAccountRules(), routes: {} });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(outcomeText('en', refused.error)).toMatch(/^These routing rules were not saved: no account takes Jio recharges; /);
    expect(outcomeText('hi', refused.error)).toContain('सेव नहीं हुए');
  });
});
