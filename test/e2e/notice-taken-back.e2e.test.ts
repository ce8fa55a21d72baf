import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { snap } from '../support/chromium';
import { openE2E, type E2ESession } from '../support/e2e-session';
import { paise } from '../../src/shared/money';

let e2e: E2ESession;
let page: Page;
let problems: string[];

beforeAll(async () => {
  e2e = await openE2E('notice-taken-back');
  ({ page, problems } = await e2e.open());
  await page.setViewportSize({ width: 1024, height: 768 });
});

afterAll(() => e2e?.close());

/** A late failure about one recharge, as main tells it: "money to give back" for that refId. */
const lateFailure = (refId: string, number: string) =>
  ({ code: 'txn_failed_late', params: { number, amount: paise(19_900), at: Date.now(), refId, sent: true } }) as const;

describe('a notice main takes back', () => {
  it('leaves the open screen at once, the others staying, without a reload (English and Hindi)', async () => {
    await page.getByLabel('Mobile number').waitFor();
    const { notices } = e2e.harness.core;
    notices.add('warning', lateFailure('RD1', '9876511111'), 'RD1');
    notices.add('warning', lateFailure('RD2', '9876522222'), 'RD2');
    const bar = page.getByRole('region', { name: 'Messages for the shopkeeper' });
    await bar.locator('.notice').filter({ hasText: '98765 11111' }).waitFor();
    await bar.locator('.notice').filter({ hasText: '98765 22222' }).waitFor();

    // Another attempt of the sale now carries the money: this failure is no longer the shopkeeper's to act on.
    notices.clearKey('txn_failed_late', 'RD1');
    await bar.locator('.notice').filter({ hasText: '98765 11111' }).waitFor({ state: 'detached', timeout: 5000 });
    expect(await bar.locator('.notice').count()).toBe(1);
    await snap(page, 'notice-taken-back-en');
    expect(problems).toEqual([]);

    await e2e.harness.core.router.dispatch('settings:update', { language: 'hi' });
    await page.reload();
    const hindiBar = page.getByRole('region', { name: 'दुकानदार के लिए संदेश' });
    await hindiBar.locator('.notice').filter({ hasText: '98765 22222' }).waitFor();
    await snap(page, 'notice-taken-back-hi-before');
    notices.clearKey('txn_failed_late', 'RD2');
    await hindiBar.waitFor({ state: 'detached', timeout: 5000 });
    await snap(page, 'notice-taken-back-hi');
    await e2e.harness.core.router.dispatch('settings:update', { language: 'en' });
  }, 60_000);
});
