import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { istDate } from '../../src/shared/ist-date';
import { shopDaySchema } from '../../src/shared/ipc/shop-day-schemas';
import { snap } from '../support/chromium';
import { until } from '../main/core/flow/harness-client';
import { closeShopPair, openShopPair, type ShopPair } from '../support/shop-e2e';

// Issue 37 item 3: the owner's whole-shop day. Counter 2 ("Back room", through its bridge) sells
// for cash and on credit and closes its day ₹10 short; counter 1 in Chromium sells for cash, does
// not close, and its Reports → Whole shop shows both counters' money, Back room's close and the
// shop's total.
let pair: ShopPair;
let e2e: ShopPair['e2e'];

beforeAll(async () => {
  pair = await openShopPair('shop-day', 'e2e-shop-day-token');
  const { other } = pair;
  e2e = pair.e2e;
  for (const [number, amount, method] of [
    ['9845675555', 300, 'cash'],
    ['9845665555', 200, 'credit'],
  ] as const) {
    expect((await other.ok('recharge:submit', { number, operator: 'JIO', amount, payment: { method } })).outcome).toBe('success');
  }
  await other.ok('dayclose:close', { date: istDate(Date.now()), counted: 29_000, upiCounted: 0, note: 'short ₹10' });
  const dispatch = e2e.harness.core.router.dispatch;
  expect((await dispatch('recharge:submit', { number: '9845645555', operator: 'JIO', amount: 150, payment: { method: 'cash' } })).ok).toBe(
    true,
  );
  // Back room's close has reached this counter.
  await until(
    async () => {
      const r = await dispatch('shop:day', { date: istDate(Date.now()) });
      return r.ok && shopDaySchema.parse(r.data).counters.some((c) => c.counterName === 'Back room' && c.close !== null) ? r : undefined;
    },
    15_000,
    'Back room’s close to reach Front desk',
  );
}, 90_000);

afterAll(() => closeShopPair(pair ?? {}));

async function wholeShop(nav: string, scope: string): Promise<{ page: Page; problems: string[] }> {
  const opened = await e2e.open({ width: 1024, height: 768 });
  const { page } = opened;
  await page.getByRole('navigation').getByRole('button', { name: nav }).click();
  await page.getByRole('radio', { name: scope }).click();
  return opened;
}

describe('the whole shop’s day, in Chromium at 1024×768', () => {
  it('shows each counter’s money, Back room’s close ₹10 short, and the shop’s total (English)', async () => {
    const { page, problems } = await wholeShop('Reports', 'Whole shop');
    const table = page.getByRole('table', { name: 'The whole shop’s day: each counter’s money and its close' });
    await table.waitFor({ timeout: 15_000 });
    const row = (name: RegExp) => table.getByRole('row', { name });
    await row(/^Cash sales/)
      .getByText('₹450.00 (2)')
      .waitFor();
    expect(await row(/^Cash sales/).textContent()).toBe('Cash sales₹150.00 (1)₹300.00 (1)₹450.00 (2)');
    expect(await row(/^Credit sales/).textContent()).toBe('Credit sales (khata)₹0.00 (0)₹200.00 (1)₹200.00 (1)');
    expect(await row(/^Cash expected/).textContent()).toBe('Cash expected₹150.00₹300.00₹450.00');
    expect(await row(/^Cash counted/).textContent()).toBe('Cash countedNot closed yet₹290.00₹290.001 of 2 counters closed');
    expect(await row(/^Cash difference/).textContent()).toBe('Cash differenceNot closed yet₹10.00 short—');
    await table.scrollIntoViewIfNeeded();
    await snap(page, 'shop-day-01-en');
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);

  it('says the same in Hindi', async () => {
    await e2e.harness.core.router.dispatch('settings:update', { language: 'hi' });
    const { page, problems } = await wholeShop('रिपोर्ट', 'पूरी दुकान');
    const table = page.getByRole('table', { name: 'पूरी दुकान का दिन: हर काउंटर का पैसा और उसका दिन बंद' });
    await table.waitFor({ timeout: 15_000 });
    await table.getByText('2 में से 1 काउंटर बंद').waitFor();
    await table.getByText('अभी बंद नहीं हुआ').first().waitFor();
    await table.scrollIntoViewIfNeeded();
    await snap(page, 'shop-day-02-hi');
    expect(problems).toEqual([]);
    await page.close();
    await e2e.harness.core.router.dispatch('settings:update', { language: 'en' });
  }, 60_000);
});
