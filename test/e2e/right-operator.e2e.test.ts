import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Harness } from '../../src/harness/start-harness';
import { snap } from '../support/chromium';
import { openE2E, type E2ESession } from '../support/e2e-session';
import { rechargeByKeyboard, resultCard } from '../support/counter-keys';

// Issue 26 item 1: the recharge goes to the operator the shopkeeper meant, for the number on screen.
let e2e: E2ESession;
let harness: Harness;
let page: Page;
let problems: string[];

beforeAll(async () => {
  e2e = await openE2E('right-operator');
  harness = e2e.harness;
});

afterAll(() => e2e?.close());

async function openAt(viewport?: { width: number; height: number }) {
  await page?.close();
  ({ page, problems } = await e2e.open(viewport));
  await page.getByLabel('Mobile number').waitFor();
}

beforeEach(() => openAt());

const success = () => resultCard(page, /Recharge successful/, 10_000);
const sentTo = (number: string) =>
  harness
    .demoSandbox()!
    .admin.transactions({ limit: 1000 })
    .items.filter((t) => t.number === number);
/** The number, Enter, the operator's key, the amount, Enter: the confirmation opens (nothing sent yet). */
async function upToConfirmation(number: string, operatorKey: string, amount: string) {
  await page.keyboard.type(number);
  await page.keyboard.press('Enter');
  await page.keyboard.press(operatorKey);
  await page.keyboard.type(amount);
  await page.keyboard.press('Enter');
}
const numberBox = () => page.getByLabel('Mobile number');
const dialogOperator = () => page.getByRole('dialog').locator('.confirm-operator').textContent();
const focusedText = () =>
  page.evaluate(
    () => (globalThis as unknown as { document: { activeElement: { textContent: string } } }).document.activeElement.textContent,
  );

