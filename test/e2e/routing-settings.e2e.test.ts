import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startHarness, type Harness } from '../../src/harness/start-harness';
import { launchChromium, snap } from '../support/chromium';
import { axeSerious, latinWords } from '../support/page-audit';
import { makeTempDir, removeTempDir } from '../support/temp-folder';
import { openRoutingSettings } from '../support/routing-page';

// Issue 29, the owner's side: a second provider account and a route for it in Settings. A bad rule
// is refused in words (English and Hindi) and nothing is saved; a good one is saved and is still
// there after the app restarts on the same data folder.
const TOKEN = 'second-provider-token-77';
const dataDir = makeTempDir('e2e-routing');
let harness: Harness;
let browser: Awaited<ReturnType<typeof launchChromium>>;

const start = () => startHarness({ dataDir, acceptWeakTokenProtection: true });

beforeAll(async () => {
  harness = await start();
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await harness?.close();
  removeTempDir(dataDir);
});

const openSettings = () => openRoutingSettings(browser, harness.url);

/** The page fits 1024 px: nothing wider than the window (the route table included). */
async function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const d = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document;
    return d.documentElement.scrollWidth <= d.documentElement.clientWidth;
  });
}

async function shoot(card: Locator, page: Page, name: string): Promise<void> {
  await card.scrollIntoViewIfNeeded();
  await snap(page, name);
  await card.screenshot({ path: join('test-results', 'screenshots', `${name}-card.png`) });
}

describe('Settings → Provider accounts and routing', () => {
  it('the owner adds a second account and a route; a bad rule is refused in words, a good one saved and kept across a restart', async () => {
    const { page, problems, card } = await openSettings();
    await expect.poll(() => card.textContent()).toContain('One account, as in Provider account above');
    expect(await fitsWidth(page)).toBe(true);

    // By keyboard: the add button, then the new account's fields in order.
    await card.getByRole('button', { name: 'Add an account', exact: true }).focus();
    await page.keyboard.press('Enter');
    const second = card.getByRole('group', { name: 'Account 2' });
    await second.waitFor();
    await second.getByLabel('Name', { exact: true }).focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Second Provider');
    const spare = card.getByRole('group', { name: 'Second Provider' });
    await spare.getByLabel('API address').focus();
    await page.keyboard.type('https://second.example');
    await page.keyboard.press('Tab');
    await page.keyboard.type('90000 00002');
    // Its token waits for the account to be saved: a token is kept only for an account the rules name.
    expect(await spare.getByLabel('API token').count()).toBe(0);
    expect(await spare.textContent()).toContain('Save the rules first, then its token.');

    // Jio: the second account first for ₹199–₹999 up to a daily limit, the first account after it.
    await card.locator('#routing-operator').selectOption('JIO');
    await card.getByRole('button', { name: 'Add an account to this route', exact: true }).click();
    const rows = card.locator('.routing-table tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    await rows.nth(1).getByRole('button', { name: 'Move up' }).click();
    const row = rows.nth(0);
    expect(await row.getByLabel('Account', { exact: true }).inputValue()).toBe('account-2');
    await row.getByLabel('Amounts', { exact: true }).selectOption('range');
    await row.getByLabel('From ₹').fill('199');
    await row.getByLabel('To ₹').fill('999');
    await row.getByLabel('Daily limit ₹ (empty: none)').fill('-500');
    await card.getByLabel('Route recharges between these accounts (routing on)').check();
    await card.getByRole('button', { name: 'Save routing rules' }).click();

    const alert = card.getByRole('alert');
    await expect
      .poll(() => alert.textContent())
      .toContain('These routing rules were not saved: the daily limit of “Second Provider” for Jio is below zero');
    expect(readdirNames()).not.toContain('routing.json');
    expect(await fitsWidth(page)).toBe(true);
    expect(await axeSerious(page)).toEqual([]);
    await shoot(card, page, 'routing-settings-01-refused');

    await page.getByLabel('Language').first().selectOption('hi');
    await card.getByRole('heading', { name: 'प्रोवाइडर खाते और रूटिंग' }).waitFor();
    await expect.poll(() => alert.textContent()).toContain('ये रूटिंग नियम सेव नहीं हुए');
    expect(await alert.textContent()).toContain('के लिए “Second Provider” की रोज़ की सीमा शून्य से कम है');
    expect(await latinWords(page)).toEqual([]);
    expect(await fitsWidth(page)).toBe(true);
    expect(await axeSerious(page)).toEqual([]);
    await shoot(card, page, 'routing-settings-02-refused-hindi');
    await page.getByLabel('भाषा').first().selectOption('en');
    await card.getByRole('heading', { name: 'Provider accounts and routing' }).waitFor();

    await row.getByLabel('Daily limit ₹ (empty: none)').fill('5000');
    await card.getByRole('button', { name: 'Save routing rules' }).click();
    await expect.poll(() => card.getByRole('status').textContent()).toContain('Routing rules saved.');
    const token = spare.getByLabel('API token');
    await token.waitFor();
    await token.fill(TOKEN);
    // Where the token will be sent, shown and confirmed before it is kept.
    expect(await spare.textContent()).toContain('Sent only to: Provider API address: https://second.example');
    await spare.getByLabel("I have checked these addresses are my provider's").check();
    await spare.getByRole('button', { name: 'Save token' }).click();
    await expect.poll(() => card.getByRole('status').textContent()).toContain('Token saved for Second Provider.');
    await expect.poll(() => spare.textContent()).toContain('Token saved');
    expect(await token.inputValue()).toBe('');
    await shoot(card, page, 'routing-settings-03-saved');
    expect(readFileSync(join(dataDir, 'routing.json'), 'utf8')).not.toContain(TOKEN);
    expect(problems).toEqual([]);
    await page.close();

    // The app restarts on the same folder: the rules are read back from routing.json.
    await harness.close();
    harness = await start();
    const after = await openSettings();
    const kept = after.card.getByRole('group', { name: 'Second Provider' });
    await kept.waitFor();
    expect(await kept.getByLabel('API address').inputValue()).toBe('https://second.example');
    expect(await kept.getByLabel('Username (registered mobile)').inputValue()).toBe('9000000002');
    expect(await kept.textContent()).toContain('Token saved');
    expect(await after.card.getByLabel('Route recharges between these accounts (routing on)').isChecked()).toBe(true);
    await after.card.locator('#routing-operator').selectOption('JIO');
    const first = after.card.locator('.routing-table tbody tr').nth(0);
    expect(await first.getByLabel('Account', { exact: true }).inputValue()).toBe('account-2');
    expect(await first.getByLabel('From ₹').inputValue()).toBe('199');
    expect(await first.getByLabel('To ₹').inputValue()).toBe('999');
    expect(await first.getByLabel('Daily limit ₹ (empty: none)').inputValue()).toBe('5000');
    await after.page.getByLabel('Language').first().selectOption('hi');
    await after.card.getByRole('heading', { name: 'प्रोवाइडर खाते और रूटिंग' }).waitFor();
    expect(await latinWords(after.page)).toEqual([]);
    await shoot(after.card, after.page, 'routing-settings-04-after-restart-hindi');
    expect(after.problems).toEqual([]);
    // A restart and two languages on a machine shared with other runs: more than the default minute.
  }, 180_000);
});

function readdirNames(): string[] {
  return readdirSync(dataDir);
}
