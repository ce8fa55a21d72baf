import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { istDate } from '../../src/shared/ist-date';
import { snap } from '../support/chromium';
import { openE2E, type E2ESession } from '../support/e2e-session';
import { startPostgres, type PostgresServer } from '../support/postgres-server';
import { type TestHarness } from '../main/core/flow/harness-client';
import { openLiveHarness } from '../support/live-harness';

// The owner's view of a shop with two counters: counter 1 in Chromium, counter 2 through its bridge.
const TOKEN = 'e2e-shop-token-123';
let pg: PostgresServer;
let sandbox: Sandbox;
let e2e: E2ESession;
let other: TestHarness;
let page: Page;
let shopUrl: string;

beforeAll(async () => {
  pg = await startPostgres();
  sandbox = await startSandbox({ token: TOKEN, balance: 100_000, sameNumberWindowMs: 0 });
  shopUrl = pg.newDatabase();
  other = await openLiveHarness(sandbox, { shopSyncMs: 100 });
  await other.ok('shop:configure', { url: shopUrl, tls: 'disable', counterName: 'Back room', password: pg.password });
  await other.ok('recharge:submit', { number: '9812345555', operator: 'JIO', amount: 299 });
  await other.ok('recharge:submit', { number: '9823455555', operator: 'AT', amount: 155 });

  e2e = await openE2E('shop', { acceptWeakTokenProtection: true, shopSyncMs: 100 });
  const r = await e2e.harness.core.router.dispatch('auth:save', {
    baseUrl: sandbox.url,
    username: sandbox.credentials.username,
    token: TOKEN,
  });
  expect(r.ok).toBe(true);
  ({ page } = await e2e.open());
}, 90_000);

afterAll(async () => {
  await e2e?.close();
  await other?.dispose();
  await sandbox?.close();
  pg?.stop();
});

const nav = (name: string) => page.getByRole('navigation', { name: 'Main sections' }).getByRole('button', { name }).click();

