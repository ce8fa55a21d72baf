import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { startHarness, type Harness } from '../../src/harness/start-harness';
import { BackupService } from '../../src/main/core/backup/backup-service';
import { Ledger } from '../../src/main/core/ledger/ledger';
import { snap } from '../support/chromium';
import { goTo, historyList, openShopPage } from '../support/shop-page';
import { seedLedger } from '../support/seed-ledger';
import { fileTempDir } from '../support/temp-dir';
import { istDate } from '../../src/shared/ist-date';

/**
 * Issue 27, on screen: a backup someone tampered with (two rows that make no sense, a trigger)
 * is restored; the rest comes back, the two rows are named with where they are kept, and a bad
 * row in the live history is shown flagged instead of taking the list down.
 */
const ROWS = 40;
const dataDir = fileTempDir('e2e-restore-hostile');
let harness: Harness;
let browser: Browser;
let page: Page;
let problems: string[];

const insertBad = (db: Database.Database, refId: string, amount: unknown, status: string, at = Date.parse('2026-11-22T09:00:00Z')) =>
  db
    .prepare(
      `INSERT INTO txns (ref_id, number, operator, amount, status, recharge_date, created_at, updated_at)
       VALUES (?, '9876512121', 'JIO', ?, ?, ?, ?, ?)`,
    )
    .run(refId, amount, status, istDate(at), at, at);

beforeAll(async () => {
  const file = join(dataDir, 'demo', 'ledger.db');
  seedLedger(file, ROWS, Date.parse('2026-11-20T06:00:00Z'));
  const ledger = Ledger.open(file);
  const { lastGood: made } = await new BackupService({
    ledgerFile: file,
    localDir: join(dataDir, 'demo', 'backups'),
    secondDir: () => null,
    settingsJson: () => '{}',
    fingerprint: () => ledger.fingerprint(),
    now: Date.now,
    setSecondFolder: () => {},
  }).backup('daily');
  ledger.close();
  if (!made) throw new Error('no backup');
  // Someone with the drive edits the backup.
  const backup = new Database(join(made.folder, made.file));
  insertBad(backup, 'HACK000000000001', 25_000, 'Hacked');
  insertBad(backup, 'TEXT000000000001', '250 rupees', 'Success');
  backup.exec(`CREATE TRIGGER evil AFTER INSERT ON txns BEGIN UPDATE txns SET amount = 1 WHERE id = NEW.id; END;`);
  backup.close();
  // And a hand edit left one row in the live history that no screen expects.
  const live = new Database(file);
  // Today, so the Reports screen's first view holds it too.
  insertBad(live, 'EDIT000000000001', 19_900, 'Hacked', Date.now());
  live.close();

  harness = await startHarness({ dataDir });
  ({ browser, page, problems } = await openShopPage(harness.url));
});

afterAll(async () => {
  await browser?.close();
  await harness?.close();
});

const nav = (name: string) => goTo(page, name);
const list = () => historyList(page);

describe('a tampered backup and a bad row, on screen (issue 27)', () => {
  it('History lists every row and flags the one that makes no sense', async () => {
    await nav('History');
    await expect.poll(() => list().getByRole('listitem').count(), { timeout: 10_000 }).toBeGreaterThan(10);
    await list()
      .getByRole('img', { name: /does not make sense/ })
      .first()
      .waitFor();
    expect(
      await list()
        .getByRole('img', { name: /does not make sense/ })
        .count(),
    ).toBe(1);
    await snap(page, 'restore-hostile-01-flagged-row');
  });

  it('Reports shows the day without that row and says it was left out', async () => {
    await nav('Reports');
    await page
      .getByRole('alert')
      .filter({ hasText: /1 entry of the history does not make sense/ })
      .waitFor({ timeout: 10_000 });
    await snap(page, 'restore-hostile-01b-report-left-out');
  });

  it('restoring the tampered backup brings the rest back and names the two rows left out', async () => {
    await nav('Settings');
    const card = page.getByRole('region', { name: 'Backups' });
    await card.getByRole('button', { name: 'Restore this one' }).first().click();
    await card.getByText(new RegExp(`Restored: ${ROWS} transactions\\.`)).waitFor({ timeout: 30_000 });
    const said = card.getByRole('alert').filter({ hasText: /did not make sense and were left out/ });
    await said.waitFor();
    expect(await said.textContent()).toMatch(/HACK000000000001/);
    expect(await said.textContent()).toMatch(/TEXT000000000001/);
    expect(await said.textContent()).toMatch(/ledger\.db\.rejected-/);
    await said.scrollIntoViewIfNeeded();
    await snap(page, 'restore-hostile-02-rows-left-out');
    const ledger = (await harness.core.session()).ledger;
    expect(ledger.get('HACK000000000001')).toBeUndefined();
    expect(ledger.get('REF000001')?.amount).toBe(19_900);
  });

  it('in Hindi too', async () => {
    await page.getByLabel('Language').first().selectOption('hi');
    await page.getByText(/पंक्तियाँ समझ में नहीं आईं/).waitFor();
    await snap(page, 'restore-hostile-03-hindi');
    await page.getByLabel('भाषा').first().selectOption('en');
    expect(problems).toEqual([]);
  });
});
