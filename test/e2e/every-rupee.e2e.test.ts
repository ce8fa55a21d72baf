import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startSandbox } from '../../src/sandbox';
import { snap } from '../support/chromium';
import { openE2E, type E2ESession } from '../support/e2e-session';
import { rechargeByKeyboard, resultCard } from '../support/counter-keys';
import { closedPort } from '../support/closed-port';

let e2e: E2ESession;
let page: Page;
let problems: string[];

beforeAll(async () => {
  // The never-sent rule shortened from 5 lookups over 15 minutes, as `npm run web -- --not-sent-after-seconds 10 --not-sent-lookups 2`.
  e2e = await openE2E('every-rupee', {
    demoPendingMs: 1200,
    acceptWeakTokenProtection: true,
    notSentRule: { lookups: 2, afterMs: 10_000 },
  });
  await e2e.harness.core.router.dispatch('settings:update', { poller: { firstCheckSeconds: 1 } });
});

afterAll(() => e2e?.close());

beforeEach(async () => {
  await page?.close();
  ({ page, problems } = await e2e.open());
});

const noticeBar = (name: string) => page.getByRole('region', { name });
const nav = (name: string) => page.getByRole('navigation').getByRole('button', { name, exact: true }).click();

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
    await hindi.getByRole('button', { name: 'हटाएँ' }).click();
    await hindi.waitFor({ state: 'detached' });
    await e2e.harness.core.router.dispatch('settings:update', { language: 'en' });
  }, 60_000);

  it('a recharge that never left says not sent, nothing charged; not on hold, not "call the provider"; its timeline says what happened', async () => {
    const port = await closedPort();
    const account = { baseUrl: `http://127.0.0.1:${port}`, username: '9876543210', token: 'demo-token-not-secret' };
    expect((await e2e.harness.core.router.dispatch('auth:save', account)).ok).toBe(true);
    let provider: Awaited<ReturnType<typeof startSandbox>> | undefined;
    try {
      await page.reload();
      await page.getByLabel('Mobile number').waitFor();
      await rechargeByKeyboard(page, { number: '9876545555', amount: '254', operatorKey: '1' });
      await resultCard(page, /Not sent, nothing charged/, 15_000);
      // The provider answers again on that port; it never had the recharge.
      provider = await startSandbox({ port, username: account.username, token: account.token });
      const header = page.locator('header');
      await expect.poll(() => header.locator('.balance-minor').textContent()).toBe('On hold₹0.00in 0 open recharges');
      const tray = page.getByRole('complementary', { name: 'Being checked' });
      await tray.getByText('Not sent · confirming').waitFor();
      expect(await page.getByText(/call the provider/).count()).toBe(0);
      await snap(page, 'every-rupee-03-not-sent-card');

      // Closed by the lookups: told without a click, with the amount to give back.
      const told = noticeBar('Messages for the shopkeeper')
        .locator('.notice')
        .filter({ hasText: 'never reached the provider, nothing was charged' });
      await told.waitFor({ timeout: 30_000 });
      expect(await told.textContent()).toContain('Give ₹254.00 back to the customer.');
      await page.keyboard.press('Escape');
      await nav('History');
      const row = page.getByRole('list', { name: 'Transactions, newest first' }).getByRole('listitem').first();
      await row.getByText('Not sent, nothing charged').waitFor();
      expect(await row.textContent()).not.toContain('Refused');
      await row.click();
      const details = page.getByRole('complementary', { name: /98765 45555/ });
      const timeline = details.locator('.timeline');
      await timeline.getByText('tried to send').waitFor();
      const story = (await timeline.textContent()) ?? '';
      expect(story).toContain('Not sent · confirming the provider could not be reached');
      expect(story).toContain('Not sent, nothing charged status check');
      expect(story).not.toMatch(/provider reply|Refused/);
      await snap(page, 'every-rupee-04-not-sent-history');

      await e2e.harness.core.router.dispatch('settings:update', { language: 'hi' });
      await page.reload();
      await nav('इतिहास');
      await page.getByRole('list').getByRole('listitem').first().click();
      await page.locator('.timeline').getByText('भेजने की कोशिश').waitFor();
      expect(await page.locator('.details').textContent()).toContain('नहीं भेजा गया, कुछ नहीं कटा');
      await snap(page, 'every-rupee-05-not-sent-history-hindi');
      // A reload ends the page's event stream and the requests still in flight (calls, a font still
      // loading: aborted); nothing else went wrong.
      expect(problems.filter((p) => !/\/(events\?key=.*|ipc\/[\w%]+|assets\/[\w.-]+) net::ERR_ABORTED$/.test(p))).toEqual([]);
    } finally {
      await e2e.harness.core.router.dispatch('settings:update', { language: 'en' });
      await e2e.harness.core.router.dispatch('auth:clear', {});
      await provider?.close();
    }
  }, 90_000);

  it('a success the provider reverses is found within 2 minutes, with no callback and no click, and told with the number and amount', async () => {
    await page.getByLabel('Mobile number').waitFor();
    // …3333: Success at once, then reversed by the provider; the demo sends no callback.
    await rechargeByKeyboard(page, { number: '9876543333', amount: '199', operatorKey: '1' });
    await resultCard(page, /Recharge successful/, 10_000);
    await page.keyboard.press('Escape');
    const told = noticeBar('Messages for the shopkeeper')
      .locator('.notice')
      .filter({ hasText: 'Refund: the recharge of ₹199.00 for 98765 43333' });
    await told.waitFor({ timeout: 150_000 });
    await snap(page, 'every-rupee-06-refund-found');
    await e2e.harness.core.router.dispatch('settings:update', { language: 'hi' });
    await page.reload();
    await noticeBar('दुकानदार के लिए संदेश').locator('.notice').filter({ hasText: 'वापसी: 98765 43333 का ₹199.00 का रिचार्ज' }).waitFor();
    await snap(page, 'every-rupee-07-refund-found-hindi');
    await e2e.harness.core.router.dispatch('settings:update', { language: 'en' });
    expect(problems.filter((p) => !/\/events\?key=.* net::ERR_ABORTED$/.test(p))).toEqual([]);
  }, 200_000);
});
