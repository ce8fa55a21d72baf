import { describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../../src/sandbox';
import { until, untilStatus, type TestHarness } from '../flow/harness-client';
import { istDate } from '../../../../src/shared/ist-date';
import { shopHarnessesPerTest } from '../../../support/shop-harness';
import { openLiveHarness } from '../../../support/live-harness';
import { answerChanges, failedOverSale, mainAndSpare, routedHarness } from '../../../support/failed-over-sale';

// Issue 37 part 2: counters on one PostgreSQL shop ledger, each sale sent to two provider accounts
// (two loopback simulators: the first account, and a spare on hash-text) when the first fails.
const shop = shopHarnessesPerTest();
const onShop = shop.join;

/** A counter whose sales go to the first account, then the spare. */
async function routedCounter(p: { main: Sandbox; spare: Sandbox }, url: string, name: string): Promise<TestHarness> {
  return onShop(await routedHarness(p, 50), url, name);
}

/** A counter on the first account alone (no routing). */
async function plainCounter(p: { main: Sandbox }, url: string, name: string): Promise<TestHarness> {
  return onShop(await openLiveHarness(p.main, { shopSyncMs: 50 }), url, name);
}

const ofSale = async (h: TestHarness, saleId: string) =>
  (await h.ok('shop:history', { limit: 500 })).items.filter((t) => t.saleId === saleId).sort((a, b) => a.attemptNo - b.attemptNo);

describe('each attempt travels with its sale and account (issue 37)', () => {
  it('a possible double at counter 1 is a possible double at counter 2: both attempts, both charged, never “not charged”', async () => {
    const p = await mainAndSpare();
    const url = shop.server().newDatabase();
    const a = await routedCounter(p, url, 'Counter 1');
    const b = await plainCounter(p, url, 'Counter 2');

    const sale = await failedOverSale(a, p, { number: '9876541234', operator: 'JIO', amount: 239 });
    // Counter 2 has the sale as it stood: the first account failed, the spare recharged.
    await until(
      async () => {
        const rows = await ofSale(b, sale.saleId);
        return rows.length === 2 && rows[0]!.status === 'Failure' && rows[1]!.status === 'Success' ? rows : undefined;
      },
      10_000,
      'counter 2 to see both attempts',
    );

    await answerChanges(a, p.main, sale.first);
    const seen = await until(
      async () => {
        const rows = await ofSale(b, sale.saleId);
        return rows[0]?.status === 'Success' ? rows : undefined;
      },
      10_000,
      'counter 2 to take the first attempt’s changed answer',
    );
    expect(seen.map((t) => [t.refId, t.attemptNo, t.accountId, t.accountName, t.status, t.counterName, t.possibleDouble])).toEqual([
      [sale.first, 1, 'main', 'Main Provider', 'Success', 'Counter 1', true],
      [sale.second, 2, 'spare', 'Spare Provider', 'Success', 'Counter 1', true],
    ]);
    // Counter 1 says the same of its own sale.
    expect((await ofSale(a, sale.saleId)).map((t) => [t.refId, t.status, t.possibleDouble])).toEqual([
      [sale.first, 'Success', true],
      [sale.second, 'Success', true],
    ]);

    // Counter 2's whole-shop figures: two charges, one sale, one of them a possible double.
    const day = { from: Date.now() - 3600_000, to: Date.now() + 60_000 };
    const report = await b.ok('shop:report', day);
    expect(report.counters.find((c) => c.counterName === 'Counter 1')).toMatchObject({
      success: { count: 2, amount: 47_800 },
      notCharged: { count: 0, amount: 0 },
      sales: { count: 1, amount: 23_900 },
      doubles: { count: 1, amount: 23_900 },
    });
  }, 90_000);

  it('three counters, failovers, credit sales and a changed answer: the whole shop’s figures are the providers’ charges, each sale once, and its dues and day book the counters’ own', async () => {
    const p = await mainAndSpare();
    const url = shop.server().newDatabase();
    const a = await routedCounter(p, url, 'Counter 1');
    const b = await routedCounter(p, url, 'Counter 2');
    const c = await plainCounter(p, url, 'Counter 3');
    const day = { from: Date.now() - 3600_000, to: Date.now() + 3600_000 };
    const dates = new Set([istDate(Date.now())]);
    const credit = { method: 'credit' as const };

    // Counter 1: ₹239 on credit fails over to the spare, then the first account's Failure turns Success (a double).
    const s1 = await failedOverSale(a, p, { number: '9876541234', operator: 'JIO', amount: 239, payment: credit });
    await answerChanges(a, p.main, s1.first);
    // Counter 2: ₹149 on credit fails over to the spare (charged once, at the spare).
    await failedOverSale(b, p, { number: '9876542468', operator: 'AT', amount: 149, payment: credit });
    // Counter 3: ₹199 in cash on the first account. Counter 1: ₹100 on credit on the first account.
    const s3 = await c.ok('recharge:submit', { number: '9876543579', operator: 'JIO', amount: 199 });
    await untilStatus(c, s3.txn.refId, 'Success', 5000);
    const s4 = await a.ok('recharge:submit', { number: '9876548642', operator: 'VI', amount: 100, payment: credit });
    await untilStatus(a, s4.txn.refId, 'Success', 5000);
    // Sales made either side of midnight (India time) are two days of the day book: both are read.
    dates.add(istDate(Date.now()));

    // Hand-computed (paise): the first account charged ₹239 + ₹199 + ₹100, the spare ₹239 + ₹149.
    const charged = (s: Sandbox) =>
      s.admin
        .allTransactions()
        .filter((t) => t.status === 'Success')
        .reduce((sum, t) => sum + t.amount, 0);
    expect([charged(p.main), charged(p.spare)]).toEqual([53_800, 38_800]);
    const want = {
      success: { count: 5, amount: 92_600 },
      sales: { count: 4, amount: 68_700 },
      doubles: { count: 1, amount: 23_900 },
      // Counter 2's first attempt: failed at the first account, nothing charged.
      notCharged: { count: 1, amount: 14_900 },
      open: { count: 0, amount: 0 },
    };
    const perCounter = {
      'Counter 1': { success: { count: 3, amount: 57_800 }, sales: { count: 2, amount: 33_900 }, doubles: { count: 1, amount: 23_900 } },
      'Counter 2': { success: { count: 1, amount: 14_900 }, sales: { count: 1, amount: 14_900 }, doubles: { count: 0, amount: 0 } },
      'Counter 3': { success: { count: 1, amount: 19_900 }, sales: { count: 1, amount: 19_900 }, doubles: { count: 0, amount: 0 } },
    };
    for (const [h, name] of [
      [a, 'Counter 1'],
      [b, 'Counter 2'],
      [c, 'Counter 3'],
    ] as const) {
      const report = await until(
        async () => {
          const r = await h.ok('shop:report', day);
          const sum = (k: 'success' | 'sales') => r.counters.reduce((s, x) => s + x[k].amount, 0);
          return r.counters.length === 3 && sum('success') === want.success.amount && sum('sales') === want.sales.amount ? r : undefined;
        },
        15_000,
        `${name} to have the whole shop`,
      );
      const total = (k: keyof typeof want) =>
        report.counters.reduce((s, x) => ({ count: s.count + x[k].count, amount: s.amount + x[k].amount }), { count: 0, amount: 0 });
      for (const k of Object.keys(want) as (keyof typeof want)[]) expect(total(k), `${name}: ${k}`).toEqual(want[k]);
      // The providers' charges are the successes counted.
      expect(total('success').amount).toBe(charged(p.main) + charged(p.spare));
      for (const [counterName, figures] of Object.entries(perCounter)) {
        expect(
          report.counters.find((x) => x.counterName === counterName),
          `${name} on ${counterName}`,
        ).toMatchObject(figures);
      }
      // Each provider account's part of the whole shop, under the name the counters give it.
      const accounts = Object.fromEntries(report.accounts.map((x) => [x.accountId, [x.accountName, x.success]]));
      expect(accounts, name).toEqual({
        main: [name === 'Counter 3' ? expect.any(String) : 'Main Provider', { count: 3, amount: 53_800 }],
        spare: ['Spare Provider', { count: 2, amount: 38_800 }],
      });

      // The dues list: each credit sale once, however many accounts it went to, at every counter.
      const dues = await until(
        async () => {
          const items = (await h.ok('khata:dues')).items;
          return items.length === 3 ? items : undefined;
        },
        15_000,
        `${name} to have the shop's dues`,
      );
      expect(Object.fromEntries(dues.map((d) => [d.number, d.due])), name).toEqual({
        '9876541234': 23_900,
        '9876542468': 14_900,
        '9876548642': 10_000,
      });
      // The day book: the sales by how they were paid, per counter and for the shop.
      const book = await until(
        async () => {
          const days = await Promise.all([...dates].map((date) => h.ok('shop:day', { date })));
          const sales = (counter: string) => {
            const of = days.flatMap((d) => d.counters.filter((x) => x.counterName === counter));
            const add = (k: 'cash' | 'credit') =>
              of.reduce((t, x) => ({ count: t.count + x.sales[k].count, amount: t.amount + x.sales[k].amount }), { count: 0, amount: 0 });
            return { cash: add('cash'), credit: add('credit') };
          };
          const all = { 'Counter 1': sales('Counter 1'), 'Counter 2': sales('Counter 2'), 'Counter 3': sales('Counter 3') };
          return Object.values(all).reduce((n, x) => n + x.cash.count + x.credit.count, 0) === 4 ? all : undefined;
        },
        15_000,
        `${name} to have the shop's day`,
      );
      expect(book, name).toEqual({
        'Counter 1': { cash: { count: 0, amount: 0 }, credit: { count: 2, amount: 33_900 } },
        'Counter 2': { cash: { count: 0, amount: 0 }, credit: { count: 1, amount: 14_900 } },
        'Counter 3': { cash: { count: 1, amount: 19_900 }, credit: { count: 0, amount: 0 } },
      });
    }
  }, 180_000);
});
