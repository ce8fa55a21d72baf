import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../src/harness/start-harness';
import { libraryProfileFile } from '../../src/shared/profiles/library/library-profiles';
import { launchChromium } from '../support/chromium';
import { openRoutingSettings } from '../support/routing-page';
import { latinWords } from '../support/page-audit';
import { makeTempDir, removeTempDir } from '../support/temp-folder';

// Issue 36 for every routing account: a second account on a version 2 profile (PinWallet, one
// bearer token and no username) is asked exactly the fields its profile declares, labelled in the
// screen's language, and shows where its secret is sent before the owner keeps it.
const BEARER = 'pinwallet-bearer-4711';
const dataDir = makeTempDir('e2e-routing-declared');
let harness: Harness;
let browser: Awaited<ReturnType<typeof launchChromium>>;

beforeAll(async () => {
  harness = await startHarness({ dataDir, acceptWeakTokenProtection: true });
  browser = await launchChromium();
  // The owner imported PinWallet's file once (its host played on loopback: url-less), then went back to their own.
  const file = libraryProfileFile('pinwallet') as { version: number; hosts: Record<string, { label: unknown }> };
  const hosts = Object.fromEntries(Object.entries(file.hosts).map(([name, h]) => [name, { label: h.label }]));
  const text = JSON.stringify({ ...file, version: file.version + 1, hosts });
  expect(await harness.core.router.dispatch('profile:use', { text, hosts: { main: null } })).toMatchObject({ ok: true });
  expect(await harness.core.router.dispatch('profile:use', { id: 'document' })).toMatchObject({ ok: true });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await harness?.close();
  removeTempDir(dataDir);
});

describe('Settings → a second account on a version 2 profile', () => {
  it('asks its own declared field, shows its host, and keeps its secret once the host is confirmed (English and Hindi)', async () => {
    const { page, problems, card } = await openRoutingSettings(browser, harness.url);

    await card.getByRole('button', { name: 'Add an account', exact: true }).click();
    const spare = card.getByRole('group', { name: 'Account 2' });
    await spare.waitFor();
    await spare.locator('#routing-account-2-profile').selectOption('pinwallet');
    await spare.getByLabel('API address').fill('https://pinwallet.example');
    await card.getByRole('button', { name: 'Save routing rules' }).click();
    await expect.poll(() => card.getByRole('status').textContent()).toContain('Routing rules saved.');

    // Exactly its profile's one secret, no username; and where it will be sent.
    const bearer = spare.getByLabel('Bearer token');
    await bearer.waitFor();
    expect(await spare.getByLabel('Username (registered mobile)').count()).toBe(0);
    expect(await spare.getByLabel('API token').count()).toBe(0);
    expect(await spare.textContent()).toContain('Sent only to: PinWallet: https://pinwallet.example');
    await bearer.fill(BEARER);
    const save = spare.getByRole('button', { name: 'Save token' });
    expect(await save.isDisabled()).toBe(true);
    await spare.getByLabel("I have checked these addresses are my provider's").check();
    await spare.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/routing-declared-en.png' });
    await save.click();
    await expect.poll(() => spare.textContent()).toContain('Token saved');
    expect(await bearer.inputValue()).toBe('');

    await page.getByLabel('Language').first().selectOption('hi');
    await card.getByRole('heading', { name: 'प्रोवाइडर खाते और रूटिंग' }).waitFor();
    await spare.getByLabel('बेयरर टोकन').waitFor();
    expect(await spare.textContent()).toContain('केवल यहाँ भेजा जाएगा');
    expect(await latinWords(page)).toEqual([]);
    await spare.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/routing-declared-hi.png' });
    expect(problems).toEqual([]);
    await page.close();
  });
});
