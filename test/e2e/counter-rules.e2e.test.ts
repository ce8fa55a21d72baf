import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Harness } from '../../src/harness/start-harness';
import type { DeskApi } from '../../src/shared/ipc/desk-api';
import { snap } from '../support/chromium';
import { openE2E, type E2ESession } from '../support/e2e-session';
import { resultCard } from '../support/counter-keys';

// Issue 26 item 5: the shop's own rules at the counter. A repeat customer's usual amount is filled
// in, a wallet too small for the amount is said as it is typed, and staff count the cash blind.
let e2e: E2ESession;
let harness: Harness;
let page: Page;
let problems: string[];

const REGULAR = '9811105555';
const dispatch = (...args: Parameters<Harness['core']['router']['dispatch']>) => harness.core.router.dispatch(...args);

beforeAll(async () => {
  e2e = await openE2E('counter-rules');
  harness = e2e.harness;
  // The regular comes back days later in a shop; here minutes later, so the duplicate window is off.
  await dispatch('settings:update', { recharge: { duplicateWindowMinutes: 0 } });
  for (const amount of [199, 239, 199]) await dispatch('recharge:submit', { number: REGULAR, operator: 'JIO', amount });
});
afterAll(() => e2e?.close());

/** A fresh page (a reload would cut the event stream, which the page reports as a failed request). */
async function reopen() {
  await page?.close();
  ({ page, problems } = await e2e.open());
  await page.locator('#recharge-number').waitFor();
}

beforeEach(reopen);

const amountBox = () => page.getByLabel('Amount (₹)');
/** What the provider received for this number, newest first, in rupees. */
const sentTo = (number: string) =>
  harness
    .demoSandbox()!
    .admin.transactions({ limit: 1000 })
    .items.filter((t) => t.number === number)
    .map((t) => Number(t.amount) / 100);
/** The amount box's text and how much of it is selected (what the next digit replaces). */
const amountSelection = () =>
  page.evaluate(() => {
    const box = (
      globalThis as unknown as {
        document: { getElementById(id: string): { value: string; selectionStart: number | null; selectionEnd: number | null } };
      }
    ).document.getElementById('recharge-amount');
    return { value: box.value, selected: box.value.slice(box.selectionStart ?? 0, box.selectionEnd ?? 0) };
  });

describe('a repeat customer', () => {
  it('gets their usual amount filled in and selected: number, Enter, Enter, Enter sends it', async () => {
    await page.keyboard.type(REGULAR);
    await expect.poll(() => amountBox().inputValue()).toBe('199');
    await page.keyboard.press('Enter');
    // Jio (the last operator) is chosen, the amount box has the usual amount, all of it selected.
    await expect.poll(amountSelection).toEqual({ value: '199', selected: '199' });
    expect(await page.getByRole('radio', { name: /Jio/ }).getAttribute('aria-checked')).toBe('true');
    await snap(page, 'counter-rules-01-usual-amount-en');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Enter');
    await resultCard(page, /Recharge successful/, 10_000);
    expect(sentTo(REGULAR)).toEqual([199, 199, 239, 199]);
    expect(problems).toEqual([]);

    await dispatch('settings:update', { language: 'hi' });
    await reopen();
    await page.keyboard.type(REGULAR);
    await page.keyboard.press('Enter');
    await expect.poll(amountSelection).toEqual({ value: '199', selected: '199' });
    await snap(page, 'counter-rules-01-usual-amount-hi');
    await dispatch('settings:update', { language: 'en' });
    expect(problems).toEqual([]);
  });

  it('typing another amount replaces the usual one, never adds to it; still 3 keys beyond the digits', async () => {
    await page.keyboard.type(REGULAR);
    await page.keyboard.press('Enter');
    await page.keyboard.type('239');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Enter');
    await resultCard(page, /Recharge successful/, 10_000);
    expect(sentTo(REGULAR)).toEqual([239, 199, 199, 239, 199]);
    // Another number in the box: the regular's amount does not stay behind for a stranger.
    await page.keyboard.press('Enter');
    await page.keyboard.type(REGULAR);
    await expect.poll(() => amountBox().inputValue()).toBe('199');
    await page.getByLabel('Mobile number').fill('9822205555');
    await expect.poll(() => amountBox().inputValue()).toBe('');
    expect(problems).toEqual([]);
  });
});

