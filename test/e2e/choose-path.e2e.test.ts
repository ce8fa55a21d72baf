import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { snap } from '../support/chromium';
import { openE2E, type E2ESession } from '../support/e2e-session';
import { makeTempDir, removeTempDir } from '../support/temp-folder';

// Issue 26 item 6: folders and files are chosen, not only typed. The harness has no OS dialog, so
// "Choose…" opens the window's own browser over the real file system (the app's is the OS dialog,
// test/main/electron/open-dialog-chooser.test.ts). A typed path still works.
let e2e: E2ESession;
let page: Page;
let problems: string[];
let disk: string;

beforeAll(async () => {
  e2e = await openE2E('choose-path');
  disk = makeTempDir('choose-path-disk');
  mkdirSync(join(disk, 'usb', 'old-pc'), { recursive: true });
  mkdirSync(join(disk, 'documents'));
  writeFileSync(join(disk, 'usb', 'old-pc', 'shop.rdmove'), 'not a real move file');
});
afterAll(async () => {
  await e2e?.close();
  removeTempDir(disk);
});

async function openSettings() {
  await page?.close();
  ({ page, problems } = await e2e.open());
  await page
    .getByRole('navigation')
    .getByRole('button', { name: /Settings|सेटिंग्स/ })
    .click();
}

describe('choosing a folder or a file', () => {
  it('the second backup folder: Choose…, open a folder, use it; the box and the backup take it', async () => {
    await openSettings();
    const box = page.locator('#backup-second');
    // Where the box points is where the browser starts.
    await box.fill(disk);
    await page.getByRole('button', { name: /Choose… Second folder/ }).click();
    const browser = page.getByRole('dialog', { name: 'Choose a folder' });
    await browser.getByRole('button', { name: /usb/ }).click();
    await browser.getByText(join(disk, 'usb'), { exact: true }).waitFor();
    await snap(page, 'choose-path-01-folder-en');
    await browser.getByRole('button', { name: 'Use this folder' }).click();
    await browser.waitFor({ state: 'detached' });
    expect(await box.inputValue()).toBe(join(disk, 'usb'));
    await page.getByRole('button', { name: 'Use this folder' }).click();
    await page.locator('.backup-folders').getByText(join(disk, 'usb')).waitFor();
    expect(problems).toEqual([]);
  });

  it('the move file: Choose… shows files too, and Up; Cancel changes nothing; in Hindi', async () => {
    await e2e.harness.core.router.dispatch('settings:update', { language: 'hi' });
    await openSettings();
    const box = page.locator('#move-file');
    await box.fill(join(disk, 'usb'));
    await page.locator('.path-row').filter({ has: box }).getByRole('button', { name: /चुनें…/ }).click();
    const browser = page.getByRole('dialog', { name: 'फ़ाइल चुनें' });
    await browser.getByRole('button', { name: /old-pc/ }).click();
    await browser.getByRole('button', { name: /shop\.rdmove/ }).waitFor();
    await snap(page, 'choose-path-02-file-hi');
    // Esc (or Cancel) leaves the box as it was.
    await page.keyboard.press('Escape');
    await browser.waitFor({ state: 'detached' });
    expect(await box.inputValue()).toBe(join(disk, 'usb'));
    await page.locator('.path-row').filter({ has: box }).getByRole('button', { name: /चुनें…/ }).click();
    await browser.getByRole('button', { name: /एक फ़ोल्डर ऊपर/ }).click();
    await browser.getByRole('button', { name: /documents/ }).waitFor();
    await browser.getByRole('button', { name: /usb/ }).click();
    await browser.getByRole('button', { name: /old-pc/ }).click();
    await browser.getByRole('button', { name: /shop\.rdmove/ }).click();
    expect(await box.inputValue()).toBe(join(disk, 'usb', 'old-pc', 'shop.rdmove'));
    await e2e.harness.core.router.dispatch('settings:update', { language: 'en' });
    expect(problems).toEqual([]);
  });

  it('a folder that is not there is said, not shown empty', async () => {
    await openSettings();
    await page.locator('#move-folder').fill(join(disk, 'drive-not-plugged-in'));
    await page.getByRole('button', { name: /Choose… Folder to save it in/ }).click();
    const browser = page.getByRole('dialog', { name: 'Choose a folder' });
    await browser.getByRole('alert').filter({ hasText: 'cannot be opened' }).waitFor();
    await browser.getByRole('button', { name: 'Cancel' }).click();
    await browser.waitFor({ state: 'detached' });
  });
});
