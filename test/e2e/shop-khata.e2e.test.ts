import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { snap } from '../support/chromium';
import { until } from '../main/core/flow/harness-client';
import { closeShopPair, openShopPair, type ShopPair } from '../support/shop-e2e';

// Issue 37: one khata for the shop. Counter 2 ("Back room", through its bridge) sells on credit;
// counter 1 in Chromium shows that line under the other counter's name, how old its view of the
// other counters is, and takes a payment towards the due made there.
const NUMBER = '9845675555';
let pair: ShopPair;
let e2e: ShopPair['e2e'];
let other: ShopPair['other'];

beforeAll(async () => {
  pair = await openShopPair('shop-khata', 'e2e-shop-khata-token');
  ({ e2e, other } = pair);
  const sale = await other.ok('recharge:submit', { number: NUMBER, operator: 'JIO', amount: 300, payment: { method: 'credit' } });
  expect(sale.outcome).toBe('success');
}, 90_000);

afterAll(() => closeShopPair(pair ?? {}));

async function khataOf(nav: string, tab: string): Promise<{ page: Page; problems: string[] }> {
  const opened = await e2e.open({ width: 1024, height: 768 });
  const { page } = opened;
  await page.getByRole('navigation').getByRole('button', { name: nav }).click();
  await page.getByRole('button', { name: tab }).click();
  await page.locator('.dues-rows .due-row', { hasText: NUMBER.slice(0, 5) }).click({ timeout: 15_000 });
  await page.locator('.khata-panel').waitFor();
  return opened;
}

describe('one khata for the shop, in Chromium at 1024×768', () => {
  it('shows the other counter’s credit sale by its name and the view’s age, and takes a payment towards it (English)', async () => {
    const { page, problems } = await khataOf('Customers', 'Dues (khata)');
    const panel = page.locator('.khata-panel');
    await panel.getByText('Owes ₹300.00').waitFor();
    await panel.locator('tr[data-kind="sale"]').getByText('at Back room').waitFor();
    // Another counter's line is corrected at that counter: no Correct button on it here.
    expect(await panel.locator('tr[data-kind="sale"]').getByRole('button', { name: 'Correct' }).count()).toBe(0);
    await panel.getByText(/Counts the other counters’ entries as of/).waitFor();

    await page.locator('#khata-pay-amount').fill('100');
    await page.getByRole('button', { name: 'Take payment' }).click();
    await page.getByText('Payment of ₹100.00 recorded. Owes ₹200.00 now.').waitFor();
    await page.locator('.khata-panel').scrollIntoViewIfNeeded();
    await snap(page, 'shop-khata-01-en');
    expect(problems).toEqual([]);
    await page.close();
    // The payment reaches the counter where the due was made.
    await until(
      async () => (await other.ok('khata:get', { number: NUMBER, lines: 0 })).due === 20_000,
      15_000,
      'Back room to see the payment taken at Front desk',
    );
  }, 60_000);

  it('says the same in Hindi', async () => {
    await e2e.harness.core.router.dispatch('settings:update', { language: 'hi' });
    const { page, problems } = await khataOf('ग्राहक', 'बकाया (खाता)');
    const panel = page.locator('.khata-panel');
    await panel.locator('tr[data-kind="sale"]').getByText('Back room पर').waitFor();
    await panel.getByText(/दूसरे काउंटरों की एंट्रियाँ .* तक की गिनी गई हैं/).waitFor();
    await snap(page, 'shop-khata-02-hi');
    expect(problems).toEqual([]);
    await page.close();
    await e2e.harness.core.router.dispatch('settings:update', { language: 'en' });
  }, 60_000);
});
