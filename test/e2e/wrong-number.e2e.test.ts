import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Harness } from '../../src/harness/start-harness';
import { snap } from '../support/chromium';
import { openE2E, type E2ESession } from '../support/e2e-session';

// Issue 26 item 2: a new number one slip away from a regular is questioned on the confirmation.
let e2e: E2ESession;
let harness: Harness;
let page: Page;
let problems: string[];

const REGULAR = '9876505555';
const focusedText = () =>
  page.evaluate(
    () => (globalThis as unknown as { document: { activeElement: { textContent: string } } }).document.activeElement.textContent,
  );
const sentTo = (number: string) =>
  harness
    .demoSandbox()!
    .admin.transactions({ limit: 1000 })
    .items.filter((t) => t.number === number);

beforeAll(async () => {
  e2e = await openE2E('wrong-number');
  harness = e2e.harness;
  // A regular: two successful recharges and a name in the customer book.
  for (const amount of [199, 239]) {
    const r = await harness.core.router.dispatch('recharge:submit', { number: REGULAR, operator: 'JIO', amount, confirmDuplicate: true });
    if (!r.ok) throw new Error(JSON.stringify(r.error));
  }
  await harness.core.router.dispatch('customer:save', { number: REGULAR, name: 'Geeta Sharma', operator: 'JIO', circle: null });
});

afterAll(() => e2e?.close());

/** A new number needs its operator's key; a regular's own number comes with its operator and usual amount chosen. */
async function upToConfirmation(number: string, pickOperator = true) {
  await page.keyboard.type(number);
  await page.keyboard.press('Enter');
  if (pickOperator) await page.keyboard.press('1');
  await page.keyboard.type('199');
  await page.keyboard.press('Enter');
  await page.getByRole('dialog').waitFor();
}

describe('the wrong-number guard', () => {
  it('a new number one digit from a regular: the confirmation names the regular, "don\'t send" has the focus', async () => {
    ({ page, problems } = await e2e.open({ width: 1024, height: 768 }));
    await page.getByLabel('Mobile number').waitFor();
    await upToConfirmation('9876505565');
    const dialog = page.getByRole('dialog');
    await dialog.getByText('It is one digit away from your regular Geeta Sharma: 98765 05555.', { exact: false }).waitFor();
    await expect.poll(focusedText).toMatch(/No, don.t send/);
    await snap(page, 'wrong-number-01-en');
    // Enter takes the safe choice: back to the form, nothing sent.
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    expect(sentTo('9876505565')).toHaveLength(0);
    expect(problems).toEqual([]);
  });

  it('two digits swapped, in Hindi', async () => {
    ({ page, problems } = await e2e.open({ width: 1024, height: 768 }));
    await page.getByLabel('Language').selectOption('hi');
    await page.getByLabel('मोबाइल नंबर').waitFor();
    await upToConfirmation('9876550555');
    await page
      .getByRole('dialog')
      .getByText(/नियमित ग्राहक Geeta Sharma के नंबर 98765 05555 से एक अंक अलग है/)
      .waitFor();
    await snap(page, 'wrong-number-02-hi');
    await page.keyboard.press('Escape');
    await page.getByLabel('भाषा').selectOption('en');
    expect(sentTo('9876550555')).toHaveLength(0);
    expect(problems).toEqual([]);
  });

  it("the regular's own number is confirmed as usual, with no question", async () => {
    ({ page, problems } = await e2e.open());
    await page.getByLabel('Mobile number').waitFor();
    // Pressing the operator's key here would type a 1 before the amount (₹1,199: the unusual-amount warning).
    await upToConfirmation(REGULAR, false);
    await page.getByRole('heading', { name: 'Confirm recharge' }).waitFor();
    expect(await page.getByRole('dialog').textContent()).toContain('₹199.00');
    expect(
      await page
        .getByRole('dialog')
        .getByText(/one digit away/)
        .count(),
    ).toBe(0);
    await page.keyboard.press('Escape');
  });
});
