import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startHarness, type Harness } from '../../src/harness/start-harness';
import { BackupService } from '../../src/main/core/backup/backup-service';
import { Ledger } from '../../src/main/core/ledger/ledger';
import { launchChromium, snap, watchPageErrors } from '../support/chromium';
import { checkpoint, leafPages, smashPage } from '../support/damage-sqlite';
import { seedLedger } from '../support/seed-ledger';
import { fileTempDir } from '../support/temp-dir';

const ROWS = 800;
const dataDir = fileTempDir('e2e-restore');
let harness: Harness;
let browser: Browser;
let page: Page;
let problems: string[];
/** A number whose transaction the damage took: gone after the salvage, back after the restore. */
let lostNumber = '';
let lostRef = '';

beforeAll(async () => {
  // A shop with a verified backup, whose history file a power cut then damaged in its table pages.
  const file = join(dataDir, 'demo', 'ledger.db');
  seedLedger(file, ROWS, Date.parse('2026-11-20T06:00:00Z'));
  const ledger = Ledger.open(file);
  await new BackupService({
    ledgerFile: file,
    localDir: join(dataDir, 'demo', 'backups'),
    secondDir: () => null,
    settingsJson: () => '{}',
    fingerprint: () => ledger.fingerprint(),
    now: Date.now,
    setSecondFolder: () => {},
  }).backup('daily');
  ledger.close();
  checkpoint(file);
  const pages = leafPages(file, 'txns');
  smashPage(file, pages[2]!);
  smashPage(file, pages[5]!);
  writeFileSync(`${file}.needs-check`, 'quick_check failed');

  harness = await startHarness({ dataDir });
  const salvaged = (await harness.core.session()).ledger;
  const lost = Array.from({ length: ROWS }, (_, i) => i).find((i) => !salvaged.get(`REF${String(i).padStart(6, '0')}`));
  if (lost === undefined) throw new Error('the damage took no transaction');
  lostNumber = `98765${String(lost % 1000).padStart(5, '0')}`;
  lostRef = `REF${String(lost).padStart(6, '0')}`;
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  problems = watchPageErrors(page);
  page.on('dialog', (d) => void d.accept());
  await page.goto(harness.url);
});

afterAll(async () => {
  await browser?.close();
  await harness?.close();
});

const nav = (name: string) => page.getByRole('navigation', { name: 'Main sections' }).getByRole('button', { name }).click();
const list = () => page.getByRole('list', { name: 'Transactions, newest first' });

describe('a damaged history at start offers a restore', () => {
  it('the salvage notice offers "Restore from a backup", which lists the backup with its dates and counts', async () => {
    const bar = page.getByRole('region', { name: 'Messages for the shopkeeper' });
    await bar.getByText(/The history file was damaged\. \d+ transactions were saved/).waitFor();
    await bar.getByRole('button', { name: 'Restore from a backup' }).click();
    await bar.getByRole('heading', { name: 'Restore a backup' }).waitFor();
    await bar.getByText(`${ROWS} transactions`).waitFor();
    // Days read day, month, year (issue 26 item 6), as everywhere else.
    await bar.getByText(/20 Nov 2026 to 2\d Nov 2026/).waitFor();
    await snap(page, 'restore-at-start-01-offer');
  });

  it('the transaction the damage took is not in the history before the restore', async () => {
    await nav('History');
    await page.getByRole('searchbox').fill(lostNumber);
    await page.getByText('No transactions match.').waitFor();
    expect(await list().getByRole('listitem').count()).toBe(0);
  });

  it('restores: the current file kept aside, every row back, the notice gone', async () => {
    const bar = page.getByRole('region', { name: 'Messages for the shopkeeper' });
    await bar.getByRole('button', { name: 'Restore this one' }).click();
    await bar.getByText(new RegExp(`Restored: ${ROWS} transactions\\..*kept as .*ledger\\.db`)).waitFor({ timeout: 30_000 });
    // The bar asks main for its notices again once the restore has answered: a moment later.
    await expect.poll(() => bar.getByText(/The history file was damaged/).count(), { timeout: 5_000 }).toBe(0);
    await snap(page, 'restore-at-start-02-restored');
    await nav('Recharge');
    await nav('History');
    await page.getByRole('searchbox').fill(lostNumber);
    await expect.poll(() => list().getByRole('listitem').count(), { timeout: 10_000 }).toBe(1);
    expect((await harness.core.session()).ledger.get(lostRef)?.number).toBe(lostNumber);
    await snap(page, 'restore-at-start-03-history-back');
  });

  it('in Hindi too', async () => {
    await page.getByLabel('Language').first().selectOption('hi');
    const bar = page.getByRole('region', { name: 'दुकानदार के लिए संदेश' });
    await bar.getByRole('heading', { name: 'बैकअप वापस लाएँ' }).waitFor();
    await snap(page, 'restore-at-start-04-hindi');
    await page.getByLabel('भाषा').first().selectOption('en');
    expect(problems).toEqual([]);
  });
});
