import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { snap } from '../support/chromium';
import { openE2E, type E2ESession } from '../support/e2e-session';
import { resultCard, upToConfirmation } from '../support/counter-keys';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { twoAccountRules } from '../support/two-account-rules';

// Issue 29: two provider accounts, routed main → spare. The confirmation names the account that
// will send it and one key picks the other; the result card lists every attempt of the sale.
let e2e: E2ESession;
let main: Sandbox;
let spare: Sandbox;
let page: Page;

beforeAll(async () => {
  main = await startSandbox({ username: '9000000001', token: 'main-token-123456' });
  spare = await startSandbox({ username: '9000000002', token: 'spare-token-123456', dialect: 'hash-text' });
  e2e = await openE2E('two-accounts', {
    acceptWeakTokenProtection: true,
    routing: {
      rules: twoAccountRules(spare),
      tokens: { spare: spare.credentials.token },
    },
  });
  const account = { baseUrl: main.url, username: main.credentials.username, token: main.credentials.token };
  expect((await e2e.harness.core.router.dispatch('auth:save', account)).ok).toBe(true);
});

afterAll(async () => {
  await e2e?.close();
  await main?.close();
  await spare?.close();
});

beforeEach(async () => {
  await page?.close();
  ({ page } = await e2e.open());
  await page.getByLabel('Mobile number').waitFor();
});

const accountLine = () => page.getByRole('dialog').locator('.confirm-account');
const sentTo = (s: Sandbox) => s.admin.allTransactions().map((t) => t.number);

describe('several provider accounts at the counter', () => {
  it('the confirmation names the account; A picks the spare one, and the card lists that attempt', async () => {
    await upToConfirmation(page, '9876505555', '199');
    await expect.poll(() => accountLine().textContent()).toMatch(/Goes through: Main Provider.*A another account/);
    await page.keyboard.press('a');
    await expect.poll(() => accountLine().textContent()).toMatch(/Goes through: Spare Provider/);
    await snap(page, 'two-accounts-01-confirm-spare');
    await page.keyboard.press('Enter');
    await resultCard(page, /Recharge successful/, 10_000);
    const attempts = page.locator('.sale-attempts li');
    await expect.poll(() => attempts.allTextContents()).toEqual([expect.stringMatching(/Attempt 1 · Spare Provider · \w+ · Success/)]);
    expect(sentTo(spare)).toEqual(['9876505555']);
    expect(sentTo(main)).toEqual([]);
  }, 60_000);

  it('the first provider refuses: the sale goes to the spare at once, and the card shows both attempts', async () => {
    main.admin.suspend(main.credentials.username, true);
    try {
      await upToConfirmation(page, '9876515555', '239');
      await expect.poll(() => accountLine().textContent()).toMatch(/Main Provider/);
      await page.keyboard.press('Enter');
      await resultCard(page, /Recharge successful/, 10_000);
      const attempts = page.locator('.sale-attempts li');
      await expect
        .poll(() => attempts.allTextContents())
        .toEqual([
          expect.stringMatching(/Attempt 1 · Main Provider · \w+ · /),
          expect.stringMatching(/Attempt 2 · Spare Provider · \w+ · Success/),
        ]);
      await snap(page, 'two-accounts-02-failover-card');
    } finally {
      main.admin.suspend(main.credentials.username, false);
    }
  }, 60_000);
});
