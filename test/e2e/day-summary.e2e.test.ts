import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Harness } from '../../src/harness/start-harness';
import { recordingClipboard } from '../../src/main/core/clipboard';
import { isAllowedExternalUrl } from '../../src/main/core/security/external-links';
import { openE2E, type E2ESession } from '../support/e2e-session';

// Issue 40: "no day summary to share". The day as a short text, in the screen's language, from what
// the Reports screen shows: copied through main's clipboard or handed to WhatsApp. Practice
// endings: 5555 succeeds, 0000 fails at once.
let e2e: E2ESession;
let harness: Harness;
const clipboard = recordingClipboard();
const dispatch = (...args: Parameters<Harness['core']['router']['dispatch']>) => harness.core.router.dispatch(...args);

beforeAll(async () => {
  e2e = await openE2E('day-summary', { clipboard });
  harness = e2e.harness;
  await dispatch('settings:update', { shop: { name: 'Sharma Mobile' }, upi: { vpa: 'sharma.mobiles@icici', payee: 'Sharma Mobile' } });
  await dispatch('recharge:submit', { number: '9811105555', operator: 'JIO', amount: 199, payment: { method: 'cash' } });
  const upi = await dispatch('recharge:submit', { number: '9822205555', operator: 'AT', amount: 299, payment: { method: 'upi' } });
  if (!upi.ok) throw new Error(JSON.stringify(upi.error));
  await dispatch('sale:markReceived', { refId: (upi.data as { txn: { refId: string } }).txn.refId });
  await dispatch('recharge:submit', { number: '9833305555', operator: 'VI', amount: 149, payment: { method: 'credit' } });
  await dispatch('khata:pay', { number: '9833305555', rupees: 100, method: 'cash' });
  const failed = await dispatch('recharge:submit', { number: '9844400000', operator: 'JIO', amount: 99, payment: { method: 'cash' } });
  if (!failed.ok) throw new Error(JSON.stringify(failed.error));
  await dispatch('sale:settle', { refId: (failed.data as { txn: { refId: string } }).txn.refId, choice: 'given_back' });
});
afterAll(() => e2e?.close());

async function reports(lang: 'en' | 'hi') {
  await dispatch('settings:update', { language: lang });
  const opened = await e2e.open({ width: 1024, height: 768 });
  await opened.page
    .getByRole('navigation')
    .getByRole('button', { name: lang === 'en' ? 'Reports' : 'रिपोर्ट', exact: true })
    .click();
  await opened.page.locator('.report-totals').waitFor();
  return opened;
}

const focusedText = (page: Page) =>
  page.evaluate(
    () =>
      (globalThis as unknown as { document: { activeElement: { textContent: string | null } | null } }).document.activeElement
        ?.textContent ?? '',
  );
const summaryText = (page: Page) => page.getByRole('dialog').getByRole('textbox').inputValue();

/** Tab from the report's last date box to the share button: it is in the keyboard's path. */
async function tabToShare(page: Page, name: string) {
  await page.locator('.history-filters input').last().focus();
  for (let i = 0; i < 12 && (await focusedText(page)) !== name; i++) await page.keyboard.press('Tab');
  expect(await focusedText(page)).toBe(name);
}