describe('a wallet too small for the amount', () => {
  const short = () => page.getByRole('alert').filter({ hasText: /The wallet has ₹[\d,.]+, less than ₹6,000\.00/ });
  it('is said as the amount is typed, before Send; the core still refuses on Send', async () => {
    await page.keyboard.type('9833305555');
    await page.keyboard.press('Enter');
    await page.keyboard.press('1');
    await page.keyboard.type('6000');
    await short().waitFor();
    await snap(page, 'counter-rules-02-balance-short-en');
    await amountBox().fill('600');
    expect(await short().count()).toBe(0);
    await amountBox().fill('6000');
    await short().waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Enter');
    await page.locator('.error-banner:not(.balance-short)').filter({ hasText: 'Top up the wallet' }).waitFor();
    expect(sentTo('9833305555')).toEqual([]);

    expect(problems).toEqual([]);
    await dispatch('settings:update', { language: 'hi' });
    await reopen();
    await page.keyboard.type('9833305555');
    await page.keyboard.press('Enter');
    await page.keyboard.press('1');
    await page.keyboard.type('6000');
    await page
      .getByRole('alert')
      .filter({ hasText: /वॉलेट में ₹[\d,.]+ है, जो ₹6,000\.00 से कम है/ })
      .waitFor();
    await snap(page, 'counter-rules-03-balance-short-hi');
    await dispatch('settings:update', { language: 'en' });
    expect(problems).toEqual([]);
  });
});

describe('closing the day', () => {
  it('staff count the cash and the UPI app blind: the expected figures come only after their count is recorded', async () => {
    // The shop takes UPI, so the close asks what the UPI app lists as well (issue 30 item 5).
    await dispatch('settings:update', { upi: { vpa: 'sharma.mobiles@icici', payee: 'Sharma Mobile' } });
    await dispatch('lock:setPin', { pin: '2468' });
    await dispatch('lock:lock', {});
    await reopen();
    const nav = page.getByRole('navigation', { name: 'Main sections' });
    await nav.getByRole('button', { name: 'Reports' }).click();
    const panel = () => page.locator('.close-day');
    await panel().getByText('The cash expected is shown once your count is recorded').waitFor();
    await panel().getByText('Then enter what the UPI app lists as received today: the UPI expected is shown after that too.').waitFor();
    await panel().getByLabel('UPI in the UPI app today (₹)').waitFor();
    expect(await panel().getByText('Cash expected:').count()).toBe(0);
    expect(await panel().getByText('UPI expected', { exact: true }).count()).toBe(0);
    // Nor the day's totals (they are the expected cash): the day book waits for the count.
    expect(await page.getByText('Successful', { exact: true }).count()).toBe(0);
    // Main does not send it to staff at all, whatever the window would show.
    const asked = await page.evaluate(async () => {
      const d = Reflect.get(globalThis, 'desk') as DeskApi;
      const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
      const r = await d.dayclose.get({ date });
      const summary = await d.report.summary({ from: date, to: date });
      return r.ok
        ? {
            expected: r.data.expected,
            sum: r.data.success.amount,
            money: r.data.money,
            upiAsked: r.data.upiAsked,
            summary: summary.ok || summary.error.code,
          }
        : null;
    });
    expect(asked).toEqual({ expected: null, sum: null, money: null, upiAsked: true, summary: 'count_first' });
    await snap(page, 'counter-rules-04-blind-count-en');

    expect(problems).toEqual([]);
    await dispatch('settings:update', { language: 'hi' });
    await reopen();
    await page.getByRole('navigation').getByRole('button', { name: 'रिपोर्ट' }).click();
    await panel().getByText('अपेक्षित नकद आपकी गिनती दर्ज होने के बाद दिखेगा').waitFor();
    await snap(page, 'counter-rules-05-blind-count-hi');
    await panel().locator('.close-day-form input').first().fill('500');
    // Asked, the UPI app's figure is needed: the close waits for it.
    expect(await panel().getByRole('button', { name: 'दिन बंद करें' }).isDisabled()).toBe(true);
    await panel().getByLabel('आज UPI ऐप में मिला UPI (₹)').fill('0');
    await panel().getByRole('button', { name: 'दिन बंद करें' }).click();
    // Recorded: the count, what was expected and the difference, now shown to staff too.
    const closings = panel().getByRole('table', { name: 'इस दिन की बंदी' });
    await closings.waitFor();
    const row = await closings.getByRole('row').nth(1).textContent();
    expect(row).toMatch(/₹500\.00/);
    // No UPI sale today, and the UPI app listed nothing: they match.
    expect(row).toContain('UPI ऐप से बराबर');
    await panel()
      .getByText(/अपेक्षित नकद: ₹/)
      .waitFor();
    // Counted: the day book is open to staff again.
    await page.locator('.report-totals').waitFor();
    await snap(page, 'counter-rules-06-counted-hi');
    // A recount beside it is the owner's.
    await panel()
      .getByRole('button', { name: /मालिक का पिन/ })
      .waitFor();
    await dispatch('settings:update', { language: 'en' });
    expect(problems).toEqual([]);
  });
});
