import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { createEngine } from '../../src/shared/profiles/profile-engine';
import { ownersVersion } from '../support/library-account';
import { openE2E, type E2ESession } from '../support/e2e-session';
import { twoAccountRules } from '../support/two-account-rules';
import type { ResponseOf } from '../../src/shared/ipc/contract';

// Issue 36 item 3 in Chromium at 1024x768: RechargKit's profile asks for a circle. The owner picks
// it by keyboard in the account card and saves; the saved choice is what the recharge sends (the
// sandbox knows the account in circle 7 only). A routing account's circle that its profile does
// not offer is named on its card, and a choice replaces it. English and Hindi.
const KEY = 'rkit-api-password';
const SHOTS = join('test-results', 'screenshots');
const profile = ownersVersion('rechargkit', { AT: '2' });

let e2e: E2ESession;
let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ token: KEY, dialectEngine: createEngine(profile, 'check'), shopValues: { circle: '7' }, pendingMs: 100 });
  e2e = await openE2E('shop-values', { acceptWeakTokenProtection: true });
  const used = await e2e.harness.core.router.dispatch('profile:use', { text: JSON.stringify(profile), hosts: { main: null } });
  expect(used.ok).toBe(true);
}, 180_000);
afterAll(async () => {
  await e2e?.close();
  await sandbox?.close();
});

const focusedId = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { document: { activeElement: { id: string } | null } }).document.activeElement?.id ?? '');

async function shoot(page: Page, card: Locator, name: string): Promise<void> {
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
  await card.screenshot({ path: join(SHOTS, `${name}-card.png`) });
}

describe('Settings → the circle RechargKit asks for', () => {
  it('is chosen by keyboard, saved with the account, sent with the recharge, and worded in Hindi too', async () => {
    const { page, problems } = await e2e.open({ width: 1024, height: 768 });
    await page.getByRole('navigation', { name: 'Main sections' }).getByRole('button', { name: 'Settings' }).click();
    const card = page.locator('section[aria-labelledby="account-title"]');
    const circle = card.getByLabel("Circle code (from RechargKit's circle list)");
    await circle.waitFor();
    // Nothing chosen yet: the document's first choice is shown, as it is what would be sent.
    expect(await circle.inputValue()).toBe('1');
    expect(await card.textContent()).toContain('It is sent with every recharge of this account.');

    await card.getByLabel('Provider API address').fill(sandbox.url);
    await card.getByLabel('Partner ID (member no., like RKITAPI…)').fill(sandbox.credentials.username);
    // A member id is not a mobile number: its hint says its own shape, not the built-in one's.
    expect(await page.locator('#settings-user-hint').textContent()).not.toMatch(/mobile/i);
    await card.getByLabel('API password').fill(KEY);
    // From the last credential, Tab reaches the circle; the arrow keys choose it.
    await card.getByLabel('API password').focus();
    for (let i = 0; i < 3 && (await focusedId(page)) !== 'settings-shop-circle'; i++) await page.keyboard.press('Tab');
    expect(await focusedId(page)).toBe('settings-shop-circle');
    for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowDown');
    expect(await circle.inputValue()).toBe('7');
    await card.getByRole('button', { name: 'Save and go live' }).click();
    await expect.poll(() => card.textContent(), { timeout: 15_000 }).toContain('A live account is saved for');
    const saved = JSON.parse(readFileSync(join(e2e.dataDir, 'settings.json'), 'utf8')) as { provider: { shop?: unknown } };
    expect(saved.provider.shop).toEqual({ circle: '7' });
    await shoot(page, card, 'shop-values-01-english');

    // The provider takes a recharge only in circle 7: this one went through.
    const { router } = e2e.harness.core;
    const sale = await router.dispatch('recharge:submit', { number: '9000005555', operator: 'AT', amount: 100 });
    if (!sale.ok) throw new Error(sale.error.code);
    const { refId } = (sale.data as ResponseOf<'recharge:submit'>).txn;
    const statusOf = async () => {
      const r = await router.dispatch('txn:get', { refId });
      return r.ok ? (r.data as ResponseOf<'txn:get'>).txn.status : '';
    };
    await expect.poll(statusOf, { timeout: 10_000 }).toBe('Success');

    await page.getByLabel('Language').first().selectOption('hi');
    const hindi = card.getByLabel('सर्कल कोड (RechargKit की सर्कल सूची से)');
    await hindi.waitFor();
    expect(await hindi.inputValue()).toBe('7');
    expect(await hindi.locator('option:checked').textContent()).toBe('सर्कल कोड 7');
    expect(await card.textContent()).toContain('यह इस खाते के हर रिचार्ज के साथ भेजा जाता है।');
    await shoot(page, card, 'shop-values-02-hindi');
    await page.getByLabel('भाषा').first().selectOption('en');
    expect(problems).toEqual([]);
  }, 120_000);

  it('a routing account’s circle its profile does not offer is named on its card, and the owner chooses another', async () => {
    const base = twoAccountRules(sandbox);
    const spare = { ...base.accounts[1]!, profile: 'rechargkit', values: {}, shop: { circle: 'north' } };
    const saved = await e2e.harness.core.router.dispatch('routing:save', { rules: { ...base, accounts: [base.accounts[0]!, spare] } });
    expect(saved.ok).toBe(true);
    const { page, problems } = await e2e.open({ width: 1024, height: 768 });
    await page.getByRole('navigation', { name: 'Main sections' }).getByRole('button', { name: 'Settings' }).click();
    const card = page.getByRole('group', { name: 'Spare Provider' });
    const circle = card.getByLabel("Circle code (from RechargKit's circle list)");
    await circle.waitFor();
    const warning = card
      .getByRole('alert')
      .filter({ hasText: 'The saved value “north” is not one this provider offers, so it is not sent: Circle code 1 is sent instead.' });
    await warning.waitFor();
    expect(await circle.inputValue()).toBe('1');
    await shoot(page, card, 'shop-values-03-routing-set-aside');

    await page.getByLabel('Language').first().selectOption('hi');
    await card.getByRole('alert').filter({ hasText: 'सहेजा गया मान “north” यह प्रोवाइडर नहीं देता' }).waitFor();
    await shoot(page, card, 'shop-values-04-routing-hindi');

    await card.getByLabel('सर्कल कोड (RechargKit की सर्कल सूची से)').focus();
    for (let i = 0; i < 11; i++) await page.keyboard.press('ArrowDown');
    expect(await card.getByRole('alert').count()).toBe(0);
    await page.locator('section.routing-card').getByRole('button', { name: 'रूटिंग नियम सेव करें' }).click();
    await expect
      .poll(() => {
        const rules = JSON.parse(readFileSync(join(e2e.dataDir, 'routing.json'), 'utf8')) as { accounts: { id: string; shop?: unknown }[] };
        return rules.accounts.find((a) => a.id === 'spare')?.shop;
      })
      .toEqual({ circle: '12' });
    await page.getByLabel('भाषा').first().selectOption('en');
    expect(problems).toEqual([]);
  }, 120_000);
});
