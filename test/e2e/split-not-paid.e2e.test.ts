import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { snap } from '../support/chromium';
import { openE2E, type E2ESession } from '../support/e2e-session';
import { openCounter, resultCard } from '../support/counter-keys';
import { istDate } from '../../src/shared/ist-date';
import { axeSerious, latinWords } from '../support/page-audit';

// Issue 40: a split sale (cash and UPI) whose recharge failed and whose UPI part never came. The
// card offers "hand back the cash; the UPI never came"; the close then expects the drawer less the
// cash part only, and the UPI expected does not move. Practice ending 0000 fails at once.
let e2e: E2ESession;
let page: Page;
let problems: string[];

beforeAll(async () => {
  e2e = await openE2E('split-not-paid', { demoPendingMs: 1500 });
  await dispatch('settings:update', { upi: { vpa: 'sharma.mobiles@icici', payee: 'Sharma Mobile' } });
});
afterAll(() => e2e?.close());

const dispatch = (channel: string, request: unknown) =>
  (e2e.harness.core.router.dispatch as (c: string, r: unknown) => Promise<{ ok: boolean; data?: unknown; error?: unknown }>)(
    channel,
    request,
  );

async function openAt() {
  await page?.close();
  ({ page, problems } = await openCounter(e2e));
  await page.setViewportSize({ width: 1024, height: 768 });
}

/** Number, operator, amount; on the confirmation "s" (split) and its cash part in rupees, then Enter. */
async function sellSplit(number: string, amount: string, cash: string) {
  const next = page.getByRole('button', { name: /^(Next customer|अगला ग्राहक)$/ });
  if ((await next.count()) > 0) await next.click();
  await page.locator('#recharge-number').waitFor();
  await page.locator('#recharge-number').focus();
  await page.keyboard.type(number);
  await page.keyboard.press('Enter');
  await page.keyboard.press('1');
  await page.keyboard.type(amount);
  await page.keyboard.press('Enter');
  await page.getByRole('dialog').waitFor();
  await page.keyboard.press('s');
  await page.keyboard.type(cash);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
}

const card = () => page.locator('.result');
const dayMoney = async () =>
  ((await dispatch('dayclose:get', { date: istDate(Date.now()) })).data as { money: { cash: unknown; upi: { expected: number } } }).money;

describe('a failed split whose UPI part never came (issue 40)', () => {
  it('hands back the cash only: the card says so, both lists clear, the close moves by the cash part, and Enter is the next customer', async () => {
    await openAt();
    await sellSplit('9857200000', '199', '100');
    await resultCard(page, /Recharge failed/, 10_000);
    const choice = card().getByRole('button', { name: 'Hand back ₹100.00 cash; the UPI ₹99.00 never came' });
    await choice.waitFor();
    await card().getByText('If the UPI part never came, hand back only the cash part.', { exact: false }).waitFor();
    // A split's cash was paid: "the customer did not pay" is not offered for it.
    expect(await card().getByRole('button', { name: 'Customer did not pay' }).count()).toBe(0);
    await page
      .getByRole('complementary', { name: 'To give back' })
      .getByRole('button', { name: 'Cash back, UPI never came 98572 00000' })
      .waitFor();
    await snap(page, 'split-not-paid-01-offered-en');
    await choice.click();
    await card()
      .getByText(/₹100\.00 cash handed back at .*; the UPI ₹99\.00 never came\.$/)
      .waitFor();
    await card().getByText('Cash ₹100.00 · UPI ₹99.00 · the UPI part never came').waitFor();
    await page.getByRole('complementary', { name: 'To give back' }).waitFor({ state: 'detached' });
    await page.getByRole('complementary', { name: 'UPI to check' }).waitFor({ state: 'detached' });
    expect(await card().getByRole('button', { name: 'UPI received' }).count()).toBe(0);
    await snap(page, 'split-not-paid-02-settled-en');
    // Taken ₹100 cash, handed ₹100 back: the drawer is expected as before the sale; the UPI too.
    expect(await dayMoney()).toMatchObject({
      cash: { sales: 10_000, payments: 0, givenBack: 10_000, expected: 0 },
      upi: { received: 0, givenBack: 0, expected: 0 },
    });
    await page.keyboard.press('Enter');
    await page.locator('#recharge-number:focus').waitFor();
    expect(problems).toEqual([]);
  });

  it('in Hindi at 1024x768: the same choice in its words', async () => {
    await dispatch('settings:update', { language: 'hi' });
    try {
      await openAt();
      await sellSplit('9857300000', '149', '50');
      await resultCard(page, /रिचार्ज विफल/, 10_000);
      const choice = card().getByRole('button', { name: '₹50.00 नकद लौटाएँ; UPI ₹99.00 कभी नहीं आया' });
      await choice.waitFor();
      await snap(page, 'split-not-paid-03-offered-hi');
      expect(await latinWords(page)).toEqual([]);
      expect(await axeSerious(page)).toEqual([]);
      await choice.click();
      await card()
        .getByText(/₹50\.00 नकद .* पर लौटाया गया; UPI ₹99\.00 कभी नहीं आया।$/)
        .waitFor();
      await snap(page, 'split-not-paid-04-settled-hi');
      expect(await latinWords(page)).toEqual([]);
      expect((await dayMoney()).upi.expected).toBe(0);
      expect(problems).toEqual([]);
    } finally {
      await dispatch('settings:update', { language: 'en' });
    }
  });
});
