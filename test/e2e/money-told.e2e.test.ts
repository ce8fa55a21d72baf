import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { snap } from '../support/chromium';
import { decodeQr as readQr } from '../support/qr-reader';
import { openE2E, type E2ESession } from '../support/e2e-session';
import { openCounter, resultCard, upToConfirmation } from '../support/counter-keys';
import { khataUpiUri } from '../../src/shared/payment/khata-upi';

// Issue 40, "the customer's money told wrongly": a failed sale asks for no payment, what a
// customer owes or holds is said when their number is typed, advances are listed, and a khata
// payment by UPI has its QR. Practice endings: 0000 fails at once, 5555 succeeds. No two numbers
// here are a digit or a swap apart.
let e2e: E2ESession;
let page: Page;
let problems: string[];
const UPI = { vpa: 'sharma.mobiles@icici', payee: 'Sharma Mobile' };

beforeAll(async () => {
  e2e = await openE2E('money-told');
  await dispatch('settings:update', { upi: UPI });
});
afterAll(() => e2e?.close());

const dispatch = (channel: string, request: unknown) =>
  (e2e.harness.core.router.dispatch as (c: string, r: unknown) => Promise<{ ok: boolean; data?: unknown }>)(channel, request);

async function openAt() {
  await page?.close();
  ({ page, problems } = await openCounter(e2e));
}

async function inLanguage(language: 'en' | 'hi', walk: () => Promise<void>) {
  await dispatch('settings:update', { language });
  try {
    await openAt();
    await walk();
  } finally {
    await dispatch('settings:update', { language: 'en' });
  }
}

const card = () => page.locator('.result');
const numberBox = () => page.locator('#recharge-number');

/** Digits typed on the result card start the next customer at once (no click, no Esc). */
async function nextCustomerTyped(digits: string) {
  await page.keyboard.type(digits);
  await expect.poll(() => numberBox().inputValue()).toBe(digits);
}

const decodeQr = (selector: string) => readQr(page, selector);