describe('the shop ledger, in Chromium', () => {
  it('is set in Settings with the password kept out of the settings file, and says when it is connected', async () => {
    await nav('Settings');
    await page.locator('#shop-ledger-url').fill(shopUrl);
    await page.getByLabel('Encryption').selectOption('disable');
    await page.getByLabel('This counter’s name').fill('Front desk');
    await page.getByLabel('Password', { exact: true }).fill(pg.password);
    await page.getByRole('button', { name: 'Save and connect' }).click();
    await page
      .getByTestId('shop-state')
      .filter({ hasText: /^Connected/ })
      .waitFor({ timeout: 15_000 });
    await page.getByText(/A password is saved/).waitFor();
    await page.locator('#shop-ledger-title').scrollIntoViewIfNeeded();
    await snap(page, 'shop-00-settings');
    const settings = await e2e.harness.core.router.dispatch('settings:get', {});
    expect(JSON.stringify(settings)).not.toContain(pg.password);
  });

  it('shows the whole shop in History with each counter’s name', async () => {
    await e2e.harness.core.router.dispatch('recharge:submit', { number: '9834565555', operator: 'JIO', amount: 199 });
    await nav('History');
    await page.getByRole('radio', { name: 'Whole shop' }).click();
    const list = page.getByRole('list', { name: 'Transactions, newest first' });
    await list.getByText('Back room').first().waitFor({ timeout: 15_000 });
    await expect.poll(() => list.getByRole('listitem').count(), { timeout: 15_000 }).toBe(3);
    expect(await list.getByText('Back room').count()).toBe(2);
    expect(await list.getByText('Front desk').count()).toBe(1);
    // Today's totals per counter, from the same rows.
    const totals = page.getByRole('table', { name: /Per counter/ });
    await expect.poll(() => totals.getByRole('row', { name: /Back room/ }).textContent()).toMatch(/Back room2₹454\.00 \(2\)/);
    await expect
      .poll(() => totals.getByRole('row', { name: /Front desk/ }).textContent())
      .toMatch(/Front desk · This counter1₹199\.00 \(1\)/);
    await expect.poll(() => totals.getByRole('row', { name: /^Whole shop/ }).textContent()).toMatch(/Whole shop3₹653\.00 \(3\)/);
    await snap(page, 'shop-01-whole-shop');
    // More dates than the shop ledger totals at once: said, not an empty table.
    await page.getByRole('button', { name: 'Dates…' }).click();
    // Typed day/month/year, as the boxes show them.
    await page.getByLabel('From', { exact: true }).fill('01/01/2024');
    await page.getByLabel('To', { exact: true }).fill(istDate(Date.now()).split('-').reverse().join('/'));
    await page.getByRole('alert').filter({ hasText: 'The whole shop is shown for at most 400 days at a time' }).waitFor();
    await page.getByRole('button', { name: 'All', exact: true }).click();
    await totals.waitFor();
    await page.getByRole('radio', { name: 'This counter' }).click();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
  });

  it('shows this counter’s new recharges on "This counter" without a reload', async () => {
    // The bug: History listened only for changes to rows it had loaded, so a new one stayed away.
    const list = page.getByRole('list', { name: 'Transactions, newest first' });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
    await e2e.harness.core.router.dispatch('recharge:submit', { number: '9856785555', operator: 'JIO', amount: 249 });
    await list.getByText('98567 85555').waitFor({ timeout: 10_000 });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(2);
    // Sent while the whole shop is shown: there on coming back to this counter.
    await page.getByRole('radio', { name: 'Whole shop' }).click();
    await list.getByText('98567 85555').waitFor({ timeout: 10_000 });
    await e2e.harness.core.router.dispatch('recharge:submit', { number: '9867895555', operator: 'AT', amount: 99 });
    await page.getByRole('radio', { name: 'This counter' }).click();
    await list.getByText('98678 95555').waitFor({ timeout: 10_000 });
    expect(await list.getByRole('listitem').first().textContent()).toContain('98678 95555');
    await expect.poll(() => list.getByRole('listitem').count()).toBe(3);
    await snap(page, 'shop-01b-new-on-this-counter');
  });

  it('shows the whole shop in Reports, per counter with names and the shop’s total, in English and Hindi', async () => {
    await nav('Reports');
    await page.getByRole('radio', { name: 'Whole shop' }).click();
    const totals = page.getByRole('table', { name: 'Per counter, with the whole shop’s total' });
    const row = (name: RegExp) => totals.getByRole('row', { name });
    await expect
      .poll(() => row(/Back room/).textContent(), { timeout: 15_000 })
      .toBe('Back room2₹454.00 (2)₹0.00 (0)₹0.00 (0)₹454.00 (2)₹0.00 (0)');
    await expect
      .poll(() => row(/Front desk/).textContent(), { timeout: 15_000 })
      .toBe('Front desk · This counter3₹547.00 (3)₹0.00 (0)₹0.00 (0)₹547.00 (3)₹0.00 (0)');
    await expect.poll(() => row(/^Whole shop/).textContent()).toBe('Whole shop5₹1,001.00 (5)₹0.00 (0)₹0.00 (0)₹1,001.00 (5)₹0.00 (0)');
    // Closing the day stays this counter's.
    await page.getByText('each counter closes its own drawer').waitFor();
    await page.getByRole('heading', { name: /^Close the day/ }).waitFor();
    await snap(page, 'shop-05-reports-whole-shop');
    // More dates than a report covers: said, as for this counter's day book.
    await page.getByLabel('From', { exact: true }).fill('01/01/2024');
    await page.getByRole('alert').filter({ hasText: 'A report covers at most 366 days' }).waitFor();
    await page.getByRole('button', { name: 'Today', exact: true }).click();
    await expect.poll(() => row(/^Whole shop/).textContent()).toBe('Whole shop5₹1,001.00 (5)₹0.00 (0)₹0.00 (0)₹1,001.00 (5)₹0.00 (0)');
    // This counter's own day book is one switch away.
    await page.getByRole('radio', { name: 'This counter' }).click();
    await totals.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: /^Day book/ }).waitFor();

    await e2e.harness.core.router.dispatch('settings:update', { language: 'hi' });
    await page.reload();
    await page.getByRole('navigation').getByRole('button', { name: 'रिपोर्ट' }).click();
    await page.getByRole('radio', { name: 'पूरी दुकान' }).click();
    const hindi = page.getByRole('table', { name: 'हर काउंटर का हिसाब, और पूरी दुकान का जोड़' });
    await expect
      .poll(() => hindi.getByRole('row', { name: /Back room/ }).textContent(), { timeout: 15_000 })
      .toMatch(/^Back room2₹454\.00 \(2\)/);
    await expect.poll(() => hindi.getByRole('row', { name: /Front desk/ }).textContent()).toMatch(/^Front desk · यह काउंटर3₹547\.00 \(3\)/);
    await expect.poll(() => hindi.getByRole('row', { name: /^पूरी दुकान/ }).textContent()).toMatch(/^पूरी दुकान5₹1,001\.00 \(5\)/);
    await page.getByText('हर काउंटर अपना गल्ला खुद बंद करता है').waitFor();
    await snap(page, 'shop-06-reports-whole-shop-hindi');
    await e2e.harness.core.router.dispatch('settings:update', { language: 'en' });
    // The page hears events again before the next step stops the server (its notice is one).
    const listening = page.waitForResponse((r) => new URL(r.url()).pathname === '/events');
    await page.reload();
    await listening;
  });

  it('says "shop ledger offline since" in English and Hindi when the server dies, and keeps recharging', async () => {
    pg.kill9();
    const r = await e2e.harness.core.router.dispatch('recharge:submit', { number: '9845675555', operator: 'JIO', amount: 149 });
    expect(r.ok).toBe(true);
    await page
      .getByText(/Shop ledger offline since \d{1,2}:\d\d [ap]m\. This counter keeps working on its own/)
      .first()
      .waitFor({ timeout: 15_000 });
    await snap(page, 'shop-02-offline');
    await e2e.harness.core.router.dispatch('settings:update', { language: 'hi' });
    await page.reload();
    await page
      .getByText(/दुकान का साझा हिसाब [^\s\d]+ \d{1,2}:\d\d से बंद \(ऑफ़लाइन\) है/)
      .first()
      .waitFor({ timeout: 15_000 });
    await snap(page, 'shop-03-offline-hindi');
    await page.getByRole('navigation').getByRole('button', { name: 'इतिहास' }).click();
    await page.getByRole('radio', { name: 'पूरी दुकान' }).click();
    await page.getByText(/दुकान का साझा हिसाब [^\s\d]+ \d{1,2}:\d\d से बंद है: दूसरे काउंटरों/).waitFor();
    await page.getByText('Back room').first().waitFor();
    await snap(page, 'shop-04-whole-shop-hindi');
    await e2e.harness.core.router.dispatch('settings:update', { language: 'en' });
    pg.start();
  });
});
