import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { snap } from '../support/chromium';
import { openE2E, type E2ESession } from '../support/e2e-session';
import { rechargeByKeyboard, resultCard } from '../support/counter-keys';

let e2e: E2ESession;
let page: Page;
let problems: string[];

beforeAll(async () => {
  e2e = await openE2E('every-rupee', { demoPendingMs: 1200 });
  await e2e.harness.core.router.dispatch('settings:update', { poller: { firstCheckSeconds: 1 } });
});

afterAll(() => e2e?.close());

beforeEach(async () => {
  await page?.close();
  ({ page, problems } = await e2e.open());
});

const noticeBar = (name: string) => page.getByRole('region', { name });

describe('every rupee told, without a click', () => {
  it('pending then failed: a banner with the number and the amount to give back stays until dismissed, in both languages', async () => {
    await page.getByLabel('Mobile number').waitFor();
    await rechargeByKeyboard(page, { number: '9876542222', amount: '100', operatorKey: '3' });
    await resultCard(page, /being processed/, 10_000);
    // The shopkeeper serves the next customer while it is still being checked.
    await page.keyboard.press('Escape');
    const bar = noticeBar('Messages for the shopkeeper');
    const banner = bar.locator('.notice').filter({ hasText: 'Give ₹100.00 back to the customer.' });
    await banner.waitFor({ timeout: 15_000 });
    expect(await banner.textContent()).toContain('98765 42222');
    // Longer than the old toast lived: still there.
    await page.waitForTimeout(16_000);
    expect(await banner.count()).toBe(1);
    await snap(page, 'every-rupee-01-late-failure');
    await banner.getByRole('button', { name: 'Dismiss' }).click();
    await banner.waitFor({ state: 'detached' });
    expect(problems).toEqual([]);

    await e2e.harness.core.router.dispatch('settings:update', { language: 'hi' });
    await page.reload();
    await page.locator('input').first().waitFor();
    await rechargeByKeyboard(page, { number: '9876502222', amount: '150', operatorKey: '3' });
    const hindi = noticeBar('दुकानदार के लिए संदेश').locator('.notice').filter({ hasText: 'ग्राहक को ₹150.00 वापस दें' });
    await hindi.waitFor({ timeout: 15_000 });
    expect(await hindi.textContent()).toContain('98765 02222');
    await snap(page, 'every-rupee-02-late-failure-hindi');
    await e2e.harness.core.router.dispatch('settings:update', { language: 'en' });
  }, 60_000);
});
