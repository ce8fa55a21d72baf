import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { startHarness } from '../../src/harness/start-harness';
import { FileVault } from '../../src/main/adapters/file-vault';
import { snap } from '../support/chromium';
import { openE2E, type E2ESession } from '../support/e2e-session';
import { makeTempDir } from '../support/temp-folder';
import { rechargeByKeyboard } from '../support/counter-keys';

// The shopkeeper's view of two robustness cases: a token this PC can no longer read, and the
// "Save diagnostics" button for support.

const TOKEN = 'e2e-robust-token-98765';
let e2e: E2ESession;
let sandbox: Sandbox;
let page: Page;

beforeAll(async () => {
  sandbox = await startSandbox({ token: TOKEN, balance: 1000 });
  // A live account saved on this PC, then the OS key changed (a new Windows password).
  const dataDir = makeTempDir('e2e-robust');
  const first = await startHarness({ dataDir, build: false, acceptWeakTokenProtection: true });
  await first.core.router.dispatch('auth:save', { baseUrl: sandbox.url, username: sandbox.credentials.username, token: TOKEN });
  await first.close();
  e2e = await openE2E('robust', { dataDir, vault: new FileVault(join(dataDir, 'token.secret'), { keyChanged: true }) });
  ({ page } = await e2e.open());
}, 180_000);

afterAll(async () => {
  await e2e?.close();
  await sandbox?.close();
});

const nav = (name: string) => page.getByRole('navigation', { name: 'Main sections' }).getByRole('button', { name }).click();

describe('robustness, in Chromium', () => {
  it('an unreadable token: still live, recharges held with a clear message, Settings asks for the token again', async () => {
    await page.getByRole('status', { name: 'Live' }).waitFor();
    expect(await page.getByRole('status', { name: /DEMO/ }).count()).toBe(0);
    await rechargeByKeyboard(page, { number: '9876541111', amount: '50' });
    // The refusal on the card and the standing notice above it say it, each for itself.
    await page
      .getByText(/saved API token can no longer be read on this computer/)
      .first()
      .waitFor();
    await snap(page, 'robust-01-recharge-held');
    expect(sandbox.admin.transactions().total).toBe(0);

    await nav('Settings');
    // Said once: the notice bar reads main's notices; the counter's banner is for money only.
    await page.locator('.notice-bar').getByRole('alert').filter({ hasText: 'can no longer be read on this computer' }).waitFor();
    expect(await page.getByText(/The saved API token can no longer be read on this computer/).count()).toBe(1);
    await snap(page, 'robust-02-settings-token-unreadable');
  });

  it('Save diagnostics writes one file for support and says where', async () => {
    await page.getByRole('button', { name: 'Save diagnostics' }).click();
    const status = page.getByRole('status').filter({ hasText: 'Saved. Send this file to support:' });
    await status.waitFor();
    const path = (await status.locator('code').textContent()) ?? '';
    expect(existsSync(path)).toBe(true);
    expect(readFileSync(path, 'utf8')).not.toContain(TOKEN);
    await status.scrollIntoViewIfNeeded();
    await snap(page, 'robust-03-settings-diagnostics');
    await page.getByLabel('Language').first().selectOption('hi');
    await page.getByRole('button', { name: 'डायग्नॉस्टिक्स सहेजें' }).waitFor();
    await snap(page, 'robust-04-settings-hindi');
  });
});
