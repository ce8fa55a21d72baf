import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import { LANGUAGES, type Language } from '../../src/shared/language';
import { en } from '../../src/renderer/i18n/en';
import { hi } from '../../src/renderer/i18n/hi';
import { openE2E, type E2ESession } from '../support/e2e-session';
import { openCounter, upToConfirmation } from '../support/counter-keys';
import { latinWords } from '../support/page-audit';
import { makeTempDir, removeTempDir } from '../support/temp-folder';

/**
 * The shopkeeper's guide (docs/guide/en.md, docs/guide/hi.md) shows these screens, and names the
 * buttons and lists on them in bold: each name must be in the guide and on the screen, so a button
 * renamed in the app fails here until the guide says it too. This walk takes
 * them at 1024×768 in both languages and checks each shows what the guide says of it, so the guide's
 * pictures are always the app as it is. With GUIDE_SHOTS=1 the pictures go to docs/guide/img/ (to be
 * committed); otherwise to a temp folder, so a test run never changes the tree.
 */
const GUIDE = resolve(import.meta.dirname, '../../docs/guide');
const GUIDE_IMG = join(GUIDE, 'img');
const writing = process.env['GUIDE_SHOTS'] === '1';
const words = { en, hi };
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// A catalogue line as a pattern, whatever amount or time fills its placeholders.
const lead = (text: string) =>
  new RegExp(
    text
      .split(/\{\{\w+\}\}/)
      .map(escape)
      .join('.+'),
  );

const UPI = { vpa: 'sharma.mobiles@icici', payee: 'Sharma Mobile' };
const SHOP_DATA = /^(Sharma|Mobile|[0-9A-Z]{8,20})$/;

let e2e: E2ESession;
let shotDir: string;

beforeAll(async () => {
  e2e = await openE2E('guide-screens', { demoPendingMs: 1500 });
  await e2e.harness.core.router.dispatch('settings:update', { upi: UPI });
  shotDir = writing ? GUIDE_IMG : makeTempDir('guide-shots');
  mkdirSync(shotDir, { recursive: true });
});

afterAll(async () => {
  await e2e?.close();
  if (shotDir && !writing) removeTempDir(shotDir);
});

// Markdown wraps lines anywhere, a bold name too: compare with one space for any run of white space.
const guideText = (lang: Language) => readFileSync(join(GUIDE, `${lang}.md`), 'utf8').replace(/\s+/g, ' ');
const taken: Record<Language, string[]> = { en: [], hi: [] };

/** Each name is in bold in the guide and on the screen now. */
async function guideNames(page: Page, lang: Language, names: string[]): Promise<void> {
  const guide = guideText(lang);
  for (const name of names) {
    expect(guide, `the ${lang} guide names “${name}”`).toMatch(new RegExp(`\\*\\*[^*]*${escape(name)}[^*]*\\*\\*`));
    await page.getByText(name).first().waitFor();
  }
}

/** The window as the shopkeeper sees it (not the full scrolled page), once its fonts have loaded. */
async function shot(page: Page, lang: Language, name: string): Promise<void> {
  await page.evaluate(() =>
    (globalThis as unknown as { document: { fonts: { ready: Promise<unknown> } } }).document.fonts.ready.then(() => undefined),
  );
  // A Hindi picture must be Hindi throughout, as the Hindi guide promises; the shop's own name on
  // its UPI ID and a sale's reference are the shop's data, not words.
  if (lang === 'hi')
    expect(
      (await latinWords(page)).filter((w) => !SHOP_DATA.test(w)),
      name,
    ).toEqual([]);
  await page.screenshot({ path: join(shotDir, `${lang}-${name}.png`) });
  taken[lang].push(`${lang}-${name}`);
}

const nav = (page: Page, section: string) => page.locator(`.shell-nav button[data-section="${section}"]`).click();

/** The card's "Next customer", then the cursor in the number box, as the shopkeeper starts the next sale. */
async function nextCustomer(page: Page, lang: Language): Promise<void> {
  await page.getByRole('button', { name: words[lang].result.nextCustomer }).click();
  await page.locator('#recharge-number').focus();
}