describe('the customer’s money told as it is', () => {
  for (const [language, number, failed, next] of [
    ['en', '9871200000', /Recharge failed/, '98712'],
    ['hi', '9872300000', /रिचार्ज विफल/, '98723'],
  ] as const) {
    it(`a failed UPI sale shows no “Scan to pay” on its card, printed or WhatsApp receipt (${language})`, async () => {
      await inLanguage(language, async () => {
        await upToConfirmation(page, number, '199');
        await page.keyboard.press('u');
        await page.locator('.upi-qr svg').waitFor();
        await page.keyboard.press('Enter');
        await resultCard(page, failed, 10_000);
        await card().locator('.money-back').waitFor();
        expect(await card().locator('.upi-qr').count()).toBe(0);
        await snap(page, `money-told-01-failed-upi-card-${language}`);
        // The printed receipt and the WhatsApp one are made from this answer: no link, so no QR and no "Scan to pay".
        const refId = (await card().locator('.result-facts .mono').last().textContent())!.trim();
        const sent = (await dispatch('receipt:get', { refId, language })) as {
          data: { receipt: { payment: { upiUri: string | null } }; whatsappUrl: string };
        };
        expect(sent.data.receipt.payment.upiUri).toBeNull();
        expect(decodeURIComponent(sent.data.whatsappUrl)).not.toContain('upi://');
        await nextCustomerTyped(next);
        expect(problems).toEqual([]);
      });
    });
  }

  it('a number typed at the counter says what its customer owes, or the advance the shop holds', async () => {
    // A sale on the khata: ₹249 owed.
    await openAt();
    await upToConfirmation(page, '9873415555', '249');
    await page.keyboard.press('k');
    await page.keyboard.press('Enter');
    await resultCard(page, /Recharge successful/, 10_000);
    // A failed cash sale whose ₹155 the customer leaves with the shop: an advance.
    await page.keyboard.type('9874500000');
    await page.keyboard.press('Enter');
    await page.keyboard.press('1');
    await page.keyboard.type('155');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Enter');
    await resultCard(page, /Recharge failed/, 10_000);
    await card().getByRole('button', { name: 'Keep as credit' }).click();
    await card()
      .getByText(/kept as the customer’s credit/)
      .waitFor();

    await openAt();
    await page.keyboard.type('9873415555');
    await page.locator('.customer-line').getByText('owes ₹249.00 on the khata').waitFor();
    await snap(page, 'money-told-03-counter-owes-en');
    await numberBox().fill('');
    await page.keyboard.type('9874500000');
    await page.locator('.customer-line').getByText('the shop holds ₹155.00 of theirs as an advance').waitFor();
    await snap(page, 'money-told-04-counter-advance-en');
    await inLanguage('hi', async () => {
      await page.keyboard.type('9873415555');
      await page.locator('.customer-line').getByText('खाते में ₹249.00 बकाया').waitFor();
      await snap(page, 'money-told-05-counter-owes-hi');
      await numberBox().fill('');
      await page.keyboard.type('9874500000');
      await page.locator('.customer-line').getByText('दुकान के पास इनके ₹155.00 अग्रिम जमा').waitFor();
      await snap(page, 'money-told-06-counter-advance-hi');
    });
    expect(problems).toEqual([]);
  });

  it('the advances the shop holds are listed with who, how much and since when; a row opens the khata', async () => {
    await openAt();
    await page.getByRole('navigation').getByRole('button', { name: 'Customers' }).click();
    await page.getByRole('button', { name: 'Dues (khata)' }).click();
    const list = page.getByRole('region', { name: 'Advances the shop holds' });
    await list.getByText('Customers’ money held: ₹155.00.', { exact: false }).waitFor();
    const row = list.locator('.due-row', { hasText: '98745 00000' });
    expect(await row.textContent()).toMatch(/98745 00000since \d{1,2} \w{3}₹155\.00/);
    await row.scrollIntoViewIfNeeded();
    await snap(page, 'money-told-07-advances-en');
    await row.click();
    await page.locator('.khata-panel').waitFor();
    await inLanguage('hi', async () => {
      await page.getByRole('navigation').getByRole('button', { name: 'ग्राहक' }).click();
      await page.getByRole('button', { name: 'बकाया (खाता)' }).click();
      const hi = page.getByRole('region', { name: 'दुकान के पास ग्राहकों का अग्रिम' });
      await hi.getByText('ग्राहकों का जमा पैसा: ₹155.00।', { exact: false }).waitFor();
      await hi.locator('.due-row', { hasText: '98745 00000' }).scrollIntoViewIfNeeded();
      await snap(page, 'money-told-08-advances-hi');
    });
    expect(problems).toEqual([]);
  });

  it('a khata payment by UPI shows the QR of the amount typed', async () => {
    await openAt();
    await page.getByRole('navigation').getByRole('button', { name: 'Customers' }).click();
    await page.getByRole('button', { name: 'Dues (khata)' }).click();
    await page.locator('.dues-rows .due-row', { hasText: '98734' }).click();
    await page.locator('.khata-panel').waitFor();
    await page.locator('#khata-pay-amount').fill('100');
    expect(await page.locator('.khata-pay .upi-qr').count()).toBe(0);
    await page.locator('.khata-pay').getByRole('button', { name: 'UPI', exact: true }).click();
    await page.locator('.khata-pay .upi-qr svg').waitFor();
    expect(await decodeQr('.khata-pay .upi-qr svg')).toBe(khataUpiUri(UPI, { amount: 10_000, number: '9873415555' }, 'en'));
    await page.locator('.khata-pay').getByText('Scan to pay ₹100.00 to Sharma Mobile').waitFor();
    await snap(page, 'money-told-09-khata-upi-en');
    await page.getByRole('button', { name: 'Take payment' }).click();
    await page.getByText('Payment of ₹100.00 recorded. Owes ₹149.00 now.').waitFor();
    await inLanguage('hi', async () => {
      await page.getByRole('navigation').getByRole('button', { name: 'ग्राहक' }).click();
      await page.getByRole('button', { name: 'बकाया (खाता)' }).click();
      await page.locator('.dues-rows .due-row', { hasText: '98734' }).click();
      await page.locator('#khata-pay-amount').fill('49');
      await page.locator('.khata-pay').getByRole('button', { name: 'UPI से', exact: true }).click();
      await page.locator('.khata-pay .upi-qr svg').waitFor();
      expect(await decodeQr('.khata-pay .upi-qr svg')).toBe(khataUpiUri(UPI, { amount: 4_900, number: '9873415555' }, 'hi'));
      await snap(page, 'money-told-10-khata-upi-hi');
    });
    expect(problems).toEqual([]);
  });
});
