import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join, resolve } from 'node:path';
import { ensureAppBuilt } from '../support/electron-standin/ensure-built';
import { startMain, type MainProcess } from '../support/electron-standin/run-main';
import { demoRechargeInWindow } from '../support/electron-standin/demo-recharge-in-window';
import type { StandInRecord } from '../support/electron-standin/state';
import { fileTempDir } from '../support/temp-dir';
import { hasPoppler, pdfFonts, pdfPagesMm, pdfText, pdfToPng } from '../support/pdf-text';

const SCREENSHOTS = resolve(import.meta.dirname, '../../test-results/screenshots');
const PRINTERS = [
  { name: 'EPSON_TM_T82', displayName: 'EPSON TM-T82 (office)' },
  { name: 'TVS_RP3160_Gold', displayName: 'TVS RP 3160 Gold' },
];

const userData = fileTempDir('desktop-print');
const printDir = fileTempDir('desktop-print-pdfs');
const movedUserData = fileTempDir('desktop-print-moved');
let app: MainProcess;
let moved: MainProcess | null = null;

type PrintRecord = Extract<StandInRecord, { kind: 'print' }>;
const prints = () => app.records.filter((r): r is PrintRecord => r.kind === 'print');

async function nextPrint(before: number): Promise<PrintRecord> {
  await app.waitFor((r) => r.kind === 'print' && prints().length > before, 30_000);
  const p = prints()[before];
  if (!p) throw new Error('no print');
  return p;
}

/** What a counter printer is asked for: silent, to the chosen printer, no margins, the roll's width. */
function expectRoll(p: PrintRecord, widthMicrons: number): void {
  expect(p.ok, p.reason).toBe(true);
  expect(p.options).toMatchObject({ silent: true, deviceName: 'TVS_RP3160_Gold', margins: { marginType: 'none' } });
  const size = (p.options as { pageSize: { width: number; height: number } }).pageSize;
  expect(size.width).toBe(widthMicrons);
  // As long as the receipt, and never wider than long (a driver would turn it sideways).
  expect(size.height).toBeGreaterThan(widthMicrons);
  expect(size.height).toBeLessThan(300_000);
}

/** The PDF the printer got: one page of the roll's width, both scripts and ₹ as text, fonts embedded. */
function expectPdf(p: PrintRecord, widthMm: number, texts: string[], shot: string): string {
  if (!hasPoppler()) throw new Error('poppler-utils (pdftotext, pdfinfo, pdffonts) is needed to read the printed PDF');
  pdfToPng(p.pdf, join(SCREENSHOTS, shot));
  const pages = pdfPagesMm(p.pdf);
  expect(pages.pages).toBe(1);
  expect(pages.widthMm).toBeCloseTo(widthMm, 0);
  const text = pdfText(p.pdf);
  for (const t of texts) expect(text, text).toContain(t);
  expect(pdfFonts(p.pdf)).toContain('NotoSansDevanagari-Regular');
  return text;
}

beforeAll(async () => {
  ensureAppBuilt();
  app = startMain({ userData, switches: { printers: PRINTERS, printDir } });
  await app.waitFor((r) => r.kind === 'window' && r.event === 'show', 30_000);
}, 120_000);

afterAll(() => {
  if (app?.isRunning()) app.kill();
  if (moved?.isRunning()) moved.kill();
});