describe('the right operator', () => {
  it("a changed number takes that number's own last operator, not the one before", async () => {
    await rechargeByKeyboard(page, { number: '9876505555', amount: '199', operatorKey: '1' });
    await success();
    await page.keyboard.press('Enter');
    await rechargeByKeyboard(page, { number: '9876515555', amount: '155', operatorKey: '2' });
    await success();
    await page.keyboard.press('Enter');
    // The Jio regular: the counter takes Jio and goes to the amount.
    await page.keyboard.type('9876505555');
    await expect.poll(() => page.getByRole('radio', { name: /Jio/ }).getAttribute('aria-checked')).toBe('true');
    await page.keyboard.press('Enter');
    // Back to the number, select all, the Airtel regular's number instead.
    await numberBox().click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('9876515555');
    await page.keyboard.press('Enter');
    await page.keyboard.type('239');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    expect(await dialogOperator()).toBe('Airtel');
    await page.keyboard.press('Enter');
    await success();
    expect(sentTo('9876515555').map((t) => t.operator)).toEqual(['AT', 'AT']);
    expect(problems).toEqual([]);
  });

  it('after "Change" and boxes cleared by hand, the operator key picks the operator, not the amount', async () => {
    await upToConfirmation('9876525555', '1', '199');
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await numberBox().fill('');
    await page.getByLabel('Amount (₹)').fill('');
    await numberBox().focus();
    await page.keyboard.type('9876535555');
    await page.keyboard.press('Enter');
    await page.keyboard.press('2');
    await page.keyboard.type('155');
    await expect.poll(() => page.getByLabel('Amount (₹)').inputValue()).toBe('155');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    expect(await dialogOperator()).toBe('Airtel');
  });

  it('Esc and a visible Clear reset the customer, back to Mobile', async () => {
    await page.keyboard.type('9876545555');
    await page.keyboard.press('Enter');
    await page.keyboard.press('3');
    await page.keyboard.type('299');
    await page.keyboard.press('Escape');
    expect(await numberBox().inputValue()).toBe('');
    expect(await page.getByLabel('Amount (₹)').inputValue()).toBe('');
    expect(await page.getByRole('radio', { checked: true }).count()).toBe(0);
    expect(
      await page.evaluate(() => (globalThis as unknown as { document: { activeElement: { id: string } } }).document.activeElement.id),
    ).toBe('recharge-number');
    await page.getByRole('tab', { name: 'DTH' }).click();
    await page.keyboard.type('3012345555');
    // The keys typed for the customer dropped by Esc (held while the number was looked up) stay dropped.
    await page.waitForTimeout(500);
    expect(await page.getByLabel('Subscriber ID').inputValue()).toBe('3012345555');
    expect(await page.getByLabel('Amount (₹)').inputValue()).toBe('');
    expect(await page.getByRole('radio', { checked: true }).count()).toBe(0);
    await snap(page, 'right-operator-03-clear-en');
    await page.getByRole('button', { name: 'Clear' }).click();
    expect(await page.getByRole('tab', { name: 'Mobile' }).getAttribute('aria-selected')).toBe('true');
    expect(await numberBox().inputValue()).toBe('');
  });

  it('after a DTH recharge the next customer starts on Mobile: a mobile number, Enter, 2 is Airtel', async () => {
    await page.getByRole('tab', { name: 'DTH' }).click();
    await page.getByLabel('Subscriber ID').focus();
    await rechargeByKeyboard(page, { number: '3012345555', amount: '300' });
    await success();
    await page.keyboard.press('Enter');
    await rechargeByKeyboard(page, { number: '9815655555', amount: '155', operatorKey: '2' });
    await success();
    expect(sentTo('9815655555').map((t) => t.operator)).toEqual(['AT']);
  });

  it('a mobile number on a DTH operator is flagged and needs a deliberate second confirmation', async () => {
    await openAt({ width: 1024, height: 768 });
    await page.getByRole('tab', { name: 'DTH' }).click();
    await page.getByLabel('Subscriber ID').focus();
    await upToConfirmation('9876565555', '2', '300');
    const flag = page.getByRole('dialog').getByRole('alert').filter({ hasText: 'looks like a mobile number' });
    await flag.waitFor();
    expect(await focusedText()).toBe("No, don't send");
    await snap(page, 'right-operator-01-mobile-on-dth-en');
    // Enter is the safe choice: nothing is sent.
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(sentTo('9876565555')).toEqual([]);
    // The deliberate way: Enter to the confirmation again, Tab, Enter.
    await page.keyboard.press('Enter');
    await flag.waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await success();
    expect(sentTo('9876565555').map((t) => t.operator)).toEqual(['DISHTV']);
    // Now a known Dish TV customer: no flag, Enter sends.
    await page.keyboard.press('Enter');
    await page.getByRole('tab', { name: 'DTH' }).click();
    await page.getByLabel('Subscriber ID').focus();
    await page.keyboard.type('9876565555');
    await expect.poll(() => page.getByRole('radio', { name: /Dish TV/ }).getAttribute('aria-checked')).toBe('true');
    await page.keyboard.press('Enter');
    await page.keyboard.type('250');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    expect(await flag.count()).toBe(0);
    await page.keyboard.press('Enter');
    await success();
    expect(sentTo('9876565555')).toHaveLength(2);
  });

  it('the flag in Hindi, at 1024×768', async () => {
    await openAt({ width: 1024, height: 768 });
    await page.getByLabel('Language').selectOption('hi');
    await page.getByRole('heading', { name: 'तुरंत रिचार्ज' }).waitFor();
    await page.getByRole('button', { name: /साफ़ करें/ }).waitFor();
    await snap(page, 'right-operator-04-form-hi');
    await page.getByRole('tab', { name: 'डीटीएच' }).click();
    await page.getByLabel('सब्सक्राइबर आईडी').focus();
    await upToConfirmation('9876575555', '2', '300');
    await page.getByRole('dialog').getByRole('alert').filter({ hasText: 'मोबाइल नंबर जैसा' }).waitFor();
    await snap(page, 'right-operator-02-mobile-on-dth-hi');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(sentTo('9876575555')).toEqual([]);
    await page.getByLabel('भाषा').selectOption('en');
    await page.getByRole('heading', { name: 'Quick recharge' }).waitFor();
  });

  it('an ID typed on Mobile that can only be DTH goes to the DTH operators on Enter, in the same keys', async () => {
    await upToConfirmation('3012345555', '1', '300');
    await page.getByRole('dialog').waitFor();
    expect(await dialogOperator()).toBe('Airtel Digital TV');
    expect(await page.getByRole('tab', { name: 'DTH' }).getAttribute('aria-selected')).toBe('true');
  });

  it('Enter on an incomplete number shows the error, and the next key cannot complete it', async () => {
    await page.keyboard.type('987654321');
    await page.keyboard.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'Enter a 10-digit mobile number.' }).waitFor();
    await snap(page, 'right-operator-05-incomplete-en');
    await page.keyboard.press('2');
    expect(await numberBox().inputValue()).not.toMatch(/^\d{10}$/);
    await page.keyboard.press('Enter');
    await page.keyboard.type('199');
    await page.keyboard.press('Enter');
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('digits typed on a result card start the next customer with them', async () => {
    await rechargeByKeyboard(page, { number: '9816765555', amount: '199' });
    await success();
    await page.keyboard.type('98765');
    await numberBox().waitFor();
    expect(await numberBox().inputValue()).toBe('98765');
    expect(await page.getByRole('tab', { name: 'Mobile' }).getAttribute('aria-selected')).toBe('true');
  });
});
