import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { snap } from '../support/chromium';
import { openE2E, type E2ESession } from '../support/e2e-session';
import { openCounter, resultCard } from '../support/counter-keys';
import { istDate } from '../../src/shared/ist-date';
import { axeSerious, latinWords } from '../support/page-audit';

// Issue 30 items 4 and 5: the customer's money follows the recharge, and the day's close adds it up.
// Practice endings: 0000 fails at once, 2222 is pending and then fails, 5555 succeeds. No two
// numbers here are a digit or a swap apart.
let e2e: E2ESession;
let page: Page;
let problems: string[];

beforeAll(async () => {
  e2e = await openE2E('money-close', { demoPendingMs: 1500 });
  await dispatch('settings:update', { upi: { vpa: 'sharma.mobiles@icici', payee: 'Sharma Mobile' } });
});
afterAll(() => e2e?.close());

const dispatch = (channel: string, request: unknown) =>
  (e2e.harness.core.router.dispatch as (c: string, r: unknown) => Promise<{ ok: boolean; data?: unknown; error?: unknown }>)(
    channel,
    request,
  );
const dueOf = async (number: string) => ((await dispatch('khata:get', { number, lines: 0 })).data as { due: number }).due;

async function openAt() {
  await page?.close();
  ({ page, problems } = await openCounter(e2e));
}

/** Number, operator, amount, then the payment key on the confirmation (none: cash), and Enter. */
async function sell(number: string, amount: string, key?: string, typed?: string) {
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
  if (key) await page.keyboard.press(key);
  if (typed) {
    await page.keyboard.type(typed);
    await page.keyboard.press('Enter');
  }
  await page.keyboard.press('Enter');
}

const card = () => page.locator('.result');