describe('receipts on a counter printer, in the Electron stand-in', () => {
  it('Settings lists the OS printers; the one picked is saved and a test print goes to it at 58 mm', async () => {
    const before = prints().length;
    const seen = await app.inApp(
      async (ctx, shot) => {
        const page = await ctx.page();
        await page.getByLabel('Mobile number').waitFor({ timeout: 15_000 });
        await page.getByRole('navigation', { name: 'Main sections' }).getByRole('button', { name: 'Settings' }).click();
        const shop = page.getByRole('form', { name: 'Shop and receipts' });
        // A long name and address: the lines a narrow roll has to wrap.
        await shop.getByLabel('Shop name').fill('Sharma Mobile Point & General Store');
        await shop.getByLabel('Address').fill('Shop 4, Station Road, Sitabuldi, Nagpur 440012');
        await shop.getByLabel('Shop name').click();
        const printer = shop.getByLabel('Receipt printer');
        const options = await printer.locator('option').allTextContents();
        await printer.selectOption({ label: 'TVS RP 3160 Gold' });
        await shop.getByLabel('Receipt paper').selectOption('58mm');
        await shop.getByRole('button', { name: 'Test print' }).click();
        await shop.getByRole('status').getByText('Test receipt sent to the printer').waitFor({ timeout: 20_000 });
        await shop.screenshot({ path: shot });
        return { options, chosen: await printer.inputValue() };
      },
      join(SCREENSHOTS, 'desktop-print-01-settings.png'),
    );
    expect(seen).toEqual({ options: ['Ask each time (print dialog)', ...PRINTERS.map((p) => p.displayName)], chosen: 'TVS_RP3160_Gold' });
    const p = await nextPrint(before);
    expectRoll(p, 58_000);
    expectPdf(p, 58, ['Test print', '₹1,234.50', 'TVS_RP3160_Gold', 'टेस्ट प्रिंट', 'अगर यह पंक्ति'], 'desktop-print-02-test-58mm-pdf');
  }, 90_000);

  for (const [paper, contentMm, widthMicrons] of [
    ['58mm', 48, 58_000],
    ['80mm', 72, 80_000],
  ] as const) {
    it(`a receipt at ${paper}: its text fits ${contentMm} mm in English and Hindi, and prints silently to the chosen printer`, async () => {
      const fits = await app.inApp(
        async (ctx, arg) => {
          const page = await ctx.page();
          const dialog = page.getByRole('dialog', { name: 'Receipt for the customer' });
          if (!(await dialog.isVisible())) {
            const recharge: unknown = (0, eval)(`(${arg.recharge})`);
            if (typeof recharge !== 'function') throw new Error('no recharge');
            await page.getByRole('navigation', { name: 'Main sections' }).getByRole('button', { name: 'Recharge' }).click();
            await recharge(ctx);
            await page.getByRole('button', { name: 'Receipt' }).click();
          }
          await dialog.getByRole('button', { name: arg.paperName }).click();
          const found: Record<string, unknown> = {};
          for (const [language, shot] of [
            ['English', arg.shots[0]],
            ['हिन्दी', arg.shots[1]],
          ] as const) {
            await dialog.getByRole('button', { name: language }).click();
            const sheet = dialog.locator('.receipt-sheet');
            await sheet.locator(language === 'English' ? 'text=Recharge receipt' : 'text=रिचार्ज रसीद').waitFor();
            await page.evaluate(() =>
              (globalThis as unknown as { document: { fonts: { ready: Promise<unknown> } } }).document.fonts.ready.then(() => undefined),
            );
            found[language] = await sheet.evaluate((root) => {
              type Styles = { getComputedStyle(e: unknown): { paddingLeft: string; paddingRight: string } };
              const style = (globalThis as unknown as Styles).getComputedStyle(root);
              const box = root.getBoundingClientRect();
              const left = box.left + parseFloat(style.paddingLeft);
              const right = box.right - parseFloat(style.paddingRight);
              const mm = (px: number) => Math.round(((px * 25.4) / 96) * 10) / 10;
              const over = [...root.querySelectorAll('*')]
                .filter((el) => {
                  const r = el.getBoundingClientRect();
                  return r.width > 0 && (r.left < left - 0.5 || r.right > right + 0.5 || el.scrollWidth > el.clientWidth + 0.5);
                })
                .map((el) => `${el.tagName}.${el.className}: ${el.textContent ?? ''}`);
              return { contentMm: mm(right - left), over };
            });
            await sheet.screenshot({ path: shot });
          }
          // Printed in Hindi at 58 mm, in English at 80 mm: both scripts go through the printer.
          await dialog.getByRole('button', { name: arg.printLanguage }).click();
          await dialog.getByRole('button', { name: 'Print' }).click();
          await dialog.getByRole('status').getByText('Sent to the printer.').waitFor({ timeout: 20_000 });
          return found;
        },
        {
          recharge: demoRechargeInWindow.toString(),
          paperName: paper === '58mm' ? '58 mm roll' : '80 mm roll',
          printLanguage: paper === '58mm' ? 'हिन्दी' : 'English',
          shots: [
            join(SCREENSHOTS, `desktop-print-03-receipt-${paper}-en.png`),
            join(SCREENSHOTS, `desktop-print-04-receipt-${paper}-hi.png`),
          ],
        },
      );
      expect(fits).toEqual({ English: { contentMm: contentMm, over: [] }, हिन्दी: { contentMm: contentMm, over: [] } });
      const before = prints().length - 1;
      const p = await nextPrint(before);
      expectRoll(p, widthMicrons);
      const words =
        paper === '58mm'
          ? ['रिचार्ज रसीद', 'सफल', '₹199.00', 'Sharma Mobile Point']
          : ['Recharge receipt', 'Successful', '₹199.00', 'Sharma Mobile Point'];
      expectPdf(p, paper === '58mm' ? 58 : 80, words, `desktop-print-05-receipt-${paper}-pdf`);
    }, 90_000);
  }

  it('A4 prints as today: the A4 page, to the same printer', async () => {
    const before = prints().length;
    await app.inApp(async (ctx) => {
      const dialog = (await ctx.page()).getByRole('dialog', { name: 'Receipt for the customer' });
      await dialog.getByRole('button', { name: 'A4' }).click();
      await dialog.getByRole('button', { name: 'Print' }).click();
      await dialog.getByRole('status').getByText('Sent to the printer.').waitFor({ timeout: 20_000 });
    }, null);
    const p = await nextPrint(before);
    expect(p.options).toMatchObject({ silent: true, deviceName: 'TVS_RP3160_Gold', pageSize: 'A4' });
    const a4 = pdfPagesMm(p.pdf);
    expect(a4.pages).toBe(1);
    expect(a4.widthMm).toBeCloseTo(210, 0);
    expect(a4.heightMm).toBeCloseTo(297, 0);
  }, 60_000);

  it('a printer the OS no longer has is marked in Settings, and a print to it says so instead of vanishing', async () => {
    moved = startMain({ userData: movedUserData, switches: { printers: [PRINTERS[0]!], printDir } });
    await moved.waitFor((r) => r.kind === 'window' && r.event === 'show', 30_000);
    const seen = await moved.inApp(
      async (ctx, shot) => {
        const page = await ctx.page();
        await page.getByLabel('Mobile number').waitFor({ timeout: 15_000 });
        // Saved on a day the printer was there (settings carried from another PC, or unplugged since).
        await page.evaluate(() => {
          const desk = Reflect.get(globalThis, 'desk') as { settings: { update(p: unknown): Promise<unknown> } };
          return desk.settings.update({ shop: { printer: 'TVS_RP3160_Gold', paper: '80mm' } }).then(() => undefined);
        });
        await page.getByRole('navigation', { name: 'Main sections' }).getByRole('button', { name: 'Settings' }).click();
        const shop = page.getByRole('form', { name: 'Shop and receipts' });
        const printer = shop.getByLabel('Receipt printer');
        await printer.locator('option', { hasText: 'not found now' }).waitFor({ state: 'attached' });
        const shown = await printer.locator('option:checked').textContent();
        await shop.getByRole('button', { name: 'Test print' }).click();
        const alert = await shop.getByRole('alert').textContent({ timeout: 20_000 });
        await shop.screenshot({ path: shot });
        return { shown, alert };
      },
      join(SCREENSHOTS, 'desktop-print-06-printer-gone.png'),
    );
    expect(seen.shown).toBe('TVS_RP3160_Gold (not found now)');
    expect(seen.alert).toContain('The printer did not take the receipt');
    expect(seen.alert).toContain('choose it again in Settings');
    const p = moved.records.find((r): r is PrintRecord => r.kind === 'print');
    expect(p).toMatchObject({ ok: false, options: { deviceName: 'TVS_RP3160_Gold', silent: true } });
  }, 90_000);

  it('in Hindi: the printer chosen again from the list, and a test print at 80 mm goes to it', async () => {
    if (!moved) throw new Error('the previous test starts this app');
    const app2 = moved;
    const before = app2.records.filter((r) => r.kind === 'print').length;
    const seen = await app2.inApp(
      async (ctx, shot) => {
        const page = await ctx.page();
        await page.getByLabel('Language').first().selectOption('hi');
        const shop = page.getByRole('form', { name: 'दुकान और रसीद' });
        const printer = shop.getByLabel('रसीद का प्रिंटर');
        const options = await printer.locator('option').allTextContents();
        await printer.selectOption({ label: 'EPSON TM-T82 (office)' });
        await shop.getByRole('button', { name: 'टेस्ट प्रिंट' }).click();
        await shop.getByRole('status').getByText('टेस्ट रसीद प्रिंटर को भेज दी').waitFor({ timeout: 20_000 });
        await shop.screenshot({ path: shot });
        return options;
      },
      join(SCREENSHOTS, 'desktop-print-07-settings-hindi.png'),
    );
    expect(seen).toEqual(['हर बार पूछें (प्रिंट डायलॉग)', 'EPSON TM-T82 (office)', 'TVS_RP3160_Gold (अभी नहीं मिला)']);
    await app2.waitFor((r) => r.kind === 'print' && app2.records.filter((x) => x.kind === 'print').length > before, 30_000);
    const p = app2.records.filter((r): r is PrintRecord => r.kind === 'print')[before]!;
    expect(p).toMatchObject({ ok: true, options: { silent: true, deviceName: 'EPSON_TM_T82', margins: { marginType: 'none' } } });
    const size = (p.options as { pageSize: { width: number; height: number } }).pageSize;
    expect(size.width).toBe(80_000);
    // The test receipt is shorter than the roll is wide: it is still sent longer than wide.
    expect(size.height).toBeGreaterThan(80_000);
    expectPdf(p, 80, ['टेस्ट प्रिंट', 'Test print', '₹1,234.50', 'EPSON_TM_T82'], 'desktop-print-08-test-80mm-pdf');
  }, 60_000);
});