describe("the day's summary to share", () => {
  it('shows the day as it will be sent, copies it, hands it to WhatsApp, and Escape returns to the button', async () => {
    const { page, problems } = await reports('en');
    const amountOf = async (kind: string) => (await page.locator(`.total-${kind} .report-amount`).textContent()) ?? '';
    expect(await amountOf('success')).toBe('₹647.00');
    const commission = await amountOf('margin');
    expect(commission).toMatch(/^₹\d+\.\d\d$/);

    await tabToShare(page, 'Share the day’s summary');
    await page.screenshot({ path: '/tmp/i40-reports-share-en.png' });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: /^Day summary: / });
    await dialog.waitFor();
    expect(await focusedText(page)).toBe('Copy');
    const text = await summaryText(page);
    expect(text.split('\n')).toEqual([
      expect.stringMatching(/^Day summary: Sharma Mobile, \d{1,2} [A-Z][a-z]{2} 20\d\d$/),
      'Went through: 3 recharges, ₹647.00',
      'Failed: 1 recharge',
      'How customers paid (went through):',
      '• Cash: 1 recharge, ₹199.00',
      '• Credit (khata): 1 recharge, ₹149.00',
      '• UPI: 1 recharge, ₹299.00',
      'Khata collected: ₹100.00',
      'Money given back: ₹99.00',
      `Commission earned: ${commission}`,
      expect.stringMatching(/^Wallet: ₹[\d,]+\.\d\d \(at \d{1,2}:\d\d [ap]m\)$/),
      'Cash: not counted yet.',
    ]);
    await page.screenshot({ path: '/tmp/i40-day-summary-en.png' });

    await page.keyboard.press('Enter');
    await dialog.getByRole('status').getByText('Copied. Paste it anywhere.').waitFor();
    expect(clipboard.copies.at(-1)).toBe(text);
    // No customer to send to: WhatsApp's share link asks whom, and the app lets it out.
    const href = (await dialog.getByRole('link', { name: 'Send on WhatsApp' }).getAttribute('href')) ?? '';
    expect(href).toBe(`https://wa.me/?text=${encodeURIComponent(text)}`);
    expect(isAllowedExternalUrl(href)).toBe(true);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await focusedText(page)).toBe('Share the day’s summary');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('says nothing of money to staff before the count, then tells the count once it is made', async () => {
    await dispatch('lock:setPin', { pin: '2468' });
    await dispatch('lock:lock', {});
    const { page, problems } = await e2e.open({ width: 1024, height: 768 });
    await page.getByRole('navigation').getByRole('button', { name: 'Reports', exact: true }).click();
    // Staff get no report of an uncounted day: the blind count in its place, no button, no amount.
    await page.getByText(/The cash expected is shown once your count is recorded/).waitFor();
    expect(await page.locator('.report-totals').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Share the day’s summary' }).count()).toBe(0);
    expect(await page.getByText('₹647.00').count()).toBe(0);
    // Counted by staff (blind), the day opens and the summary tells the count against expected.
    const panel = page.locator('.close-day');
    // Expected cash: 199 + 99 taken for the day's cash sales, 100 paid to the khata, 99 given back.
    await panel.getByLabel(/^Cash counted/).fill('298');
    await panel.getByLabel(/^UPI in the UPI app today/).fill('299');
    await panel.getByRole('button', { name: 'Close the day' }).click();
    await page.getByRole('button', { name: 'Share the day’s summary' }).click();
    await page.screenshot({ path: '/tmp/i40-day-summary-staff-counted-en.png' });
    const text = await summaryText(page);
    expect(text).toContain('Went through: 3 recharges, ₹647.00');
    expect(text).toContain('Cash counted ₹298.00, expected ₹299.00: ₹1.00 short');
    expect(text).toContain('UPI app ₹299.00, expected ₹299.00: matches');
    expect(text).not.toContain('not counted');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('speaks Hindi on a Hindi screen, at 1024×768', async () => {
    const { page, problems } = await reports('hi');
    await tabToShare(page, 'दिन का हिसाब भेजें');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: /^दिन का हिसाब: / });
    await dialog.waitFor();
    expect(await focusedText(page)).toBe('कॉपी करें');
    const lines = (await summaryText(page)).split('\n');
    expect(lines).toContain('सफल: 3 रिचार्ज, ₹647.00');
    expect(lines).toContain('विफल: 1 रिचार्ज');
    expect(lines).toContain('• उधार (खाता): 1 रिचार्ज, ₹149.00');
    expect(lines).toContain('खाते में जमा हुआ: ₹100.00');
    expect(lines).toContain('गिना हुआ नकद ₹298.00, अपेक्षित ₹299.00: ₹1.00 कम');
    await page.screenshot({ path: '/tmp/i40-day-summary-hi.png' });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await focusedText(page)).toBe('दिन का हिसाब भेजें');
    expect(problems).toEqual([]);
    await page.close();
    await dispatch('settings:update', { language: 'en' });
  });
});
