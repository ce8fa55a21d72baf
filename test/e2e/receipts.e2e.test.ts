import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Harness } from '../../src/harness/start-harness';
import { isAllowedExternalUrl } from '../../src/main/core/security/external-links';
import { snap } from '../support/chromium';
import { openE2E, type E2ESession } from '../support/e2e-session';
import { rechargeByKeyboard, resultCard } from '../support/counter-keys';
import { formatDate } from '../../src/shared/format';

let e2e: E2ESession;
let harness: Harness;
let page: Page;
let problems: string[];

beforeAll(async () => {
  e2e = await openE2E('receipts');
  harness = e2e.harness;
  await harness.core.router.dispatch('settings:update', {
    shop: {
      name: 'Sharma Mobile Point & General Store',
      address: 'Shop 4, Station Road, Sitabuldi, Nagpur 440012',
      gstin: '27ABCDE1234F1Z5',
    },
  });
  ({ page, problems } = await e2e.open());
});

afterAll(() => e2e?.close());

const dialog = () => page.getByRole('dialog', { name: 'Receipt for the customer' });
const sheet = () => dialog().locator('.receipt-sheet');

/** Every element of the receipt fits its box: nothing runs off the paper or is cut. */
async function cutOff(receipt: Locator): Promise<string[]> {
  return receipt.evaluate((root) =>
    [root, ...root.querySelectorAll('*')]
      .filter((el) => el.scrollWidth > el.clientWidth + 0.5 && el.clientWidth > 0)
      .map((el) => `${el.tagName}.${el.className}: ${el.textContent}`),
  );
}

async function widthMm(receipt: Locator): Promise<number> {
  return receipt.evaluate((el) => Math.round((el.getBoundingClientRect().width * 25.4) / 96));
}

describe('receipts in Chromium', () => {
  it('from the result card: shop, number, operator, amount, status and references, at 80 mm', async () => {
    await page.getByLabel('Mobile number').focus();
    await rechargeByKeyboard(page, { number: '9876515555', amount: '199' });
    await resultCard(page, /Recharge successful/);
    await page.getByRole('button', { name: 'Receipt' }).click();
    await sheet().waitFor();
    const text = await sheet().textContent();
    for (const part of ['Sharma Mobile Point', 'GSTIN: 27ABCDE1234F1Z5', '98765 15555', 'Jio', '₹199.00', 'Successful']) {
      expect(text).toContain(part);
    }
    // The date as the screens say it (issue 40), never the books' YYYY-MM-DD.
    expect(text).toContain(formatDate(Date.now(), 'en'));
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(await dialog().getByRole('button', { name: '80 mm roll' }).getAttribute('aria-pressed')).toBe('true');
    expect(await widthMm(sheet())).toBe(80);
    expect(await cutOff(sheet())).toEqual([]);
    await snap(page, 'receipt-01-80mm');
  });

  it('fits 58 mm with nothing cut off, and as a PDF', async () => {
    await dialog().getByRole('button', { name: '58 mm roll' }).click();
    expect(await widthMm(sheet())).toBe(58);
    expect(await cutOff(sheet())).toEqual([]);
    await snap(page, 'receipt-02-58mm');
    // The printed copy is the same sheet, alone on the page when printing.
    const heightMm = await sheet().evaluate((el) => {
      return Math.ceil((el.getBoundingClientRect().height * 25.4) / 96) + 8;
    });
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.shell').isVisible()).toBe(false);
    expect(await cutOff(page.locator('.receipt-print .receipt-sheet'))).toEqual([]);
    // page.pdf prints with print media unless screen is emulated: back to the default first.
    await page.emulateMedia({ media: null });
    const pdf = await page.pdf({ width: '58mm', height: `${heightMm}mm`, margin: { top: 0, bottom: 0, left: 0, right: 0 } });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(2000);
    writeFileSync(join(dirname(await snap(page, 'receipt-02b-58mm-while-printing')), 'receipt-58mm.pdf'), pdf);
    // One page: the receipt only, not the app behind it.
    expect(pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
  });

  it('in Hindi, and with the number masked when the shop asks', async () => {
    await dialog().getByRole('button', { name: 'Close' }).click();
    await harness.core.router.dispatch('settings:update', { shop: { maskNumber: true } });
    await page.getByRole('navigation', { name: 'Main sections' }).getByRole('button', { name: 'History' }).click();
    await page.getByRole('list', { name: 'Transactions, newest first' }).getByRole('listitem').first().click();
    await page.getByRole('complementary').getByRole('button', { name: 'Receipt' }).click();
    await dialog().getByRole('button', { name: 'हिन्दी' }).click();
    await sheet().getByText('रिचार्ज रसीद').waitFor();
    const text = await sheet().textContent();
    expect(text).toContain('••••••5555');
    expect(text).not.toContain('98765');
    expect(text).toContain('सफल');
    await dialog().getByRole('button', { name: '58 mm roll' }).click();
    expect(await cutOff(sheet())).toEqual([]);
    await snap(page, 'receipt-03-hindi-58mm-masked');
  });

  it('shares on WhatsApp through an allowed wa.me link with the receipt text', async () => {
    const href = await dialog().getByRole('link', { name: 'Share on WhatsApp' }).getAttribute('href');
    expect(href).toMatch(/^https:\/\/wa\.me\/\?text=/);
    expect(isAllowedExternalUrl(href!)).toBe(true);
    const text = new URL(href!).searchParams.get('text')!;
    expect(text).toContain('रिचार्ज रसीद');
    expect(text).toContain('••••••5555');
    expect(text).toContain('₹199.00');
  });

  it('says plainly that printing needs the desktop app in the browser view', async () => {
    await dialog().getByRole('button', { name: 'Print' }).click();
    await dialog().getByRole('alert').getByText('Printing works in the RechargeDesk desktop app', { exact: false }).waitFor();
    await snap(page, 'receipt-04-print-in-browser');
    await dialog().getByRole('button', { name: 'Close' }).click();
  });

  it('the shop details are set in Settings; a wrong GST number is not saved', async () => {
    await page.getByRole('navigation', { name: 'Main sections' }).getByRole('button', { name: 'Settings' }).click();
    const shop = page.getByRole('form', { name: 'Shop and receipts' });
    await shop.getByLabel('Shop name').fill('Gupta Telecom');
    await shop.getByLabel('GST number (optional)').fill('27ABCDE');
    await shop.getByLabel('Address').click();
    expect(await shop.getByLabel('GST number (optional)').getAttribute('aria-invalid')).toBe('true');
    const shopSaved = async () => {
      const r = await harness.core.router.dispatch('settings:get', {});
      return r.ok ? r.data : null;
    };
    await expect.poll(async () => JSON.stringify(await shopSaved())).toContain('"name":"Gupta Telecom"');
    // The half-typed GST number stayed on screen, marked, and the saved one is unchanged.
    expect(JSON.stringify(await shopSaved())).toContain('"gstin":"27ABCDE1234F1Z5"');
    // No printer to list or test in the browser view: the same plain words as the Print button's.
    await shop.getByRole('status').getByText('Printing works in the RechargeDesk desktop app', { exact: false }).waitFor();
    expect(await shop.getByRole('button', { name: 'Test print' }).count()).toBe(0);
    await snap(page, 'receipt-05-settings-shop');
    expect(problems).toEqual([]);
  });
});
