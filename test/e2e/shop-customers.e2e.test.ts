import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { snap } from '../support/chromium';
import { openE2E, type E2ESession } from '../support/e2e-session';
import { startPostgres, type PostgresServer } from '../support/postgres-server';
import { openCounter, resultCard, upToConfirmation } from '../support/counter-keys';
import { until, type TestHarness } from '../main/core/flow/harness-client';
import { openLiveHarness } from '../support/live-harness';

// Issue 37: customers are the shop's. "Back room" (counter 1, through its bridge) names a customer,
// sets a ₹300 limit and sells ₹200 on credit; at "Front desk" (counter 2, in Chromium) the number
// box names him with that due, and a ₹199 credit sale is warned against counter 1's limit.
const TOKEN = 'e2e-shop-customers-token';
const NUMBER = '9845685555';
let pg: PostgresServer;
let sandbox: Sandbox;
let e2e: E2ESession;
let other: TestHarness;
const atCounter = z.object({ customer: z.object({ name: z.string() }).nullable(), khataDue: z.number() });

beforeAll(async () => {
  pg = await startPostgres();
  sandbox = await startSandbox({ token: TOKEN, balance: 100_000, sameNumberWindowMs: 0 });
  const url = pg.newDatabase();
  other = await openLiveHarness(sandbox, { shopSyncMs: 100 });
  await other.ok('shop:configure', { url, tls: 'disable', counterName: 'Back room', password: pg.password });
  await other.ok('customer:save', { number: NUMBER, name: 'Ramesh Kumar', operator: null, circle: null });
  await other.ok('khata:setLimit', { number: NUMBER, rupees: 300 });
  const sale = await other.ok('recharge:submit', { number: NUMBER, operator: 'JIO', amount: 200, payment: { method: 'credit' } });
  expect(sale.outcome).toBe('success');

  e2e = await openE2E('shop-customers', { acceptWeakTokenProtection: true, shopSyncMs: 100 });
  const dispatch = e2e.harness.core.router.dispatch;
  expect((await dispatch('auth:save', { baseUrl: sandbox.url, username: sandbox.credentials.username, token: TOKEN })).ok).toBe(true);
  expect((await dispatch('shop:configure', { url, tls: 'disable', counterName: 'Front desk', password: pg.password })).ok).toBe(true);
  await until(
    async () => {
      const r = await dispatch('customer:atCounter', { number: NUMBER });
      const seen = r.ok ? atCounter.parse(r.data) : null;
      return seen?.customer?.name === 'Ramesh Kumar' && seen.khataDue === 20_000;
    },
    15_000,
    'Front desk to pull Back room’s customer',
  );
}, 90_000);

afterAll(async () => {
  await e2e?.close();
  await other?.dispose();
  await sandbox?.close();
  pg?.stop();
});

describe('customers are the shop’s, in Chromium at 1024×768', () => {
  it('the number box names the other counter’s customer with the shop’s due; credit past that counter’s limit is warned and sent only on purpose', async () => {
    const { page, problems } = await openCounter(e2e);
    await page.keyboard.type(NUMBER);
    const line = page.locator('.customer-line');
    await line.getByText('Ramesh Kumar').waitFor();
    await line.getByText('owes ₹200.00 on the khata').waitFor();
    await snap(page, 'shop-customers-01-number-box');

    await page.getByLabel('Mobile number').fill('');
    await page.getByLabel('Mobile number').focus();
    await upToConfirmation(page, NUMBER, '199');
    await page.keyboard.press('k');
    await page
      .getByRole('dialog')
      .getByText('Over the credit limit: owes ₹200.00, with this ₹199.00 it would be ₹399.00 (limit ₹300.00).', { exact: false })
      .waitFor();
    await snap(page, 'shop-customers-02-over-limit');
    // "Don't send" has Enter; the shopkeeper sends on credit anyway with Tab + Enter.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await resultCard(page, /Recharge successful/, 15_000);
    expect(problems).toEqual([]);
    await page.close();
    await until(
      async () => (await other.ok('khata:get', { number: NUMBER, lines: 0 })).due === 39_900,
      15_000,
      'Back room to see the credit sent at Front desk',
    );
  }, 60_000);
});
