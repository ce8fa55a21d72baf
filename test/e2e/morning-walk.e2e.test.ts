import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { snap } from '../support/chromium';
import { openE2E, type E2ESession } from '../support/e2e-session';
import { openCounter, resultCard } from '../support/counter-keys';
import { recordingClipboard } from '../../src/main/core/clipboard';

// Issue 40: "walk a whole morning again by keyboard before calling it done: the next customer at
// once after each of the cases above". One window through the whole morning, as the counter keeps
// it between customers (trays, notices, focus), in each language at 1024×768. Practice endings:
// 5555 succeeds, 0000 fails at once, 2222 is pending and then fails.
let e2e: E2ESession;
const clipboard = recordingClipboard();

beforeAll(async () => {
  e2e = await openE2E('morning-walk', { demoPendingMs: 1500, clipboard });
  await e2e.harness.core.router.dispatch('settings:update', { upi: { vpa: 'sharma.mobiles@icici', payee: 'Sharma Mobile' } });
  // The regular's earlier recharges are seeded a moment before: the 3-minute repeat guard (its own
  // e2e) would rightly stop the walk's ₹239 as a repeat.
  await e2e.harness.core.router.dispatch('settings:update', { recharge: { duplicateWindowMinutes: 0 } });
});
afterAll(() => e2e?.close());

const WORDS = {
  en: {
    success: /Recharge successful/,
    failed: /Recharge failed/,
    notPaid: 'Customer did not pay',
    givenBack: 'Given back',
    received: 'UPI received',
    history: 'History',
    neverPaid: 'never paid',
    share: 'Share the day’s summary',
    copied: 'Copied. Paste it anywhere.',
  },
  hi: {
    success: /रिचार्ज सफल/,
    failed: /रिचार्ज विफल/,
    notPaid: 'ग्राहक ने भुगतान नहीं किया',
    givenBack: 'लौटा दिया',
    received: 'UPI मिल गया',
    history: 'इतिहास',
    neverPaid: 'भुगतान कभी नहीं आया',
    share: 'दिन का हिसाब भेजें',
    copied: 'कॉपी हो गया। कहीं भी चिपकाएँ।',
  },
} as const;

const MORNINGS = [
  {
    language: 'en',
    regular: '9812345555',
    dth: '01234565555',
    dthKey: '2',
    upiFails: '9823450000',
    lateFail: '9834502222',
    upi: '9845605555',
  },
  {
    language: 'hi',
    regular: '9856705555',
    dth: '911234565555',
    dthKey: '5',
    upiFails: '9867800000',
    lateFail: '9878902222',
    upi: '9889015555',
  },
] as const;

const numberBox = (page: Page) => page.locator('#recharge-number');

/** The next customer at once: their first digits land in the number box, whatever was on screen. */
async function nextCustomerAtOnce(page: Page, number: string) {
  await page.keyboard.type(number);
  await expect.poll(() => numberBox(page).inputValue()).toBe(number);
}

/** With the number typed: Enter, the operator's key, the amount, Enter, the payment key if any, and Enter to send. */
async function send(page: Page, operatorKey: string, amount: string, payKey?: string) {
  await page.keyboard.press('Enter');
  await page.keyboard.press(operatorKey);
  await page.keyboard.type(amount);
  await page.keyboard.press('Enter');
  await page.getByRole('dialog').waitFor();
  if (payKey) await page.keyboard.press(payKey);
  await page.keyboard.press('Enter');
}

