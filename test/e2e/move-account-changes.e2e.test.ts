import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import type { TestHarness } from '../main/core/flow/harness-client';
import { launchChromium, snap, watchPageErrors } from '../support/chromium';
import { openLiveHarness } from '../support/live-harness';
import { fileTempDir } from '../support/temp-dir';
import { twoAccountRules } from '../support/two-account-rules';

// Issue 38 item 3: a move file from another shop's PC (its own account, its own spare) is shown
// change by change, this computer's value beside the file's, and kept only once the owner confirms.
let oldMain: Sandbox;
let oldSpare: Sandbox;
let ourMain: Sandbox;
let ourSpare: Sandbox;
let oldPc: TestHarness;
let ourPc: TestHarness;
let browser: Browser;
let movePath = '';

beforeAll(async () => {
  oldMain = await startSandbox({ token: 'old-shop-main-token', username: '9000000011' });
  oldSpare = await startSandbox({ token: 'old-shop-spare-token', username: '9000000012' });
  ourMain = await startSandbox({ token: 'our-main-token-kept', username: '9000000021' });
  ourSpare = await startSandbox({ token: 'our-spare-token-kept', username: '9000000012' });
  oldPc = await openLiveHarness(oldMain, { build: true });
  // The file's spare is elsewhere, and Jio goes only to it.
  await oldPc.ok('routing:save', { rules: twoAccountRules(oldSpare, true, (op) => (op === 'JIO' ? [{ account: 'spare' }] : undefined)) });
  movePath = (await oldPc.ok('backup:export', { folder: fileTempDir('e2e-move-usb') })).path;
  ourPc = await openLiveHarness(ourMain, { build: true });
  await ourPc.ok('routing:save', { rules: twoAccountRules(ourSpare) });
  await ourPc.ok('routing:setToken', { account: 'spare', token: ourSpare.credentials.token });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await oldPc?.dispose();
  await ourPc?.dispose();
  for (const s of [oldMain, oldSpare, ourMain, ourSpare]) await s?.close();
});

const cells = (table: Locator) =>
  table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent ?? '')));

async function bringIn(page: Page, card: Locator, file: string, button: string): Promise<Locator> {
  await card.getByLabel(file).fill(movePath);
  await card.getByRole('button', { name: button }).click();
  const table = card.getByRole('table');
  await table.waitFor();
  await table.evaluate((t) => t.scrollIntoView({ block: 'center' }));
  return table;
}

/** The whole page, and the 1024x768 the owner sees with the changes in the middle of it. */
async function seen(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: (await snap(page, name)).replace(/\.png$/, '-seen.png') });
}

async function unchanged(): Promise<void> {
  expect(await ourPc.ok('auth:status')).toMatchObject({ mode: 'live', token: 'saved', username: '9000000021', baseUrl: ourMain.url });
  expect(await ourPc.ok('routing:get')).toMatchObject({
    rules: { accounts: [{}, { baseUrl: ourSpare.url }], routes: { JIO: [{ account: 'main' }, { account: 'spare' }] } },
    tokens: { spare: 'saved' },
  });
}

describe('a move file that changes the accounts, on the screen', () => {
  it('shows each change side by side; Escape keeps everything; confirmed by keyboard, the accounts are the file’s', async () => {
    const page = await browser.newPage({ viewport: { width: 1024, height: 768 } });
    const problems = watchPageErrors(page);
    page.on('dialog', (d) => void d.accept());
    await page.goto(ourPc.url);
    await page.getByRole('navigation', { name: 'Main sections' }).getByRole('button', { name: 'Settings' }).click();
    const card = page.getByRole('region', { name: 'Move to another PC' });

    const table = await bringIn(page, card, 'Path of the move file', 'Bring in this file');
    expect(await table.locator('thead th').allTextContents()).toEqual(['Account', 'What changes', 'On this computer now', 'In the file']);
    expect(await cells(table)).toEqual([
      ['Main account', 'Address', ourMain.url, oldMain.url],
      ['Main account', 'Username', '9000000021', '9000000011'],
      ['Spare Provider', 'Address', ourSpare.url, oldSpare.url],
      ['Routing', 'Routes change', 'Routing on', 'Routing on'],
    ]);
    await card.getByRole('alert').filter({ hasText: 'Nothing was changed yet: check each change' }).waitFor();
    await expect.poll(() => page.locator(':focus').getAttribute('role')).toBe('group');
    await seen(page, 'move-account-changes-en');
    // Escape: the table goes, and nothing was kept.
    await page.keyboard.press('Escape');
    await card.getByRole('status').filter({ hasText: 'The file was not brought in. Nothing was changed.' }).waitFor();
    expect(await card.getByRole('table').count()).toBe(0);
    await unchanged();

    await page.getByLabel('Language').first().selectOption('hi');
    const hindi = page.getByRole('region', { name: 'दूसरे कंप्यूटर पर ले जाएँ' });
    const hiTable = await bringIn(page, hindi, 'फ़ाइल का पता (पाथ)', 'यह फ़ाइल लाएँ');
    expect(await cells(hiTable)).toEqual([
      ['मुख्य खाता', 'पता', ourMain.url, oldMain.url],
      ['मुख्य खाता', 'यूज़रनेम', '9000000021', '9000000011'],
      ['Spare Provider', 'पता', ourSpare.url, oldSpare.url],
      ['रूटिंग', 'रूट बदलेंगे', 'रूटिंग चालू', 'रूटिंग चालू'],
    ]);
    expect(await hiTable.locator('[translate="no"]').allTextContents()).toEqual(
      expect.arrayContaining([ourMain.url, oldMain.url, '9000000021', '9000000011', 'Spare Provider', ourSpare.url, oldSpare.url]),
    );
    await seen(page, 'move-account-changes-hi');
    await unchanged();

    // By keyboard: from the changes, Tab reaches the confirm button, Enter brings the file in.
    await page.keyboard.press('Tab');
    await expect.poll(() => page.locator(':focus').textContent()).toBe('हाँ, यह हमारा खाता है: इसे लाएँ');
    await page.keyboard.press('Enter');
    await hindi.getByRole('status').filter({ hasText: 'ले आए:' }).waitFor({ timeout: 30_000 });
    await seen(page, 'move-account-changes-hi-done');
    expect(await ourPc.ok('auth:status')).toMatchObject({ mode: 'live', token: 'none', username: '9000000011', baseUrl: oldMain.url });
    expect(await ourPc.ok('routing:get')).toMatchObject({
      rules: { accounts: [{}, { baseUrl: oldSpare.url }], routes: { JIO: [{ account: 'spare' }] } },
      tokens: { spare: 'none' },
    });
    await page.getByLabel('भाषा').first().selectOption('en');
    expect(problems).toEqual([]);
    await page.close();
  });
});
