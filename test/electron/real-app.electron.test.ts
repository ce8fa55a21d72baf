import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { rechargeByKeyboard, resultCard } from '../support/counter-keys';
import { INSTALLED_APP, launchBuiltApp, launchInstalledApp, REAL_ELECTRON, type RealApp } from '../support/real-electron';
import { makeTempDir, removeTempDir } from '../support/temp-folder';
import type { RoutingRules } from '../../src/shared/routing/routing-schema';

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

/** One IPC call through the window's own bridge, as the screens make it; the answer's data. */
async function call(page: Page, channel: string, payload: object): Promise<unknown> {
  const answer = await page.evaluate(
    ([c, p]) =>
      (globalThis as unknown as { deskWire: { invoke(c: string, p: unknown): Promise<{ ok: boolean; data?: unknown }> } }).deskWire.invoke(
        c,
        p,
      ),
    [channel, payload] as const,
  );
  expect(answer, channel).toMatchObject({ ok: true });
  return (answer as { data: unknown }).data;
}

/** Every file under the data folder, as bytes read as Latin-1 (a token in clear shows as itself). */
function everyFileText(dir: string): string {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => readFileSync(join(e.parentPath, e.name)).toString('latin1'))
    .join('\n');
}

const SECRETS = { spare: 'spare-account-secret-0451', third: 'third-account-secret-7723' };

// Linux runners have no keyring daemon: Electron falls back to a fixed key there, which the core
// treats as weak protection and asks about in a native box no test can press.
describe.skipIf(!REAL_ELECTRON || process.platform === 'linux')('the OS keychain, with several accounts’ secrets', () => {
  it('keeps each account’s token encrypted under its own key, and still has both after a restart', async () => {
    userData = makeTempDir('real-electron-keychain');
    app = await launchBuiltApp(userData);
    await counterShown(app.page);
    const { rules } = (await call(app.page, 'routing:get', {})) as { rules: RoutingRules };
    const extra = (id: keyof typeof SECRETS, n: number) => ({
      id,
      name: `Account ${n}`,
      profile: 'hash-text',
      baseUrl: `https://account-${n}.example`,
      username: `900000000${n}`,
      paused: false,
    });
    await call(app.page, 'routing:save', {
      rules: { ...rules, enabled: true, accounts: [...rules.accounts, extra('spare', 2), extra('third', 3)] },
    });
    await call(app.page, 'routing:setToken', { account: 'spare', token: SECRETS.spare });
    const view = (await call(app.page, 'routing:setToken', { account: 'third', token: SECRETS.third })) as { tokens: unknown };
    expect(view.tokens).toMatchObject({ spare: 'saved', third: 'saved' });
    await app.close();

    app = await launchBuiltApp(userData);
    await counterShown(app.page);
    expect(((await call(app.page, 'routing:get', {})) as { tokens: unknown }).tokens).toMatchObject({ spare: 'saved', third: 'saved' });
    // The keychain's key encrypted them: neither token is anywhere on disk in clear.
    const disk = everyFileText(userData);
    expect(disk).not.toContain(SECRETS.spare);
    expect(disk).not.toContain(SECRETS.third);
  }, 180_000);
});