for (const lang of LANGUAGES) {
  const t = words[lang];
  // Each walk its own numbers, none a digit or a swap from another, so no duplicate warning interrupts.
  const n = (middle: string, ending: string) => (lang === 'en' ? '981' : '972') + middle + ending;

  describe(`the guide's screens in ${lang === 'en' ? 'English' : 'Hindi'}`, () => {
    let page: Page;
    let problems: string[];

    it('a recharge by keyboard, a pending one, a failed one with the money to give back, and UPI', async () => {
      onTestFailed(() => page?.screenshot({ path: join(shotDir, `${lang}-FAILED-counter.png`) }).then(() => undefined));
      await e2e.harness.core.router.dispatch('settings:update', { language: lang });
      ({ page, problems } = await openCounter(e2e));
      // The counter opens ready to type: the number box has the cursor.
      expect(await page.locator('#recharge-number').evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
      await guideNames(page, lang, [t.shell.language]);
      await shot(page, lang, '01-counter');

      await upToConfirmation(page, n('12', '35555'), '199');
      await page.getByRole('dialog').getByText('₹199').first().waitFor();
      await shot(page, lang, '02-confirm');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: t.result.success }).waitFor({ timeout: 10_000 });
      await shot(page, lang, '03-done');

      // Enter on the card is the next customer: the number box again, empty.
      await page.keyboard.press('Enter');
      await page.locator('#recharge-number').waitFor();
      await page.locator('#recharge-number').focus();
      await upToConfirmation(page, n('23', '41111'), '149');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: t.result.pending }).waitFor({ timeout: 10_000 });
      await page.getByText(t.result.pendingHelp).waitFor();
      await guideNames(page, lang, [t.tray.title, t.tray.checkNow]);
      await shot(page, lang, '04-pending');

      await nextCustomer(page, lang);
      await upToConfirmation(page, n('34', '60000'), '99');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: t.result.failure }).waitFor({ timeout: 10_000 });
      await page.locator('.result').getByText(lead(t.moneyBack.give)).waitFor();
      await page.getByRole('complementary', { name: t.moneyBack.trayTitle }).waitFor();
      await guideNames(page, lang, [t.moneyBack.givenBack, t.moneyBack.keep, t.moneyBack.trayTitle]);
      await shot(page, lang, '05-failed-give-back');
      await page.locator('.result').getByRole('button', { name: t.moneyBack.givenBack }).click();
      await page.locator('.result').getByText(lead(t.moneyBack.wasGiven)).waitFor();

      await nextCustomer(page, lang);
      await upToConfirmation(page, n('45', '75555'), '249');
      await page.keyboard.press('u');
      await page.locator('.upi-qr svg').waitFor();
      await shot(page, lang, '06-upi-qr');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: t.result.success }).waitFor({ timeout: 10_000 });
      await guideNames(page, lang, [t.pay.markReceived, t.pay.unreceivedTitle, t.nav.settings]);
      await page.locator('.result').getByRole('button', { name: t.pay.markReceived }).click();
      await page.locator('.result').getByText(lead(t.pay.received)).waitFor();
      expect(problems).toEqual([]);
    }, 120_000);

    it('the khata, a complaint, the close of the day and the language switch', async () => {
      onTestFailed(() => page?.screenshot({ path: join(shotDir, `${lang}-FAILED-books.png`) }).then(() => undefined));
      const credit = n('56', '85555');
      await nextCustomer(page, lang);
      await upToConfirmation(page, credit, '179');
      await page.keyboard.press('k');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: t.result.success }).waitFor({ timeout: 10_000 });
      await nav(page, 'customers');
      await page.getByRole('button', { name: t.khata.tabs.dues }).click();
      await page.locator('.dues-rows .due-row', { hasText: credit.slice(0, 5) }).click();
      await page.locator('.khata-panel').getByText(t.khata.due.replace('{{amount}}', '₹179.00')).waitFor();
      await guideNames(page, lang, [t.nav.customers, t.khata.tabs.dues]);
      await shot(page, lang, '07-khata');

      await nav(page, 'history');
      await page
        .locator('.history-row', { hasText: n('12', '35555').slice(0, 5) })
        .first()
        .click();
      await page.locator('.details').getByRole('button', { name: t.details.complain }).click();
      await page.getByRole('dialog').getByRole('heading', { name: t.complaint.title }).waitFor();
      await guideNames(page, lang, [t.nav.history, t.details.complain, t.complaint.send, t.nav.complaints]);
      await shot(page, lang, '08-complaint');
      await page.getByRole('dialog').getByRole('button', { name: t.complaint.send }).click();
      await page.getByRole('dialog').getByText(t.complaint.registered).waitFor();
      await page.getByRole('dialog').getByRole('button', { name: t.complaint.close }).click();

      await nav(page, 'reports');
      const close = page.getByRole('region', { name: new RegExp(lead(t.closeDay.title)) });
      await close.getByRole('button', { name: t.closeDay.close }).waitFor();
      await close.scrollIntoViewIfNeeded();
      await guideNames(page, lang, [t.nav.reports, t.closeDay.close, t.reports.share.open]);
      await shot(page, lang, '09-close-day');

      // The language switch at the end of the top row: the screen changes at once.
      const other: Language = lang === 'en' ? 'hi' : 'en';
      await nav(page, 'recharge');
      await page.locator('.language-switch select').selectOption(other);
      await expect
        .poll(() =>
          page.evaluate(() => (globalThis as unknown as { document: { documentElement: { lang: string } } }).document.documentElement.lang),
        )
        .toBe(other);
      await page.locator('.shell-nav button[data-section="recharge"]', { hasText: words[other].nav.recharge }).waitFor();
      expect(problems).toEqual([]);
      await page.close();

      // Every picture the guide shows is one this walk took, and the other way round.
      const shown = [...guideText(lang).matchAll(/\(img\/([\w-]+)\.png\)/g)].map((m) => m[1]);
      expect(shown.sort()).toEqual([...taken[lang]].sort());
    }, 120_000);
  });
}
