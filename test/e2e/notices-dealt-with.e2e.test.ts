import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { snap } from '../support/chromium';
import { openE2E, type E2ESession } from '../support/e2e-session';
import { openCounter, rechargeByKeyboard, resultCard } from '../support/counter-keys';
import { paise } from '../../src/shared/money';

// Issue 40: "notices that were dealt with stay and push the result card down". Practice ending 2222
// is pending and then fails: the late failure is told as a notice with the money to give back.
let e2e: E2ESession;
let page: Page;
let problems: string[];

beforeAll(async () => {
  e2e = await openE2E('notices-dealt-with', { demoPendingMs: 1500 });
});
afterAll(() => e2e?.close());

const bar = () => page.locator('.notice-bar');
const card = () => page.locator('.result');

async function sellCash(number: string, amount: string) {
  await page.locator('#recharge-number').focus();
  await rechargeByKeyboard(page, { number, amount });
}

const lowWallet = { code: 'balance_low', params: { buyer: paise(40_000), threshold: paise(50_000) } } as const;
const backupFailed = { code: 'backup_failed', params: { why: 'copy' } } as const;

describe('notices the shopkeeper dealt with', () => {
  it('a late failure’s notice goes when the money is given back, and the next customer is typed at once', async () => {
    ({ page, problems } = await openCounter(e2e));
    await sellCash('9811302222', '199');
    await resultCard(page, /Recharge failed/, 30_000);
    const told = bar().locator('.notice').filter({ hasText: '98113 02222' });
    await told.waitFor();
    await snap(page, 'notices-dealt-with-01-told-en');
    await card().getByRole('button', { name: 'Given back' }).click();
    await told.waitFor({ state: 'detached', timeout: 5000 });
    await snap(page, 'notices-dealt-with-02-given-back-en');
    // The next customer at once: N for the next customer, then the digits land in the number box.
    await page.getByRole('button', { name: 'Next customer' }).click();
    await page.keyboard.type('9822405555');
    expect(await page.locator('#recharge-number').inputValue()).toContain('98224');
    expect(problems).toEqual([]);
  }, 90_000);

  it('many notices take two lines and a “show all” button, so the counter is not pushed off the screen (English and Hindi)', async () => {
    ({ page, problems } = await openCounter(e2e));
    const { notices } = e2e.harness.core;
    for (let i = 0; i < 4; i++) {
      notices.add(
        'warning',
        {
          code: 'txn_failed_late',
          params: { number: `98765${i}1111`, amount: paise(19_900), at: Date.now(), refId: `RDX${i}`, sent: true },
        },
        `RDX${i}`,
      );
    }
    notices.add('warning', lowWallet);
    notices.add('error', backupFailed);
    await bar().locator('.notice').first().waitFor();
    await expect.poll(() => bar().locator('.notice').count()).toBe(2);
    // The most urgent first: the failed backup (an error), then the newest warning.
    expect(await bar().locator('.notice').first().getAttribute('role')).toBe('alert');
    const more = bar().getByRole('button', { name: /Show all \d+ messages/ });
    const shownCount = await bar().locator('.notice').count();
    expect(await more.textContent()).toMatch(new RegExp(`\\((${(await notices.list()).length - shownCount}) more\\)`));
    await snap(page, 'notices-dealt-with-03-two-shown-en');
    // The whole counter form, its send button included, stays on a 768-pixel screen.
    const send = await page.getByRole('button', { name: /Check and confirm/ }).boundingBox();
    expect(send!.y + send!.height).toBeLessThanOrEqual(768);

    await more.click();
    expect(await bar().locator('.notice').count()).toBe(notices.list().length);
    expect(await bar().getByRole('button', { name: 'Show fewer messages' }).getAttribute('aria-expanded')).toBe('true');
    await bar().getByRole('button', { name: 'Show fewer messages' }).click();
    expect(await bar().locator('.notice').count()).toBe(2);

    expect(problems).toEqual([]);
    await page.close();

    await e2e.harness.core.router.dispatch('settings:update', { language: 'hi' });
    ({ page, problems } = await openCounter(e2e));
    await bar()
      .getByRole('button', { name: /सभी \d+ संदेश दिखाएँ/ })
      .waitFor();
    expect(await bar().locator('.notice').count()).toBe(2);
    await snap(page, 'notices-dealt-with-04-two-shown-hi');
    await e2e.harness.core.router.dispatch('settings:update', { language: 'en' });
    expect(problems).toEqual([]);
  }, 60_000);
});
