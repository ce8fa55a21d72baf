import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Harness } from '../../src/harness/start-harness';
import { snap } from '../support/chromium';
import { openE2E, type E2ESession } from '../support/e2e-session';
import { openCounter, resultCard } from '../support/counter-keys';

// Issue 40, "wrong recharge sent": a DTH ID typed on the Mobile tab is sent whole, and a stray key
// on a regular's amount is named before it is sent; each time the next customer follows at once.
let e2e: E2ESession;
let harness: Harness;

beforeAll(async () => {
  e2e = await openE2E('whole-numbers');
  harness = e2e.harness;
});

afterAll(() => e2e?.close());

const dispatch = (channel: string, payload: unknown) => harness.core.router.dispatch(channel, payload);
const sentTo = (number: string) =>
  harness
    .demoSandbox()!
    .admin.transactions({ limit: 1000 })
    .items.filter((t) => t.number === number);
const inLedger = async (number: string) =>
  ((await dispatch('txn:lastForNumber', { number })) as { ok: true; data: { txn: { number: string; operator: string } | null } }).data.txn;
const numberBox = (page: Page) => page.locator('#recharge-number');
const focusedId = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { document: { activeElement: { id: string } } }).document.activeElement.id);

/** The next customer at once: their digits land in an empty number box on the Mobile tab. */
async function nextCustomerAtOnce(page: Page, digits: string, shown = digits) {
  await page.keyboard.type(digits);
  await expect.poll(() => numberBox(page).inputValue()).toBe(shown);
  expect(await page.locator('[role="tab"][aria-selected="true"]').first().textContent()).toMatch(/Mobile|मोबाइल/);
}

const LANGUAGES = [
  // English: a Dish TV ID with its leading 0 (the 2nd DTH operator); Hindi: a 12-digit Videocon d2h ID starting 91 (the 5th).
  { language: 'en', id: '01234565555', operatorKey: '2', operator: 'DISHTV', regular: '9876575555', next: '98765' },
  { language: 'hi', id: '911234565555', operatorKey: '5', operator: 'VDDTH', regular: '9876585555', next: '98766' },
] as const;

describe.each(LANGUAGES)('numbers and amounts as typed ($language, 1024×768)', ({ language, id, operatorKey, operator, regular, next }) => {
  it(`${id} typed on the Mobile tab goes whole to ${operator}, then the next customer`, async () => {
    await dispatch('settings:update', { language });
    const { page, problems } = await openCounter(e2e);
    await page.keyboard.type(id);
    expect(await numberBox(page).inputValue()).toBe(id);
    await page.keyboard.press('Enter');
    await page.keyboard.press(operatorKey);
    await page.keyboard.type('300');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.locator('.confirm-number').getAttribute('aria-label')).toBe(id);
    expect((await dialog.locator('.confirm-number').textContent())?.replace(/\s/g, '')).toBe(id);
    await snap(page, `whole-numbers-${language}-01-dth-id-confirm`);
    await page.keyboard.press('Enter');
    await resultCard(page, /Recharge successful|रिचार्ज सफल/, 10_000);
    expect(sentTo(id).map((t) => t.operator)).toEqual([operator]);
    expect(await inLedger(id)).toMatchObject({ number: id, operator });
    await snap(page, `whole-numbers-${language}-02-dth-id-sent`);
    await page.keyboard.press('Enter');
    // The next customer gives their mobile with its trunk 0: the 0 left out is said beside it.
    await nextCustomerAtOnce(page, `0${next}43210`, `${next}43210`);
    await page.locator('.prefix-dropped').waitFor();
    await snap(page, `whole-numbers-${language}-02b-next-customer-mobile`);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('a stray key on a ₹239 regular is named, Enter does not send, then the next customer', async () => {
    await dispatch('settings:update', { language });
    for (let i = 0; i < 3; i += 1) {
      const r = await dispatch('recharge:submit', { number: regular, operator: 'JIO', amount: 239, confirmDuplicate: true });
      expect(r.ok).toBe(true);
    }
    await expect.poll(() => sentTo(regular).filter((t) => t.status === 'Success').length).toBe(3);
    const { page, problems } = await openCounter(e2e);
    await page.keyboard.type(regular);
    // The regular's operator and usual amount come on their own; Enter goes to the amount.
    await expect.poll(() => page.locator('#recharge-amount').inputValue()).toBe('239');
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedId(page)).toBe('recharge-amount');
    await page.keyboard.type('1239');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const warning = dialog.locator('.unusual-amount');
    expect(await warning.textContent()).toContain(
      language === 'en' ? '₹1,239 is about 5 times this customer’s usual ₹239.' : '₹1,239 इस ग्राहक की सामान्य राशि ₹239 का लगभग 5 गुना है।',
    );
    await snap(page, `whole-numbers-${language}-03-unusual-amount`);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    expect(sentTo(regular)).toHaveLength(3);
    // Not sent: the form is back with the amount to put right; Esc and the next customer.
    expect(await page.locator('#recharge-amount').inputValue()).toBe('1239');
    await page.keyboard.press('Escape');
    await nextCustomerAtOnce(page, next);
    await snap(page, `whole-numbers-${language}-04-next-customer`);
    expect(sentTo(regular)).toHaveLength(3);
    expect(problems).toEqual([]);
    await page.close();
  });
});
