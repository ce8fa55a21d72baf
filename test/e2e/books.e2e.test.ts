import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startHarness, type Harness } from '../../src/harness/start-harness';
import { launchChromium, snap, watchPageErrors } from '../support/chromium';
import { dirname } from 'node:path';
import { checkpoint, leafPages, smashPage } from '../support/damage-sqlite';
import { seedLedger } from '../support/seed-ledger';
import { fileTempDir } from '../support/temp-dir';

const dataDir = fileTempDir('e2e-books');
let harness: Harness;
let browser: Browser;
let page: Page;
let problems: string[];

beforeAll(async () => {
  // A shop whose history file was damaged by a power cut, flagged by the background check.
  const file = join(dataDir, 'demo', 'ledger.db');
  seedLedger(file, 800, Date.parse('2026-11-20T06:00:00Z'));
  checkpoint(file);
  smashPage(file, leafPages(file, 'txns')[3]!);
  writeFileSync(`${file}.needs-check`, 'quick_check failed');
  harness = await startHarness({ dataDir });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  problems = watchPageErrors(page);
  await page.goto(harness.url);
});

afterAll(async () => {
  await browser?.close();
  await harness?.close();
});

/** The folder snap writes to, for the one clipped shot (the full page is as tall as the open tray). */
const snapDir = async () => dirname(await snap(page, 'books-00-start'));

const nav = (name: string) => page.getByRole('navigation', { name: 'Main sections' }).getByRole('button', { name }).click();

describe('the books, in Chromium', () => {
  it('shows at start what was repaired and how many transactions were saved', async () => {
    const notice = page.getByRole('region', { name: 'Messages for the shopkeeper' });
    await notice.getByText(/The history file was damaged\. \d+ transactions were saved into a new file/).waitFor();
    expect(await notice.textContent()).toMatch(/of them are still being checked with the provider/);
    await page.screenshot({ path: join(await snapDir(), 'books-01-salvaged-notice.png'), clip: { x: 0, y: 0, width: 1366, height: 500 } });
  });

  it('Settings warns there is no backup, makes one, and shows when and where it is', async () => {
    await nav('Settings');
    const card = page.getByRole('region', { name: 'Backups' });
    await card.getByText('No backup has been made yet.').waitFor();
    await card.getByRole('button', { name: 'Back up now' }).click();
    await card.getByText('Backup made and checked.').waitFor();
    await card.getByText(/Last good backup: just now, in .*backups/).waitFor();
    expect(await card.getByText('No backup has been made yet.').count()).toBe(0);
    await card.getByRole('button', { name: 'Restore this one' }).first().waitFor();
    await snap(page, 'books-02-backup-made');
  });

  it('a second folder that is not there gets a clear message and changes nothing', async () => {
    const card = page.getByRole('region', { name: 'Backups' });
    await card.getByLabel(/Second folder/).fill(join(dataDir, 'usb-drive-not-plugged-in'));
    await card.getByRole('button', { name: 'Use this folder' }).click();
    await card
      .getByRole('alert')
      .filter({ hasText: /The backup folder .*usb-drive-not-plugged-in is not there\. Plug in the drive/ })
      .waitFor();
    expect(await card.getByText('none chosen').count()).toBe(1);
    await snap(page, 'books-03-folder-missing');
  });

  it('in Hindi too, the error included', async () => {
    await page.getByLabel('Language').first().selectOption('hi');
    const card = page.getByRole('region', { name: 'बैकअप' });
    await card.getByText(/पिछला सही बैकअप/).waitFor();
    await card
      .getByRole('alert')
      .filter({ hasText: /बैकअप फ़ोल्डर .*usb-drive-not-plugged-in नहीं मिला। ड्राइव लगाएँ/ })
      .waitFor();
    await snap(page, 'books-04-hindi');
    await page.getByLabel('भाषा').first().selectOption('en');
    expect(problems).toEqual([]);
  });
});
