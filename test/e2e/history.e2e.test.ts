import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Harness } from '../../src/harness/start-harness';
import { snap } from '../support/chromium';
import { openE2E, type E2ESession } from '../support/e2e-session';

let e2e: E2ESession;
let harness: Harness;
let page: Page;
let problems: string[];

beforeAll(async () => {
  e2e = await openE2E('history');
  harness = e2e.harness;
  const submit = (number: string, amount: number, operator = 'JIO') =>
    harness.core.router.dispatch('recharge:submit', { number, operator, amount, confirmDuplicate: true });
  harness.demoSandbox()!.admin.topUp('9876543210', 100_000);
  // 250 successes to page through, then a few that stand out.
  for (let i = 0; i < 250; i++) await submit(`987${String(i).padStart(3, '0')}5555`, 10 + (i % 50));
  await submit('9811100000', 77, 'AT');
  await submit('9822255555', 88, 'VI');
  ({ page, problems } = await e2e.open());
  await page.getByRole('navigation', { name: 'Main sections' }).getByRole('button', { name: 'History' }).click();
  await page.getByRole('list', { name: 'Transactions, newest first' }).waitFor();
});

afterAll(() => e2e?.close());

const list = () => page.getByRole('list', { name: 'Transactions, newest first' });

describe('history in Chromium', () => {
  it('lists newest first and keeps only visible rows in the page, loading more as it scrolls', async () => {
    await list().getByText('98222 55555').waitFor();
    const first = await list().getByRole('listitem').first().textContent();
    expect(first).toContain('98222 55555');
    expect(await list().getByRole('listitem').count()).toBeLessThan(60);
    await snap(page, 'history-01-list');
    await list().evaluate((el) => (el.scrollTop = el.scrollHeight));
    await expect.poll(async () => (await list().evaluate((el) => el.scrollHeight)) > 100 * 44 + 100, { timeout: 5000 }).toBe(true);
  });

  it('filters by status and searches by number prefix or id', async () => {
    await page.getByLabel('Status').selectOption('failed');
    await expect.poll(() => list().getByRole('listitem').count()).toBe(1);
    await list().getByText('98111 00000').waitFor();
    await page.getByLabel('Status').selectOption('all');
    await page.getByRole('searchbox').fill('98222');
    await expect.poll(() => list().getByRole('listitem').count()).toBe(1);
    await snap(page, 'history-02-search');
  });

  it('finds a number typed as its last 4 digits, grouped, or with +91 or 0', async () => {
    for (const typed of ['0000', '98111 00000', '+91 98111 00000', '098111-00000']) {
      await page.getByRole('searchbox').fill(typed);
      await expect
        .poll(() => list().getByRole('listitem').allTextContents(), { message: typed })
        .toEqual([expect.stringContaining('98111 00000')]);
    }
    await snap(page, 'history-02b-search-last4');
    // Leave the list as the next step expects it: the one recharge to 98222 55555.
    await page.getByRole('searchbox').fill('98222');
    await expect.poll(() => list().getByRole('listitem').allTextContents()).toEqual([expect.stringContaining('98222 55555')]);
  });

  it('shows a transaction with its timeline, raises a complaint and lists it', async () => {
    await list().getByRole('listitem').first().click();
    const details = page.getByRole('complementary', { name: /98222 55555/ });
    await details.getByText('provider reply').waitFor();
    await details.getByText('sent').waitFor();
    await snap(page, 'history-03-details');
    await details.getByRole('button', { name: 'Raise complaint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Raise a complaint' });
    await dialog.getByRole('radio', { name: 'Other' }).check();
    expect(await dialog.getByRole('button', { name: 'Send complaint' }).isDisabled()).toBe(true);
    await dialog.getByText('Write what went wrong.').waitFor();
    await dialog.getByRole('radio', { name: 'Recharge not received' }).check();
    await dialog.getByRole('button', { name: 'Send complaint' }).click();
    await dialog.getByText(/Complaint registered\. Complaint ID: CM\d+/).waitFor();
    await snap(page, 'history-04-complaint');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('navigation', { name: 'Main sections' }).getByRole('button', { name: 'Complaints' }).click();
    await page.getByRole('cell', { name: 'Recharge not received' }).waitFor();
    await page.getByRole('cell', { name: '98222 55555' }).waitFor();
    await snap(page, 'history-05-complaints');
  });

  it('repeat recharge fills the counter form', async () => {
    await page.getByRole('navigation', { name: 'Main sections' }).getByRole('button', { name: 'History' }).click();
    await page.getByRole('searchbox').fill('9822255555');
    await list().getByRole('listitem').first().click();
    await page.getByRole('button', { name: 'Repeat recharge' }).click();
    expect(await page.getByLabel('Mobile number').inputValue()).toBe('9822255555');
    expect(await page.getByLabel('Amount (₹)').inputValue()).toBe('88');
    expect(await page.getByRole('radio', { name: /Vi/ }).getAttribute('aria-checked')).toBe('true');
    // The amount is what to check: the keyboard is already there.
    await expect
      .poll(() => page.evaluate(() => (globalThis as unknown as { document: { activeElement: { id: string } } }).document.activeElement.id))
      .toBe('recharge-amount');
    expect(problems).toEqual([]);
  });
});
