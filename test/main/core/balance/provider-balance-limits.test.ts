import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../../src/sandbox';
import { BalanceGate } from '../../../../src/main/core/balance/balance-gate';
import { heldClock, openMoneySession } from '../../../support/money-session';
import { startCountingProxy } from '../../../support/counting-proxy';
import { removeTempDir } from '../../../support/temp-folder';

// Issue 36 items 6 and 7: a provider that blocks an account reading its balance more than once in
// 10 minutes (the app read it 3–5 times in 6 seconds), and a provider with no balance call at all.

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
const MIN = 60_000;

async function provider() {
  const sandbox = await startSandbox({ balance: 5000 });
  cleanups.push(() => sandbox.close());
  const proxy = await startCountingProxy(sandbox.url);
  cleanups.push(() => proxy.close());
  return { sandbox, proxy };
}

describe("a provider's least interval between balance reads", () => {
  it("a shop's morning (recharges, a manual refresh, a restart) reads the balance at most once per 10 minutes", async () => {
    const { sandbox, proxy } = await provider();
    const clock = heldClock(Date.UTC(2026, 10, 28, 3, 30));
    const start = clock.t;
    const gate = new BalanceGate();
    // The wallet keeper tries to read every 40 ms of real time, and again after every final answer.
    const open = (dir?: string, g = gate) =>
      openMoneySession({
        baseUrl: proxy.url,
        ...sandbox.credentials,
        now: clock.now,
        profileFile: 'limited-v2.json',
        balanceEveryMs: 40,
        dir,
        balanceGate: g,
      });
    let money = await open();
    const dir = money.dir;
    cleanups.push(() => removeTempDir(dir));
    await money.session.balances.refresh('app');
    expect(proxy.count('balance')).toBe(1);

    for (const n of ['9876545555', '9876515555', '9876525555', '9876535555']) {
      clock.advance(MIN);
      const { txn } = await money.session.recharge.submit({ number: n, operator: 'JIO', amount: 239, confirmDuplicate: false });
      expect(txn.status).toBe('Success');
      await wait(1_200);
    }
    // The shopkeeper presses Refresh at 5 minutes: the last figure, and the screen says why.
    clock.advance(MIN);
    const shown = await money.session.balances.refresh();
    expect(shown.buyer).toBe(money.session.balances.last()?.buyer);
    expect(money.session.balances.note()).toMatchObject({
      code: 'balance_held_back',
      params: { everySeconds: 600, nextAt: start + 10 * MIN },
    });
    expect(proxy.count('balance')).toBe(1);

    // A session opened again in the same core, then the app started again (a new core, the ledger's word).
    await money.stop();
    money = await open(dir);
    await money.session.balances.refresh('app');
    await wait(300);
    expect(proxy.count('balance')).toBe(1);
    await money.stop();
    money = await open(dir, new BalanceGate());
    await money.session.balances.refresh('app');
    await wait(300);
    expect(proxy.count('balance')).toBe(1);

    // Ten minutes on: one read, however many ask at once.
    clock.advance(5 * MIN);
    await Promise.all([money.session.balances.refresh(), money.session.balances.refresh(), money.session.balances.refresh('app')]);
    await wait(500);
    expect(proxy.count('balance')).toBe(2);
    expect(money.session.balances.note()).toBeNull();
    clock.advance(9 * MIN);
    await wait(300);
    expect(proxy.count('balance')).toBe(2);
    await money.stop();
    // 20 minutes of a morning: never more than one read per 10 minutes.
    expect(proxy.count('balance')).toBeLessThanOrEqual(Math.floor((clock.t - start) / (10 * MIN)) + 1);
  });
});

describe('a provider without a balance call', () => {
  it('the wallet comes from the recharge replies, the screen says so, and no balance request is ever sent', async () => {
    const { sandbox, proxy } = await provider();
    const money = await openMoneySession({
      baseUrl: proxy.url,
      ...sandbox.credentials,
      profileFile: 'no-extras-v2.json',
      balanceEveryMs: 40,
    });
    cleanups.push(money.close);
    await expect(money.session.balances.refresh('app')).rejects.toMatchObject({ outcome: { code: 'balance_from_replies' } });
    const { txn } = await money.session.recharge.submit({ number: '9876545555', operator: 'JIO', amount: 239, confirmDuplicate: false });
    expect(txn.status).toBe('Success');
    await wait(1_200);
    const wallet = await money.session.balances.refresh();
    expect(wallet).toMatchObject({ buyer: 500_000 - 23_900 + (txn.margin ?? 0), source: 'reply' });
    expect(money.session.balances.note()).toEqual({ code: 'balance_from_replies', params: {} });
    expect(proxy.count('balance')).toBe(0);
  });
});
