import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { snap } from '../support/chromium';
import { openE2E, type E2ESession } from '../support/e2e-session';
import { startPostgres, type PostgresServer } from '../support/postgres-server';
import { until, type TestHarness } from '../main/core/flow/harness-client';
import { answerChanges, failedOverSale, mainAndSpare, routedHarness } from '../support/failed-over-sale';

// Issue 37: another counter's failed-over sale, as the owner sees it in the whole-shop history at
// 1024×768. "Back room" (a harness with two provider accounts) sends a sale that fails at the
// first account and goes through on the spare; then the first account's status check turns its
// Failure into a Success: a possible double. "Front desk" in Chromium, on one account, shows each
// attempt with its account, the double mark on both, and the per-account table.
const NUMBER = '9876541234';
let pg: PostgresServer;
let providers: { main: Sandbox; spare: Sandbox };
let e2e: E2ESession;
let other: TestHarness;

beforeAll(async () => {
  pg = await startPostgres();
  providers = await mainAndSpare(startSandbox);
  const url = pg.newDatabase();
  other = await routedHarness(providers, 100);
  await other.ok('shop:configure', { url, tls: 'disable', counterName: 'Back room', password: pg.password });
  const sale = await failedOverSale(other, providers, { number: NUMBER, operator: 'JIO', amount: 239 });
  await answerChanges(other, providers.main, sale.first);

  e2e = await openE2E('shop-attempts', { acceptWeakTokenProtection: true, shopSyncMs: 100 });
  const dispatch = e2e.harness.core.router.dispatch;
  const main = providers.main;
  expect((await dispatch('auth:save', { baseUrl: main.url, username: main.credentials.username, token: main.credentials.token })).ok).toBe(
    true,
  );
  expect((await dispatch('shop:configure', { url, tls: 'disable', counterName: 'Front desk', password: pg.password })).ok).toBe(true);
  // Front desk has both attempts once they are Success there too (the double is derived from them).
  await until(
    async () => {
      const r = await dispatch('shop:history', { limit: 50 });
      return r.ok && JSON.stringify(r.data).split('"Success"').length > 2 ? true : undefined;
    },
    20_000,
    'Front desk to have both attempts, both charged',
  );
}, 120_000);

afterAll(async () => {
  await e2e?.close();
  await other?.dispose();
  await providers?.main.close();
  await providers?.spare.close();
  pg?.stop();
});

async function wholeShop(navName: string, scope: string): Promise<{ page: Page; problems: string[] }> {
  const opened = await e2e.open({ width: 1024, height: 768 });
  await opened.page.getByRole('navigation').getByRole('button', { name: navName }).click();
  await opened.page.getByRole('radio', { name: scope }).click();
  return opened;
}

describe('another counter’s failed-over sale in the whole-shop history, in Chromium at 1024×768', () => {
  it('names each attempt’s account, marks both as a possible double, and totals per account (English)', async () => {
    const { page, problems } = await wholeShop('History', 'Whole shop');
    const list = page.getByRole('list', { name: 'Transactions, newest first' });
    await list.getByText('attempt 2 of the sale, on Spare Provider').first().waitFor({ timeout: 15_000 });
    await list.getByText('attempt 1 of the sale, on Main Provider').first().waitFor({ timeout: 5_000 });
    expect(await list.getByText('Possible double recharge: check with both providers').count()).toBe(2);

    const totals = page.getByRole('table', { name: /Per counter/ });
    // Two charges, one sale of them, and one charge beyond the sale's first: "Charged twice?".
    await expect
      .poll(() => totals.getByRole('row', { name: /Back room/ }).textContent())
      .toBe('Back room2₹478.00 (2)₹0.00 (0)₹0.00 (0)₹239.00 (1)₹239.00 (1)');
    const accounts = page.getByRole('table', { name: 'The whole shop, per provider account' });
    await expect.poll(() => accounts.getByRole('row', { name: /Spare Provider/ }).textContent()).toContain('₹239.00');
    // The table merges the counters' attempts by account, so it names each as this counter does
    // (its one account by its address); a row is one counter's attempt, named as that counter did.
    await expect.poll(() => accounts.getByRole('row', { name: /127\.0\.0\.1/ }).textContent()).toContain('₹239.00');
    await snap(page, 'shop-attempts-01-en');
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);

  it('says the same in Hindi', async () => {
    await e2e.harness.core.router.dispatch('settings:update', { language: 'hi' });
    const { page, problems } = await wholeShop('इतिहास', 'पूरी दुकान');
    const list = page.getByRole('list');
    await list.getByText('बिक्री का प्रयास 2, Spare Provider पर').first().waitFor({ timeout: 15_000 });
    expect(await page.getByText('शायद दो बार रिचार्ज हुआ: दोनों प्रोवाइडर से जाँचें').count()).toBe(2);
    await page.getByRole('table', { name: 'पूरी दुकान, हर प्रोवाइडर खाते का' }).waitFor();
    await snap(page, 'shop-attempts-02-hi');
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);
});