describe.each(MORNINGS)('a morning at the counter by keyboard ($language, 1024×768)', (m) => {
  it('every case of the issue, each followed at once by the next customer', async () => {
    const w = WORDS[m.language];
    await e2e.harness.core.router.dispatch('settings:update', { language: m.language });
    const { page, problems } = await openCounter(e2e);
    const card = () => page.locator('.result');
    const bar = () => page.locator('.notice-bar');

    // A regular who takes ₹239 (their earlier days, seeded): the amount is already theirs.
    for (let i = 0; i < 3; i += 1)
      await e2e.harness.core.router.dispatch('recharge:submit', {
        number: m.regular,
        operator: 'JIO',
        amount: 239,
        confirmDuplicate: true,
      });
    await numberBox(page).focus();
    await nextCustomerAtOnce(page, m.regular);
    await expect.poll(() => page.locator('#recharge-amount').inputValue()).toBe('239');
    await page.keyboard.press('Enter');
    // A stray key: ₹1,239 is named, and Enter on the confirmation does not send.
    await page.keyboard.type('1239');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').locator('.unusual-amount').waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.locator('#recharge-amount').fill('239');
    await page.locator('#recharge-amount').press('Enter');
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Enter');
    await resultCard(page, w.success, 10_000);
    await page.keyboard.press('Enter');

    // A DTH subscriber ID typed on the Mobile tab goes whole (Dish TV's 11 digits; Videocon d2h's 12).
    await nextCustomerAtOnce(page, m.dth);
    await page.keyboard.press('Enter');
    await page.keyboard.press(m.dthKey);
    await page.keyboard.type('300');
    await page.keyboard.press('Enter');
    expect((await page.getByRole('dialog').locator('.confirm-number').textContent())?.replace(/\s/g, '')).toBe(m.dth);
    await page.keyboard.press('Enter');
    await resultCard(page, w.success, 10_000);
    await page.keyboard.press('Enter');

    // A UPI sale that fails, whose UPI never came: the customer did not pay.
    await nextCustomerAtOnce(page, m.upiFails);
    await send(page, '1', '199', 'u');
    await resultCard(page, w.failed, 10_000);
    // A failed sale asks for no payment.
    expect(await card().locator('.upi-qr, svg[role="img"]').count()).toBe(0);
    await card().getByRole('button', { name: w.notPaid }).click();
    await card().getByRole('button', { name: w.notPaid }).waitFor({ state: 'detached' });
    // Its payment line no longer reads as paid.
    expect(await card().locator('.paid-by').textContent()).toContain(w.neverPaid);
    await snap(page, `morning-walk-${m.language}-01-not-paid`);
    await page.keyboard.press('Escape');

    // Cash, pending, then failed: its notice goes once the money is given back.
    await nextCustomerAtOnce(page, m.lateFail);
    await send(page, '1', '149');
    await resultCard(page, w.failed, 30_000);
    const told = bar()
      .locator('.notice')
      .filter({ hasText: `${m.lateFail.slice(0, 5)} ${m.lateFail.slice(5)}` });
    await told.waitFor();
    await card().getByRole('button', { name: w.givenBack }).click();
    await told.waitFor({ state: 'detached', timeout: 5000 });
    await page.keyboard.press('Escape');

    // UPI that came: marked on the card, and the keys stay on the counter.
    await nextCustomerAtOnce(page, m.upi);
    await send(page, '1', '249', 'u');
    await resultCard(page, w.success, 10_000);
    await card().getByRole('button', { name: w.received }).click();
    await card().getByRole('button', { name: w.received }).waitFor({ state: 'detached' });
    await nextCustomerAtOnce(page, '98');
    await page.keyboard.press('Escape');

    // To History and back by keys; the counter takes the next digits at once.
    await page.keyboard.press('Alt+2');
    await page.getByRole('navigation').getByRole('button', { name: w.history }).and(page.locator('[aria-current="page"]')).waitFor();
    await page
      .locator('main')
      .getByText(`${m.upi.slice(0, 5)} ${m.upi.slice(5)}`)
      .first()
      .waitFor();
    await page.keyboard.press('Alt+1');
    await nextCustomerAtOnce(page, '97');
    await page.keyboard.press('Escape');

    // The day's summary from Reports (Alt+5): copied, closed with Escape, back to the counter by Alt+1.
    await page.keyboard.press('Alt+5');
    await page.getByRole('button', { name: w.share }).click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').getByText(w.copied).waitFor();
    const copied = clipboard.copies.at(-1) ?? '';
    expect(copied).toContain(m.language === 'en' ? 'Went through: ' : 'सफल: ');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.keyboard.press('Alt+1');
    await nextCustomerAtOnce(page, '96');
    await page.keyboard.press('Escape');

    // Nothing the shopkeeper dealt with is still asking to be dealt with.
    const left = await bar().locator('.notice').allTextContents();
    expect(
      left.filter((t) => t.includes(m.lateFail.slice(5)) || t.includes(m.upiFails.slice(5))),
      left.join('\n'),
    ).toEqual([]);
    await snap(page, `morning-walk-${m.language}-02-end`);
    expect(problems).toEqual([]);
    await page.close();
  }, 180_000);
});
