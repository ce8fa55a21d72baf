import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../../src/sandbox';
import { openMoneySession } from '../../../support/money-session';
import { startCountingProxy } from '../../../support/counting-proxy';
import { outcomeText } from '../../../../src/shared/words/outcome-text';
import { chosenAccount, decideRoute, type AccountState } from '../../../../src/shared/routing/route-decision';
import { threeAccountRules } from '../../../shared/routing/routing-fixture';
import type { UserFacingError } from '../../../../src/main/core/errors/user-facing-error';

// Issue 36 item 6: a recharge's least and greatest amount per operator, as the provider's document sets them.

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

describe("the provider's amounts per operator", () => {
  it('the counter refuses an amount outside them before anything is saved or sent, naming the limits in both languages', async () => {
    const sandbox = await startSandbox({ balance: 5000 });
    cleanups.push(() => sandbox.close());
    const proxy = await startCountingProxy(sandbox.url);
    cleanups.push(() => proxy.close());
    const money = await openMoneySession({ baseUrl: proxy.url, ...sandbox.credentials, profileFile: 'limited-v2.json' });
    cleanups.push(money.close);
    const submit = (amount: number) =>
      money.session.recharge.submit({ number: '9876545555', operator: 'JIO', amount, confirmDuplicate: false });

    for (const amount of [10, 19, 5001]) {
      const refused = (await submit(amount).catch((e: unknown) => e)) as UserFacingError;
      expect(refused.outcome).toEqual({ code: 'amount_outside_provider', params: { operator: 'JIO', min: 20, max: 5000 } });
    }
    expect(money.session.ledger.history({ limit: 50 })).toEqual([]);
    expect(proxy.count('recharge')).toBe(0);
    const said = { code: 'amount_outside_provider', params: { operator: 'JIO', min: 20, max: 5000 } } as const;
    expect(outcomeText('en', said)).toMatch(/Jio recharges of ₹20 to ₹5,000 only/);
    expect(outcomeText('hi', said)).toMatch(/₹20 से ₹5,000 तक/);

    // Inside them, and an operator the profile sets no limit for, go as before.
    expect((await submit(20)).txn.status).toBe('Success');
    expect(
      (await money.session.recharge.submit({ number: '9876515555', operator: 'VI', amount: 10, confirmDuplicate: false })).txn.status,
    ).toBe('Success');
    expect(proxy.count('recharge')).toBe(2);
  });

  it('with routing on, an account whose provider does not take the amount is passed over, never chosen', () => {
    const rules = threeAccountRules();
    const fresh = (amounts?: AccountState['providerAmounts']): AccountState => ({
      spentTodayPaise: {},
      balancePaise: 1_000_000,
      failuresInRow: 0,
      balanceCheckFailed: false,
      providerAmounts: amounts,
    });
    const states = new Map([
      ['main', fresh({ JIO: { min: 10, max: 200 } })],
      ['cheap', fresh({ JIO: { min: 300, max: 999 } })],
      ['spare', fresh()],
    ]);
    const decision = decideRoute(rules, 'JIO', 299, states);
    expect(decision.steps.filter((s) => s.skipped === 'provider_amount').map((s) => s.account)).toEqual(['cheap', 'main']);
    expect(chosenAccount(decision)).not.toBe('cheap');
    expect(chosenAccount(decision)).not.toBe('main');
  });
});
