import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { snap } from '../support/chromium';
import { openE2E, type E2ESession } from '../support/e2e-session';
import { resultCard, upToConfirmation } from '../support/counter-keys';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { twoAccountRules } from '../support/two-account-rules';

// Issue 35 item 5: the first account's provider goes down (its address refuses connections). The
// Jio sale, routed main → spare, goes to the spare at once; the counter keeps selling and the
// header names the account it cannot reach, in both languages at 1024×768.
let e2e: E2ESession;
let main: Sandbox;
let spare: Sandbox;
let page: Page;

beforeAll(async () => {
  main = await startSandbox({ username: '9000000001', token: 'main-token-123456' });
  spare = await startSandbox({ username: '9000000002', token: 'spare-token-123456', dialect: 'hash-text' });
  e2e = await openE2E('unreachable-account', {
    acceptWeakTokenProtection: true,
    routing: { rules: twoAccountRules(spare), tokens: { spare: spare.credentials.token } },
  });
  const dispatch = e2e.harness.core.router.dispatch.bind(e2e.harness.core.router);
  expect((await dispatch('settings:update', { poller: { firstCheckSeconds: 1 } })).ok).toBe(true);
  expect((await dispatch('auth:save', { baseUrl: main.url, username: main.credentials.username, token: main.credentials.token })).ok).toBe(
    true,
  );
  await main.close();
});

afterAll(async () => {
  await e2e?.close();
  await spare?.close();
});

describe('a provider that cannot be reached does not stop the counter', () => {
  for (const [language, sold, cantReach] of [
    ['en', /Recharge successful/, /Can't reach Main Provider/],
    ['hi', /रिचार्ज सफल/, /Main Provider से संपर्क नहीं/],
  ] as const) {
    it(`${language}: the sale goes to the spare at once, and the header names the account it cannot reach`, async () => {
      await e2e.harness.core.router.dispatch('settings:update', { language });
      ({ page } = await e2e.open({ width: 1024, height: 768 }));
      await page.locator('#recharge-number').waitFor();
      const number = language === 'en' ? '9876515555' : '9876525555';
      await upToConfirmation(page, number, '239');
      await page.keyboard.press('Enter');
      await resultCard(page, sold, 15_000);
      // Sent once, to the spare: the first account never had a byte of it.
      expect(spare.admin.allTransactions().filter((t) => t.number === number)).toHaveLength(1);
      await expect.poll(() => page.getByTestId('unreachable-accounts').textContent(), { timeout: 15_000 }).toMatch(cantReach);
      // Not offline: the counter still sells, so there is no offline banner.
      expect(await page.locator('.banner-offline').count()).toBe(0);
      await snap(page, `unreachable-account-${language}`);
      await page.close();
    }, 60_000);
  }
});
