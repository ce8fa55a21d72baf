import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { openHarness, type TestHarness } from '../main/core/flow/harness-client';
import { launchChromium, snap, watchPageErrors } from '../support/chromium';
import { fileTempDir } from '../support/temp-dir';
import { openLiveHarness } from '../support/live-harness';

const TOKEN = 'live-token-old-shop-pc';
let provider: Sandbox;
let oldPc: TestHarness | null = null;
let newPc: TestHarness | null = null;
let browser: Browser;
let problems: string[] = [];
const usb = fileTempDir('e2e-usb');
let oldHistory: string[] = [];

beforeAll(async () => {
  provider = await startSandbox({ token: TOKEN, pendingMs: 3_600_000, balance: 5000 });
  oldPc = await openLiveHarness(provider, { build: true });
  await oldPc.ok('recharge:submit', { number: '9876541111', operator: 'JIO', amount: 149 });
  await oldPc.ok('recharge:submit', { number: '9876542222', operator: 'AT', amount: 199 });
  oldHistory = (await oldPc.core.session()).ledger.history({ limit: 100 }).map((t) => `${t.refId} ${t.number} ${t.amount}`);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await oldPc?.dispose();
  await newPc?.dispose();
  await provider?.close();
});

async function open(h: TestHarness): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  problems = watchPageErrors(page);
  page.on('dialog', (d) => void d.accept());
  await page.goto(h.url);
  await page.getByRole('navigation', { name: 'Main sections' }).getByRole('button', { name: 'Settings' }).click();
  return page;
}

describe('Move to another PC, on the screen', () => {
  it('on the old PC: a folder that is not there gets a clear message; then one checked file is saved, without the token', async () => {
    const page = await open(oldPc!);
    const card = page.getByRole('region', { name: 'Move to another PC' });
    await card.getByLabel(/Folder to save it in/).fill(join(usb, 'drive-not-plugged-in'));
    await card.getByRole('button', { name: 'Save the move file' }).click();
    await card
      .getByRole('alert')
      .filter({ hasText: /The backup folder .*drive-not-plugged-in is not there\. Plug in the drive/ })
      .waitFor();
    expect(readdirSync(usb)).toEqual([]);
    await card.getByLabel(/Folder to save it in/).fill(usb);
    await card.getByRole('button', { name: 'Save the move file' }).click();
    await card.getByText('Saved and checked: 2 transactions in').waitFor();
    const [file] = readdirSync(usb);
    expect(file).toMatch(/^RechargeDesk-move-.*\.db$/);
    expect(readFileSync(join(usb, file!)).includes(TOKEN)).toBe(false);
    await card.scrollIntoViewIfNeeded();
    await snap(page, 'move-pc-01-exported');
    expect(problems).toEqual([]);
    await page.close();
    await oldPc!.dispose();
    oldPc = null;
  });

  it('on the new PC: a file that is not a move file changes nothing; the real one brings the history, and the token must be entered', async () => {
    newPc = await openHarness({ build: true, acceptWeakTokenProtection: true });
    const page = await open(newPc);
    const card = page.getByRole('region', { name: 'Move to another PC' });
    const notBackup = join(usb, 'notes.txt');
    writeFileSync(notBackup, 'not a backup');
    await card.getByLabel('Path of the move file').fill(notBackup);
    await card.getByRole('button', { name: 'Bring in this file' }).click();
    await card
      .getByRole('alert')
      .filter({ hasText: /not a RechargeDesk backup/ })
      .waitFor();
    expect((await newPc.ok('auth:status')).mode).toBe('demo');
    rmSync(notBackup);

    const [file] = readdirSync(usb);
    await card.getByLabel('Path of the move file').fill(join(usb, file!));
    await card.getByRole('button', { name: 'Bring in this file' }).click();
    // The file points this PC at its provider account: shown first, nothing changed until the owner confirms.
    await card.getByRole('alert').filter({ hasText: 'This file would change the provider accounts on this computer' }).waitFor();
    // A new PC has no account yet: the file's address and username stand alone, beside nothing.
    expect(
      await card
        .getByRole('table')
        .locator('tbody tr')
        .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent ?? ''))),
    ).toEqual([
      ['Main account', 'Address', '', provider.url],
      ['Main account', 'Username', '', provider.credentials.username],
    ]);
    expect((await newPc.ok('auth:status')).mode).toBe('demo');
    await card.scrollIntoViewIfNeeded();
    await snap(page, 'move-pc-02a-confirm-account');
    await card.getByRole('button', { name: 'Yes, this is our account: bring it in' }).click();
    await card.getByText(/Brought in: 2 transactions/).waitFor({ timeout: 30_000 });
    await card.getByText(/The API token does not travel in the file: recharges are on hold/).waitFor();
    // The account form holds the imported address and username: only the token is left to paste.
    expect(await page.getByLabel('Username').inputValue()).toBe(provider.credentials.username);
    await card.scrollIntoViewIfNeeded();
    await snap(page, 'move-pc-02-imported');

    // The same history, the token absent, recharges on hold until it is entered.
    const newHistory = (await newPc.core.session()).ledger.history({ limit: 100 }).map((t) => `${t.refId} ${t.number} ${t.amount}`);
    expect(newHistory).toEqual(oldHistory);
    expect(await newPc.ok('auth:status')).toMatchObject({ mode: 'live', token: 'none', username: provider.credentials.username });
    await page.getByRole('navigation', { name: 'Main sections' }).getByRole('button', { name: 'History' }).click();
    await expect.poll(() => page.getByRole('list', { name: 'Transactions, newest first' }).getByRole('listitem').count()).toBe(2);

    await page.getByLabel('Language').first().selectOption('hi');
    await page.getByRole('navigation').getByRole('button', { name: 'सेटिंग्स' }).click();
    const hindi = page.getByRole('region', { name: 'दूसरे कंप्यूटर पर ले जाएँ' });
    await hindi.scrollIntoViewIfNeeded();
    await snap(page, 'move-pc-03-hindi');
    await page.getByLabel('भाषा').first().selectOption('en');
    expect(problems).toEqual([]);
  });
});
