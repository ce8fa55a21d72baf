import { afterEach, describe, expect, it } from 'vitest';
import { istDate } from '../../../../src/shared/ist-date';
import type { TestHarness } from '../flow/harness-client';
import { openTwoProviders } from '../routing/two-providers';

let h: TestHarness | undefined;
afterEach(async () => {
  await h?.dispose();
  h = undefined;
});

describe('a sale that failed over is counted once in the day (issue 35 item 7)', () => {
  it('the close expects the cash taken, not the sale twice; "how customers paid" and the day book list it once', async () => {
    const { t, main } = await openTwoProviders();
    h = t;
    // Two cash sales on the first account, then one that it refuses and the spare carries out.
    await t.ok('recharge:submit', { number: '9876515555', operator: 'JIO', amount: 299 });
    await t.ok('recharge:submit', { number: '9876525555', operator: 'JIO', amount: 199 });
    main.admin.suspend(main.credentials.username, true);
    const failedOver = await t.ok('recharge:submit', { number: '9876535555', operator: 'JIO', amount: 239 });
    expect(failedOver.txn).toMatchObject({ status: 'Success', accountId: 'spare', attemptNo: 2 });

    const today = istDate(Date.now());
    // Hand-computed: ₹299 + ₹199 + ₹239 taken in cash, nothing paid to dues, nothing given back.
    const day = await t.ok('dayclose:get', { date: today });
    expect(day.expected).toBe(73_700);
    expect(day.money?.cash).toMatchObject({ sales: 73_700, expected: 73_700 });

    const report = await t.ok('report:summary', { from: today, to: today });
    expect(report.payments).toEqual([{ method: 'cash', count: 3, cash: 73_700, upi: 0, credit: 0 }]);
    // The provider charged three recharges; the refused attempt charged nothing.
    expect(report.totals.success).toMatchObject({ count: 3, amount: 73_700 });
    // The day book: three sales, ₹737, none failed (the refusal was a step of a sale that went through).
    expect(report.totals).toMatchObject({ count: 3, amount: 73_700, failed: { count: 0, amount: 0 } });
    expect(report.byStatus).toEqual([{ status: 'Success', count: 3, amount: 73_700 }]);
    expect(report.byOperator).toMatchObject([{ operator: 'JIO', count: 3, amount: 73_700 }]);
    expect(report.daily.find((d) => d.date === today)).toMatchObject({ count: 3, successAmount: 73_700 });
  });
});