describe('money follows the recharge', () => {
  it('a credit recharge that fails after a wait takes its credit off the due by itself', async () => {
    await openAt();
    await sell('9811202222', '99', 'k');
    await resultCard(page, /Recharge is being processed/, 10_000);
    // While it is open the due holds the credit.
    expect(await dueOf('9811202222')).toBe(9_900);
    await resultCard(page, /Recharge failed/, 30_000);
    await card().getByText('₹99.00 on credit came off the customer’s due by itself. Due now: ₹0.00.').waitFor();
    expect(await dueOf('9811202222')).toBe(0);
    // The notice of a late failure says the same, not "give it back".
    await page
      .getByText(/Failed: the recharge of ₹99\.00 for 98112 02222 .*₹99\.00 on credit came off the customer's due by itself\.$/)
      .waitFor();
    // Nothing was paid, so nothing to give back.
    expect(await card().getByRole('button', { name: 'Given back' }).count()).toBe(0);
    await snap(page, 'money-close-01-credit-reversed-en');
    expect(problems).toEqual([]);
  });

  it('a failed cash sale says “give ₹X back”; what the shopkeeper did is recorded and shown in History', async () => {
    await openAt();
    await sell('9822300000', '199');
    await resultCard(page, /Recharge failed/, 10_000);
    await card().getByText('Give ₹199.00 back to the customer').waitFor();
    const tray = page.getByRole('complementary', { name: 'To give back' });
    await tray.getByText('98223 00000').waitFor();
    await snap(page, 'money-close-02-give-back-en');
    await card().getByRole('button', { name: 'Given back' }).click();
    await card()
      .getByText(/₹199\.00 given back at/)
      .waitFor();
    await tray.waitFor({ state: 'detached' });
    await snap(page, 'money-close-03-given-back-en');
    await page.getByRole('navigation').getByRole('button', { name: 'History' }).click();
    await page.getByText('98223 00000').first().click();
    await page
      .locator('.details')
      .getByText(/₹199\.00 given back at/)
      .waitFor();
    await snap(page, 'money-close-04-given-back-history-en');
    expect(problems).toEqual([]);
  });

  it('in Hindi: a failed cash sale kept as credit lowers the due; a failed credit sale comes off it', async () => {
    await dispatch('settings:update', { language: 'hi' });
    try {
      await openAt();
      await sell('9833400000', '155');
      await resultCard(page, /रिचार्ज विफल/, 10_000);
      await card().getByText('ग्राहक को ₹155.00 वापस दें').waitFor();
      await page.getByRole('complementary', { name: 'लौटाना है' }).getByText('98334 00000').waitFor();
      await snap(page, 'money-close-05-give-back-hi');
      // Hindi throughout, and usable by keyboard and screen reader.
      expect(await latinWords(page)).toEqual([]);
      expect(await axeSerious(page)).toEqual([]);
      await card().getByRole('button', { name: 'उधार में जमा रखें' }).click();
      await card()
        .getByText(/₹155\.00 .* पर ग्राहक के उधार खाते में जमा रखा। अब दुकान के पास ग्राहक के ₹155\.00 अग्रिम जमा हैं।/)
        .waitFor();
      expect(await dueOf('9833400000')).toBe(-15_500);
      await snap(page, 'money-close-06-kept-as-credit-hi');
      await sell('9844500000', '49', 'k');
      await resultCard(page, /रिचार्ज विफल/, 10_000);
      await card().getByText('उधार के ₹49.00 ग्राहक की बकाया राशि से अपने-आप घट गए। अब बकाया: ₹0.00।').waitFor();
      expect(await dueOf('9844500000')).toBe(0);
      await snap(page, 'money-close-07-credit-reversed-hi');
      expect(problems).toEqual([]);
    } finally {
      await dispatch('settings:update', { language: 'en' });
    }
  });
});

describe('the customer did not pay (issue 40)', () => {
  const upiTray = () => page.getByRole('complementary', { name: /^(UPI to check|UPI जाँचें)$/ });

  it('a failed UPI sale whose UPI never came: "customer did not pay" gives nothing back and books no advance', async () => {
    await openAt();
    await sell('9855700000', '99', 'u');
    await resultCard(page, /Recharge failed/, 10_000);
    await card().getByText('If the UPI never came, there is nothing to give back', { exact: false }).waitFor();
    await upiTray().getByText('98557 00000').waitFor();
    await snap(page, 'money-close-01b-not-paid-offered-en');
    await card().getByRole('button', { name: 'Customer did not pay' }).click();
    await card()
      .getByText(/The customer did not pay \(₹99\.00 by UPI, said at .*\): nothing to give back\.$/)
      .waitFor();
    await page.getByRole('complementary', { name: 'To give back' }).waitFor({ state: 'detached' });
    // Nothing left to mark received on the card either.
    expect(await card().getByRole('button', { name: 'UPI received' }).count()).toBe(0);
    await upiTray().getByText('98557 00000').waitFor({ state: 'detached' });
    expect(await dueOf('9855700000')).toBe(0);
    // The keys stay on the card: Enter is the next customer at once.
    await page.keyboard.press('Enter');
    await page.locator('#recharge-number:focus').waitFor();
    await page.keyboard.type('9855800000');
    expect(await page.locator('#recharge-number').inputValue()).toContain('98558');
    await snap(page, 'money-close-01c-not-paid-en');
    await page.locator('#recharge-number').fill('');
    // A sale paid in cash is never offered it.
    await sell('9855900000', '49');
    await resultCard(page, /Recharge failed/, 10_000);
    expect(await card().getByRole('button', { name: 'Customer did not pay' }).count()).toBe(0);
    await card().getByRole('button', { name: 'Given back' }).click();
    expect(problems).toEqual([]);
  });

  it('in Hindi, the same at 1024x768', async () => {
    await dispatch('settings:update', { language: 'hi' });
    try {
      await openAt();
      await page.setViewportSize({ width: 1024, height: 768 });
      await sell('9856100000', '79', 'u');
      await resultCard(page, /रिचार्ज विफल/, 10_000);
      await card().getByRole('button', { name: 'ग्राहक ने भुगतान नहीं किया' }).waitFor();
      await snap(page, 'money-close-01d-not-paid-offered-hi');
      expect(await latinWords(page)).toEqual([]);
      expect(await axeSerious(page)).toEqual([]);
      await card().getByRole('button', { name: 'ग्राहक ने भुगतान नहीं किया' }).click();
      await card()
        .getByText(/ग्राहक ने भुगतान नहीं किया \(₹79\.00 UPI से, .* पर दर्ज\): लौटाने को कुछ नहीं।$/)
        .waitFor();
      await snap(page, 'money-close-01e-not-paid-hi');
      expect(await dueOf('9856100000')).toBe(0);
      expect(problems).toEqual([]);
    } finally {
      await dispatch('settings:update', { language: 'en' });
    }
  });
});

describe("the day's close", () => {
  it('adds up the day as counted by hand: cash, UPI, split, credit, payments, money given back and kept', async () => {
    await openAt();
    await sell('9855615555', '249');
    await resultCard(page, /Recharge successful/, 10_000);
    await sell('9866725555', '299', 'u');
    await resultCard(page, /Recharge successful/, 10_000);
    await card().getByRole('button', { name: 'UPI received' }).click();
    await card()
      .getByText(/UPI ₹299(\.00)? received at/)
      .waitFor();
    await sell('9877835555', '179', 's', '100');
    await resultCard(page, /Recharge successful/, 10_000);
    await card().getByRole('button', { name: 'UPI received' }).click();
    await card()
      .getByText(/UPI ₹79(\.00)? received at/)
      .waitFor();
    await sell('9888945555', '199', 'k');
    await resultCard(page, /Recharge successful/, 10_000);
    expect((await dispatch('khata:pay', { number: '9888945555', rupees: 120, method: 'cash' })).ok).toBe(true);
    expect((await dispatch('khata:pay', { number: '9888945555', rupees: 30, method: 'upi' })).ok).toBe(true);
    // A UPI sale whose money has come (it is in the UPI app) but is not yet marked received.
    await sell('9811335555', '99', 'u');
    await resultCard(page, /Recharge successful/, 10_000);

    // By hand, the whole file's day:
    //   cash taken: 199 + 49 (failed, given back) + 155 (failed, kept as credit) + 249 + 100 (split) = 752
    //   cash expected: 752 + 120 paid towards a due − 248 given back = 624
    //   UPI: 299 + 79 (split) received, + 30 paid towards a due = 408; the two failed UPI sales the
    //   customers did not pay (99, 79) move nothing (given back, they took 178 off the UPI expected)
    //   credit: given 99 + 49 + 199 = 347; off after failures 99 + 49 = 148; paid 150; kept 155
    const date = istDate(Date.now());
    const day = (await dispatch('dayclose:get', { date })).data as { money: unknown; expected: number };
    expect(day.money).toEqual({
      cash: { sales: 75_200, payments: 12_000, givenBack: 24_800, expected: 62_400 },
      upi: { received: 37_800, payments: 3_000, givenBack: 0, expected: 40_800 },
      credit: { given: 34_700, reversed: 14_800, collected: 15_000, kept: 15_500 },
    });

    await page.getByRole('navigation').getByRole('button', { name: 'Reports' }).click();
    const panel = page.getByRole('region', { name: /Close the day/ });
    const line = (name: string) => panel.getByRole('row', { name: new RegExp(`^[+−]? ?${name}`) });
    await expect.poll(() => line('Cash taken for recharges').textContent()).toContain('₹752.00');
    expect(await line('Cash paid towards dues').textContent()).toContain('₹120.00');
    expect(await line('Cash given back').textContent()).toContain('₹248.00');
    expect(await line('Cash expected').textContent()).toContain('₹624.00');
    expect(await line('UPI expected').textContent()).toContain('₹408.00');
    expect(await line('Credit given').textContent()).toContain('₹347.00');
    expect(await line('Credit taken off after failed recharges').textContent()).toContain('₹148.00');
    expect(await line('Kept as credit after failed recharges').textContent()).toContain('₹155.00');
    // The unmarked UPI sale is named on the close, with its list.
    const waiting = panel.getByText('1 UPI sale not marked received: ₹99.00. Look for it in the UPI app.');
    await waiting.waitFor();
    await panel.getByLabel('Cash counted (₹)').fill('624');
    await panel.getByText('Matches').waitFor();
    // Bad input is named and sends nothing: below nothing, not a number, more than two decimals.
    const upiField = panel.getByLabel('UPI in the UPI app today (₹)');
    const bad = 'Type the amount in rupees, like 1250 or 1250.50: not below ₹0, at most two digits after the point.';
    for (const typed of ['-5', 'five hundred', '511.505']) {
      await upiField.fill(typed);
      await panel.getByRole('alert').filter({ hasText: bad }).waitFor();
      expect(await panel.getByRole('button', { name: 'Close the day' }).isDisabled()).toBe(true);
      await upiField.press('Enter');
    }
    await snap(page, 'money-close-08a-bad-upi-en');
    expect(((await dispatch('dayclose:get', { date })).data as { closes: unknown[] }).closes).toEqual([]);
    // The UPI app lists ₹511.50: by hand, 408 expected + 99 not marked = 507, so ₹4.50 is still unexplained.
    await upiField.fill('511.50');
    await panel.getByText('₹103.50 more in the UPI app than the counter knows: a UPI payment not marked received?').waitFor();
    await panel.getByRole('button', { name: 'Show the list' }).click();
    await panel.getByRole('button', { name: 'UPI received 98113 35555' }).click();
    await waiting.waitFor({ state: 'detached' });
    await expect.poll(() => line('UPI expected').textContent()).toContain('₹507.00');
    await panel.getByText('₹4.50 more in the UPI app than the counter knows: a UPI payment not marked received?').waitFor();
    await panel.scrollIntoViewIfNeeded();
    await snap(page, 'money-close-08-close-en');
    await panel.getByRole('button', { name: 'Close the day' }).click();
    const closings = panel.getByRole('table', { name: 'Closings of this day' });
    await closings.getByText('Matches').waitFor();
    await closings.getByText('₹4.50 more in the UPI app than the counter knows: a UPI payment not marked received?').waitFor();
    const recorded = ((await dispatch('dayclose:get', { date })).data as { closes: { upiCounted: number; upiDifference: number }[] })
      .closes;
    expect(recorded.map((c) => [c.upiCounted, c.upiDifference])).toEqual([[51_150, 51_150 - (40_800 + 9_900)]]);
    await closings.scrollIntoViewIfNeeded();
    await snap(page, 'money-close-08b-closed-en');
    expect(problems).toEqual([]);

    await dispatch('settings:update', { language: 'hi' });
    try {
      await openAt();
      await page.getByRole('navigation').getByRole('button', { name: 'रिपोर्ट' }).click();
      const hi = page.getByRole('region', { name: /दिन बंद करें/ });
      await expect.poll(() => hi.getByRole('row', { name: /^रिचार्ज का लिया नकद/ }).textContent()).toContain('₹752.00');
      expect(await hi.getByRole('row', { name: /^अपेक्षित UPI/ }).textContent()).toContain('₹507.00');
      // A recount: the UPI app rechecked lists ₹505; by hand 505 − 507 = ₹2 less.
      await hi.getByLabel('गिना हुआ नकद (₹)').fill('624');
      const upiHi = hi.getByLabel('आज UPI ऐप में मिला UPI (₹)');
      await upiHi.fill('5o5');
      await hi.getByRole('alert').filter({ hasText: 'राशि रुपयों में लिखें' }).waitFor();
      await upiHi.fill('505');
      const less = 'UPI ऐप में काउंटर के हिसाब से ₹2.00 कम: कोई UPI बिक्री मिली हुई चिह्नित हुई, पर पैसा नहीं आया?';
      await hi.getByText(less).waitFor();
      await hi.getByRole('button', { name: 'दोबारा गिनती दर्ज करें' }).click();
      await hi.getByRole('table', { name: 'इस दिन की बंदी' }).getByText(less).waitFor();
      const both = ((await dispatch('dayclose:get', { date })).data as { closes: { revision: number; upiDifference: number }[] }).closes;
      expect(both.map((c) => [c.revision, c.upiDifference])).toEqual([
        [1, 450],
        [2, 50_500 - 50_700],
      ]);
      await hi.getByRole('table', { name: 'इस दिन की बंदी' }).scrollIntoViewIfNeeded();
      await snap(page, 'money-close-09-close-hi');
      expect(await latinWords(page)).toEqual([]);
      expect(await axeSerious(page)).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await dispatch('settings:update', { language: 'en' });
    }
  });
});
