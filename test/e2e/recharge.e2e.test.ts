import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Harness } from '../../src/harness/start-harness';
import { snap } from '../support/chromium';
import { openE2E, type E2ESession } from '../support/e2e-session';
import { rechargeByKeyboard, resultCard } from '../support/counter-keys';

let e2e: E2ESession;
let harness: Harness;
let page: Page;
let problems: string[];

const sandbox = async () => harness.demoSandbox()!;

beforeAll(async () => {
  e2e = await openE2E('recharge', { demoPendingMs: 1200 });
  harness = e2e.harness;
  await harness.core.router.dispatch('settings:update', { poller: { firstCheckSeconds: 1 } });
});

afterAll(() => e2e?.close());

beforeEach(async () => {
  await page?.close();
  ({ page, problems } = await e2e.open());
  await page.getByLabel('Mobile number').waitFor();
});

const heading = (name: RegExp) => resultCard(page, name, 10_000);

describe('counter: quick recharge in Chromium', () => {
  it('instant success by keyboard, with the balance updated; a repeat customer takes three keystrokes', async () => {
    await snap(page, 'recharge-01-empty');
    expect(await rechargeByKeyboard(page, { number: '9876545555', amount: '199' })).toBe(4);
    await heading(/Recharge successful/);
    await expect.poll(() => page.locator('.balance-amount').textContent()).toBe('₹4,805.97');
    expect(await page.getByText('Operator reference').count()).toBe(1);
    await snap(page, 'recharge-02-success');
    await page.keyboard.press('Enter');
    // The operator is remembered for this number: Enter, Enter, Enter.
    await page.keyboard.type('9876545555');
    await expect.poll(() => page.getByRole('radio', { name: /Jio/ }).getAttribute('aria-checked')).toBe('true');
    expect(await rechargeByKeyboard(page, { number: '', amount: '239', operatorKey: null })).toBe(3);
    await heading(/Recharge successful/);
    expect(problems).toEqual([]);
  });

  it('pending resolves to success by polling: the tray shows it, then it leaves the tray', async () => {
    await rechargeByKeyboard(page, { number: '9876541111', amount: '299', operatorKey: '2' });
    await heading(/being processed/);
    await snap(page, 'recharge-03-pending');
    await page.keyboard.press('Escape');
    const tray = page.getByRole('complementary', { name: 'Being checked' });
    await tray.getByText('98765 41111').waitFor();
    await snap(page, 'recharge-04-tray');
    await tray.getByText('Nothing open').waitFor({ timeout: 10_000 });
    await snap(page, 'recharge-05-done');
  });

  it('pending to failure: the money comes back, and the banner says to give it to the customer', async () => {
    await rechargeByKeyboard(page, { number: '9876542222', amount: '100', operatorKey: '3' });
    await heading(/being processed/);
    await page.getByRole('status').filter({ hasText: 'Give ₹100.00 back to the customer.' }).waitFor({ timeout: 10_000 });
  });

  it('immediate failure says the amount is back in the wallet', async () => {
    await rechargeByKeyboard(page, { number: '9876540000', amount: '100', operatorKey: '3' });
    await heading(/Recharge failed/);
    await page.getByText('The amount is back in the wallet.').waitFor();
    await snap(page, 'recharge-06-failure');
  });

  it("a provider's refusal shows its words and says nothing was charged", async () => {
    (await sandbox()).admin.suspend('9876543210', true);
    try {
      await rechargeByKeyboard(page, { number: '9876547777', amount: '50' });
      await heading(/provider refused/);
      // Advice by the provider's code (106), and the provider's own words beside it.
      await page.getByText('Your provider account is suspended. Call your distributor', { exact: false }).waitFor();
      await page.getByText('Your account is suspended. Contact your distributor.').waitFor();
      await snap(page, 'recharge-07-refused');
    } finally {
      (await sandbox()).admin.suspend('9876543210', false);
    }
  });

  it('the same number and amount again needs an explicit second confirmation', async () => {
    await rechargeByKeyboard(page, { number: '9812325555', amount: '149' });
    await heading(/Recharge successful/);
    await page.keyboard.press('Enter');
    await page.keyboard.type('9812325555');
    await expect.poll(() => page.getByRole('radio', { name: /Jio/ }).getAttribute('aria-checked')).toBe('true');
    await rechargeByKeyboard(page, { number: '', amount: '149', operatorKey: null });
    await page.getByRole('heading', { name: 'This looks like a repeat' }).waitFor();
    await page.getByRole('alert').filter({ hasText: '₹149.00 was sent to 98123 25555 at' }).waitFor();
    await snap(page, 'recharge-08-duplicate');
    // The safe choice has the focus: a second Enter goes back and sends nothing.
    expect(
      await page.evaluate(
        () => (globalThis as unknown as { document: { activeElement: { textContent: string } } }).document.activeElement.textContent,
      ),
    ).toBe("No, don't send");
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect((await sandbox()).admin.transactions({ limit: 1000 }).items.filter((t) => t.number === '9812325555')).toHaveLength(1);
    // A second recharge takes a deliberate choice: Tab to it, then Enter.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'This looks like a repeat' }).waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await heading(/Recharge successful/);
    const sent = (await sandbox()).admin.transactions({ limit: 1000 }).items.filter((t) => t.number === '9812325555');
    expect(sent).toHaveLength(2);
  });

  it('Enter pressed again and a double-click on send make one recharge only', async () => {
    await page.keyboard.type('9813435555');
    await page.keyboard.press('Enter');
    await page.keyboard.press('1');
    await page.keyboard.type('55');
    await page.keyboard.press('Enter');
    const send = page.getByRole('button', { name: 'Send recharge' });
    await send.waitFor();
    await Promise.all([
      page.keyboard.press('Enter'),
      page.keyboard.press('Enter'),
      send.dblclick({ force: true, timeout: 500 }).catch(() => {}),
      page.keyboard.press('Enter'),
    ]);
    await heading(/Recharge successful/);
    await page.waitForTimeout(300);
    const admin = (await sandbox()).admin;
    const mine = admin.transactions({ limit: 1000 }).items.filter((t) => t.number === '9813435555');
    expect(mine).toHaveLength(1);
    expect(admin.submissionCount(mine[0]!.refId)).toBe(1);
  });

  it('bad input gets a clear message and sends nothing', async () => {
    await page.keyboard.type('12345');
    await page.getByText('Enter a 10-digit mobile number.').waitFor();
    expect(await page.getByRole('button', { name: /Check and confirm/ }).isDisabled()).toBe(true);
    await page.getByLabel('Mobile number').fill('');
    await page.keyboard.type('9876512345');
    await page.keyboard.press('Enter');
    await page.keyboard.press('4');
    await page.keyboard.type('9000');
    await page.getByText('BSNL Topup takes ₹10 to ₹5,000.').waitFor();
    await page.keyboard.press('Enter');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await snap(page, 'recharge-09-bad-amount');
  });

  it('a pasted +91 number is cleaned and shown grouped for reading aloud', async () => {
    await page.getByLabel('Mobile number').focus();
    await page.evaluate(() => {
      const input = (globalThis as unknown as { document: { activeElement: { dispatchEvent(e: unknown): void } } }).document.activeElement;
      const data = new (globalThis as unknown as { DataTransfer: new () => { setData(t: string, v: string): void } }).DataTransfer();
      data.setData('text', '+91 98765-00001');
      input.dispatchEvent(
        new (globalThis as unknown as { ClipboardEvent: new (t: string, o: object) => unknown }).ClipboardEvent('paste', {
          clipboardData: data,
          bubbles: true,
          cancelable: true,
        }),
      );
    });
    expect(await page.getByLabel('Mobile number').inputValue()).toBe('9876500001');
    await page.getByText('98765 00001').waitFor();
  });

  it('DTH: subscriber ID and the DTH operators', async () => {
    await page.getByRole('tab', { name: 'DTH' }).click();
    await page.getByLabel('Subscriber ID').waitFor();
    expect(await page.getByRole('radio', { name: /Tata Play/ }).count()).toBe(1);
    await page.getByLabel('Subscriber ID').focus();
    await rechargeByKeyboard(page, { number: '3012345555', amount: '300' });
    await heading(/Recharge successful/);
    await page.getByText('30123 45555 · Airtel Digital TV', { exact: false }).waitFor();
    await snap(page, 'recharge-11-dth');
  });

  it('works in Hindi', async () => {
    await page.getByLabel('Language').selectOption('hi');
    await page.getByRole('heading', { name: 'तुरंत रिचार्ज' }).waitFor();
    await page.getByLabel('मोबाइल नंबर').focus();
    await rechargeByKeyboard(page, { number: '9814545555', amount: '99', operatorKey: '3' });
    await heading(/रिचार्ज सफल/);
    await page.getByText('नया बैलेंस').waitFor();
    await snap(page, 'recharge-10-hindi');
  });
});
