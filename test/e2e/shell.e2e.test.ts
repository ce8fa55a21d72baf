import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { snap } from '../support/chromium';
import { openE2E, type E2ESession } from '../support/e2e-session';

let e2e: E2ESession;
let page: Page;
let problems: string[];
let dataDir: string;

beforeAll(async () => {
  e2e = await openE2E('shell');
  dataDir = e2e.dataDir;
  ({ page, problems } = await e2e.open());
});

afterAll(() => e2e?.close());

describe('app shell in Chromium through the web harness', () => {
  it('shows the app name, the demo mode and the data folder from app:info', async () => {
    await page.getByRole('heading', { level: 1, name: 'RechargeDesk' }).waitFor();
    await expectVisible(page.getByRole('status', { name: /DEMO/ }));
    await expectVisible(page.locator('.shell-footer').getByText(`Data folder: ${dataDir}`));
    await snap(page, 'shell-en');
  });

  it('offers the four sections in a labelled navigation area', async () => {
    const nav = page.getByRole('navigation', { name: 'Main sections' });
    for (const name of ['Recharge', 'History', 'Complaints', 'Settings']) await expectVisible(nav.getByRole('button', { name }));
    await nav.getByRole('button', { name: 'History' }).click();
    expect(await nav.getByRole('button', { name: 'History' }).getAttribute('aria-current')).toBe('page');
    await expectVisible(page.getByRole('heading', { level: 2, name: 'History' }));
  });

  it('switches to Hindi', async () => {
    await page.getByLabel('Language').selectOption('hi');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'रिचार्जडेस्क' }));
    await expectVisible(page.getByRole('status', { name: /डेमो/ }));
    await snap(page, 'shell-hi');
  });

  it('runs under the strict CSP with no errors on the page', async () => {
    expect(await page.evaluate(() => typeof (globalThis as unknown as { desk?: unknown }).desk)).toBe('object');
    expect(problems).toEqual([]);
  });
});

async function expectVisible(locator: ReturnType<Page['getByRole']>): Promise<void> {
  await locator.waitFor({ state: 'visible', timeout: 10_000 });
}
