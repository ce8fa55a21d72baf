import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { snap } from '../support/chromium';
import { openE2E, type E2ESession } from '../support/e2e-session';
import { rechargeByKeyboard, resultCard } from '../support/counter-keys';

let e2e: E2ESession;
let sandbox: Sandbox;
let page: Page;
const TOKEN = 'e2e-live-token-123';
// Stands in for the app's native dialog: the shopkeeper first says no, then yes.
const dialogAnswers = [false, true];
const asked: string[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ token: TOKEN, balance: 1000, pendingMs: 600_000 });
  e2e = await openE2E('settings', {
    timeouts: { connectMs: 1000, headersMs: 1000, bodyMs: 1000, totalMs: 2500 },
    confirmWeakProtection: async (question) => {
      asked.push(question.message);
      return dialogAnswers.shift() ?? false;
    },
  });
  await e2e.harness.core.router.dispatch('settings:update', { poller: { firstCheckSeconds: 1 } });
  ({ page } = await e2e.open());
});

afterAll(async () => {
  await e2e?.close();
  await sandbox?.close();
});

const nav = (name: string) => page.getByRole('navigation', { name: 'Main sections' }).getByRole('button', { name }).click();

describe('settings and offline, in Chromium', () => {
  it('saves a live account only when main confirms weak protection, tests it, and goes live', async () => {
    await nav('Settings');
    await page.getByLabel('Provider API address').fill(sandbox.url);
    await page.getByLabel('Username').fill(sandbox.credentials.username);
    await page.getByLabel('API token').fill(TOKEN);
    await page.getByText(/cannot lock the token with its keychain/).waitFor();
    await page.getByText(/RechargeDesk asks you in a separate window/).waitFor();
    // Nothing on the page can accept it: the old tick box is gone.
    expect(await page.getByRole('checkbox', { name: /weaker protection/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Test connection' }).click();
    await page.getByRole('status').filter({ hasText: 'Connected. Wallet balance: ₹1,000.00' }).waitFor();
    await page.getByRole('button', { name: 'Save and go live' }).click();
    await page.getByRole('alert').filter({ hasText: 'The token was not saved' }).waitFor();
    await snap(page, 'settings-00-weak-refused');
    await page.getByRole('button', { name: 'Save and go live' }).click();
    await page.getByText(`A live account is saved for ${sandbox.credentials.username}.`).waitFor();
    await page.getByText('You accepted this weaker protection on this computer.').waitFor();
    expect(asked).toEqual(['Save the API token with weaker protection?', 'Save the API token with weaker protection?']);
    expect(await page.getByLabel('API token').inputValue()).toBe('');
    await page.getByRole('status', { name: 'Live' }).waitFor();
    expect(await page.getByRole('radio', { name: 'Live' }).isChecked()).toBe(true);
    expect(await page.getByRole('status', { name: /DEMO/ }).count()).toBe(0);
    await snap(page, 'settings-01-live');
  });

  it('says the same in Hindi', async () => {
    await page.getByLabel('Language').first().selectOption('hi');
    await page.getByText('आपने इस कंप्यूटर पर यह कमज़ोर सुरक्षा स्वीकार की है।').waitFor();
    await page.getByLabel('प्रोवाइडर एपीआई पता').fill('http://127.0.0.1:9');
    await page.getByText(/टोकन फिर से पेस्ट करें/).waitFor();
    await snap(page, 'settings-01a-hindi');
    await page.getByLabel('प्रोवाइडर एपीआई पता').fill(sandbox.url);
    await page.getByLabel('भाषा').first().selectOption('en');
    await page.getByText('You accepted this weaker protection on this computer.').waitFor();
  });

  it('a changed address asks for the token again, and is not saved without it', async () => {
    await page.getByLabel('Provider API address').fill('http://127.0.0.1:9');
    await page.getByText('You changed the address or username: paste the token again.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Test connection' }).click();
    await page.getByRole('status').filter({ hasText: 'Paste the API token to test a new provider address' }).waitFor();
    await page.getByRole('button', { name: 'Save and go live' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'You changed the provider address or the username, so paste the API token again.' })
      .waitFor();
    await snap(page, 'settings-01b-token-again');
    await page.getByLabel('Provider API address').fill(sandbox.url);
  });

  it('a wrong token is reported in plain words', async () => {
    await page.getByLabel('API token').fill('wrong-token-000');
    await page.getByRole('button', { name: 'Test connection' }).click();
    await page.getByRole('status').filter({ hasText: 'did not accept this username and token' }).waitFor();
    await page.getByLabel('API token').fill('');
  });

  it('offline: recharge is blocked with a banner, balances keep their last value, history browses locally', async () => {
    onTestFailed(() => snap(page, 'settings-FAILED-offline').then(() => undefined));
    await nav('Recharge');
    await rechargeByKeyboard(page, { number: '9876541111', amount: '50' });
    await resultCard(page, /being processed/);
    await page.keyboard.press('Escape');
    await sandbox.close();
    await page
      .getByRole('alert')
      .filter({ hasText: 'The provider cannot be reached. Recharges are paused' })
      .first()
      .waitFor({ timeout: 15_000 });
    await page.getByRole('status').filter({ hasText: "Can't reach the provider since" }).waitFor();
    expect(await page.locator('.balance-amount').textContent()).toBe('₹950.00');
    expect(await page.getByRole('button', { name: /Check and confirm/ }).isDisabled()).toBe(true);
    await snap(page, 'settings-02-offline');
    await nav('History');
    await page.getByText('this history is from this computer').waitFor();
    await page.getByRole('list', { name: 'Transactions, newest first' }).getByText('98765 41111').waitFor();
    await snap(page, 'settings-03-offline-history');
  });
});
