import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { rechargeByKeyboard, resultCard } from '../support/counter-keys';
import { INSTALLED_APP, launchBuiltApp, launchInstalledApp, REAL_ELECTRON, type RealApp } from '../support/real-electron';
import { makeTempDir, removeTempDir } from '../support/temp-folder';

// The real Electron binary, on CI runners that have it (.github/workflows/ci.yml and release.yml);
// skipped on this project's machines, which cannot download it (docs/installers.md lists what
// only these runs can show). `npm run test:electron` runs this folder alone.
let app: RealApp | null = null;
let userData = '';

afterEach(async () => {
  await app?.close();
  app = null;
  if (userData) removeTempDir(userData);
});

/** What a shopkeeper sees on a first start: the counter, in demo mode, ready for a number. */
async function counterShown(page: Page): Promise<void> {
  await page.getByLabel('Mobile number').waitFor({ timeout: 30_000 });
  expect(await page.getByRole('heading', { level: 1 }).first().textContent()).toBe('RechargeDesk');
  await page.getByText(/^DEMO/).first().waitFor();
  // Served from the app's own scheme, not a file or a dev server.
  expect(new URL(page.url()).protocol).toBe('app:');
}

/** The demo recharge against the built-in sandbox, by keyboard, to its success card. */
async function demoRecharge(page: Page): Promise<void> {
  await page.getByLabel('Mobile number').click();
  await rechargeByKeyboard(page, { number: '9876545555', amount: '199' });
  await resultCard(page, /Recharge successful/, 30_000);
}

describe.skipIf(!REAL_ELECTRON)('the built app in the real Electron binary', () => {
  it('opens its window on the counter and a demo recharge succeeds', async () => {
    userData = makeTempDir('real-electron');
    app = await launchBuiltApp(userData);
    await counterShown(app.page);
    await demoRecharge(app.page);
  }, 120_000);
});

describe.skipIf(!INSTALLED_APP)('the installed app, started once', () => {
  it('opens its window on the counter and a demo recharge succeeds', async () => {
    userData = makeTempDir('installed-app');
    app = await launchInstalledApp(INSTALLED_APP, userData);
    await counterShown(app.page);
    await demoRecharge(app.page);
  }, 180_000);
});
