import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Harness } from '../../src/harness/start-harness';
import { openE2E, type E2ESession } from '../support/e2e-session';

// Issue 38 item 4: the owner sees the shop's texts as the customer will read them, and a shop name
// that would mislead the customer (a line break, a hidden character, a link) is refused in words.
let e2e: E2ESession;
let harness: Harness;
const dispatch = (...args: Parameters<Harness['core']['router']['dispatch']>) => harness.core.router.dispatch(...args);

beforeAll(async () => {
  e2e = await openE2E('shop-texts');
  harness = e2e.harness;
  await dispatch('settings:update', { upi: { vpa: 'sharma.mobiles@icici', payee: 'Sharma Mobile' } });
});
afterAll(() => e2e?.close());

async function settingsAt1024(nav: string): Promise<{ page: Page; problems: string[] }> {
  const opened = await e2e.open({ width: 1024, height: 768 });
  await opened.page.getByRole('navigation').getByRole('button', { name: nav, exact: true }).click();
  return opened;
}

describe('the shop name as the customer will read it', () => {
  it('previews the WhatsApp reminder and the UPI payee line, and refuses a link as it is typed', async () => {
    const { page, problems } = await settingsAt1024('Settings');
    const name = page.getByLabel('Shop name', { exact: true });
    await name.fill('Sharma Mobile Point');
    await name.blur();
    const reminder = page.getByTestId('reminder-preview');
    await expect.poll(() => reminder.textContent()).toContain('Your due in the khata at Sharma Mobile Point is ₹500.00');
    expect(await page.getByTestId('upi-preview').textContent()).toBe('Paying Sharma Mobile (sharma.mobiles@icici)');

    await name.fill('Sharma www.pay-sharma.in');
    await page.getByRole('alert').filter({ hasText: 'looks like a web link' }).waitFor();
    await page.keyboard.press('Tab');
    // Nothing saved: the preview still reads the name the owner saved before.
    expect(await reminder.textContent()).toContain('at Sharma Mobile Point is');
    expect(await dispatch('settings:get', {})).toMatchObject({ ok: true, data: { shop: { name: 'Sharma Mobile Point' } } });
    await page.locator('.customer-preview').scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/i38-shop-texts-en.png' });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('says the same in Hindi', async () => {
    await dispatch('settings:update', { language: 'hi' });
    const { page, problems } = await settingsAt1024('सेटिंग्स');
    await page.getByText('ग्राहक इसे ऐसे पढ़ेगा').waitFor();
    await expect.poll(() => page.getByTestId('reminder-preview').textContent()).toContain('Sharma Mobile Point के खाते में आपका बकाया ₹500.00');
    expect(await page.getByTestId('upi-preview').textContent()).toBe('Sharma Mobile (sharma.mobiles@icici) को भुगतान');
    await page.getByLabel('दुकान का नाम', { exact: true }).fill('Sharma\u202Eelibom');
    await page.getByRole('alert').filter({ hasText: 'छिपा हुआ अक्षर' }).waitFor();
    await page.locator('.customer-preview').scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/i38-shop-texts-hi.png' });
    expect(problems).toEqual([]);
    await page.close();
    await dispatch('settings:update', { language: 'en' });
  });
});
