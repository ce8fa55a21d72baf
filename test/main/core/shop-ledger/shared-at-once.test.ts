import { afterEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../../src/sandbox';
import { until, type TestHarness } from '../flow/harness-client';
import { shopHarnessesPerTest } from '../../../support/shop-harness';
import { openLiveHarness, testSandbox } from '../../../support/live-harness';

// Two counters on one real PostgreSQL, their sync timers a minute apart: only what the session
// kicks travels within the test.
const TOKEN = 'shared-at-once-token';
const shop = shopHarnessesPerTest();
let sandbox: Sandbox | undefined;
afterEach(() => {
  sandbox = undefined;
});

async function counter(s: Sandbox, url: string, name: string): Promise<TestHarness> {
  return shop.join(await openLiveHarness(s, { shopSyncMs: 60_000 }), url, name);
}

describe('what the shop shares is sent when it is written, not at the next sync timer', () => {
  it("a khata payment taken at counter 1 is in counter 2's statement within seconds", async () => {
    sandbox = await testSandbox({ token: TOKEN });
    const url = shop.server().newDatabase();
    const a = await counter(sandbox, url, 'Counter 1');
    const b = await counter(sandbox, url, 'Counter 2');
    const number = '9876545555';
    const sale = await a.ok('recharge:submit', { number, operator: 'JIO', amount: 239, payment: { method: 'credit' } });
    await until(
      async () => (await b.ok('khata:get', { number })).lines.some((l) => l.refId === sale.txn.refId),
      5000,
      "the credit sale in counter 2's statement",
    );
    // The syncs the sale woke (its push, its answer's, the wake-ups of each) are over: a payment
    // written during one would ride along and prove nothing.
    await until(async () => (await a.ok('shop:status')).unsent === 0, 5000, 'counter 1 to have sent everything');
    await new Promise((r) => setTimeout(r, 1000));
    const paid = await a.ok('khata:pay', { number, rupees: 100, method: 'cash' });
    const payment = paid.lines[0]!;
    expect(payment.kind).toBe('credit_payment');
    const seen = await until(
      async () => {
        const view = await b.ok('khata:get', { number });
        return view.lines.some((l) => l.kind === 'credit_payment' && l.id === payment.id && l.counter === 'Counter 1') ? view : null;
      },
      5000,
      "the payment in counter 2's statement",
    );
    expect(seen.due).toBe(13900);
  }, 60_000);
});
