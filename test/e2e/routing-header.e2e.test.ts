import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../src/harness/start-harness';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { launchChromium, snap } from '../support/chromium';
import { openRoutingSettings } from '../support/routing-page';
import { makeTempDir, removeTempDir } from '../support/temp-folder';

// Issue 40: with a live account, switching routing on in Settings left the header's wallet on the
// first account, unnamed, until the page was reloaded.
const dataDir = makeTempDir('e2e-routing-header');
let sandbox: Sandbox;
let harness: Harness;
let browser: Awaited<ReturnType<typeof launchChromium>>;

beforeAll(async () => {
  sandbox = await startSandbox({});
  harness = await startHarness({ dataDir, acceptWeakTokenProtection: true });
  const { username, token } = sandbox.credentials;
  expect(await harness.core.router.dispatch('auth:save', { baseUrl: sandbox.url, username, token })).toMatchObject({ ok: true });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await harness?.close();
  await sandbox?.close();
  removeTempDir(dataDir);
});

describe('the header follows the routing as it is saved', () => {
  it('routing switched on with a second account: the header names whose wallet it shows, with no reload', async () => {
    const { page, problems, card } = await openRoutingSettings(browser, harness.url);
    const named = page.locator('.balance-header .balance-account');
    expect(await named.count()).toBe(0);
    await card.getByRole('button', { name: 'Add an account', exact: true }).click();
    const second = card.getByRole('group', { name: 'Account 2' });
    await second.waitFor();
    await second.getByLabel('API address').fill('https://second.example');
    await second.getByLabel('Username (registered mobile)').fill('9000000002');
    await card.getByLabel('Route recharges between these accounts (routing on)').check();
    await card.getByRole('button', { name: 'Save routing rules' }).click();
    await expect.poll(() => card.getByRole('status').textContent()).toContain('Routing rules saved.');
    await named.waitFor({ timeout: 5000 });
    expect((await named.textContent())?.length).toBeGreaterThan(0);
    await snap(page, 'routing-header-named-en');
    // Switched off again: the header is the one account's, as before routing.
    await card.getByLabel('Route recharges between these accounts (routing on)').uncheck();
    await card.getByRole('button', { name: 'Save routing rules' }).click();
    await named.waitFor({ state: 'detached', timeout: 5000 });
    expect(problems).toEqual([]);
  });
});
