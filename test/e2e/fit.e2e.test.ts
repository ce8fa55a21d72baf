import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snap } from '../support/chromium';
import { openE2E, type E2ESession } from '../support/e2e-session';
import { inFirstView } from '../support/page-audit';
import { overflowing, smallText } from '../support/fit-audit';
import { LANGUAGES } from '../../src/shared/language';

/**
 * The counter PCs of the field notes run 1366×768 and 1024×768: with the form filled (and the
 * "already open" warning showing), the main button must be on screen without scrolling, and so
 * must the confirmation's send button. In English and in Hindi, whose words run longer.
 */
let e2e: E2ESession;

beforeAll(async () => {
  e2e = await openE2E('fit');
  // A number with an open recharge: its warning is the tallest thing the form can show.
  await e2e.harness.core.router.dispatch('recharge:submit', { number: '9876544444', operator: 'JIO', amount: 60 });
});

afterAll(() => e2e?.close());

for (const lang of LANGUAGES) {
  for (const width of [1366, 1024]) {
    describe(`${width}×768 in ${lang === 'en' ? 'English' : 'Hindi'}`, () => {
      it('the main button and the send button are visible without scrolling', async () => {
        await e2e.harness.core.router.dispatch('settings:update', { language: lang });
        const { page, problems } = await e2e.open({ width, height: 768 });
        try {
          await page.locator('#recharge-number').waitFor();
          await page.keyboard.type('9876544444');
          await page.locator('.open-for-number').waitFor();
          await page.locator('.operator-button').first().click();
          await page.locator('#recharge-amount').fill('199');
          await snap(page, `fit-${lang}-${width}-form`);
          expect(await inFirstView(page, '.amount-row .button-large')).toBe(true);
          expect(await page.locator('.amount-row .button-large').isEnabled()).toBe(true);
          await page.locator('.amount-row .button-large').click();
          await page.locator('[role="dialog"]').waitFor();
          await snap(page, `fit-${lang}-${width}-confirm`);
          expect(await inFirstView(page, '[role="dialog"] .button-primary')).toBe(true);
          expect(await page.locator('.confirm-number').textContent()).toBe('98765 44444');
          expect(problems).toEqual([]);
        } finally {
          await page.close();
        }
      });
    });
  }
}

const SCREENS = ['recharge', 'history', 'customers', 'complaints', 'reports', 'settings'] as const;

describe('every screen at 1024×768', () => {
  // The nav at its widest: an owner PIN set puts "Owner · Lock now" in it.
  beforeAll(async () => {
    expect((await e2e.harness.core.router.dispatch('lock:setPin', { pin: '2468' })).ok).toBe(true);
  });
  for (const lang of LANGUAGES) {
    it(`in ${lang === 'en' ? 'English' : 'Hindi'}: nav and header fit, no text below 12 px, History keeps its operator column`, async () => {
      await e2e.harness.core.router.dispatch('settings:update', { language: lang });
      const { page, problems } = await e2e.open({ width: 1024, height: 768 });
      try {
        await page.locator('#recharge-number').waitFor();
        for (const screen of SCREENS) {
          await page.locator(`.shell-nav [data-section="${screen}"]`).click();
          await page.locator(`.shell-nav [data-section="${screen}"][aria-current="page"]`).waitFor();
          // Let the screen's first answer from main come in.
          await page.waitForTimeout(400);
          if (screen === 'recharge') {
            // A known number: its "last used" label on the operator and its open-recharge warning show.
            await page.locator('#recharge-number').fill('9876544444');
            await page.locator('.operator-last').waitFor();
            // The provider's own figures, behind the header's details.
            await page.locator('.balance-details summary').click();
            await page.locator('.balance-details-panel').waitFor();
          }
          await snap(page, `fit-walk-${lang}-${screen}`);
          expect({ screen, small: await smallText(page) }).toEqual({ screen, small: [] });
          expect({ screen, overflow: await overflowing(page) }).toEqual({ screen, overflow: [] });
          if (screen === 'recharge') {
            const panel = await page.locator('.balance-details-panel').boundingBox();
            expect(panel && panel.x >= 0 && panel.x + panel.width <= 1024).toBe(true);
            await page.locator('.balance-details summary').click();
          }
          if (screen === 'settings') {
            // A setting typed wrong is an error, and looks like one: red, a cross, an alert.
            await page.locator('#dup').fill('5x');
            const problem = page.locator('#dup-problem');
            expect(await problem.getAttribute('role')).toBe('alert');
            expect(
              await problem.evaluate(
                (el) => (globalThis as unknown as { getComputedStyle(e: unknown): { color: string } }).getComputedStyle(el).color,
              ),
            ).toBe('rgb(179, 38, 30)');
            await snap(page, `fit-walk-${lang}-settings-error`);
            await page.locator('#dup').fill('3');
          }
          if (screen === 'history') {
            // With a recharge's details open beside the list, as the shopkeeper reads one.
            await page.locator('.history-row').first().click();
            await page.locator('.details').waitFor();
            await snap(page, `fit-walk-${lang}-history-details`);
            const operatorColumn = page.locator('.history-row .col-operator').first();
            await operatorColumn.waitFor();
            expect(await operatorColumn.isVisible()).toBe(true);
            expect(await operatorColumn.textContent()).toContain('Jio');
            const box = await operatorColumn.boundingBox();
            expect(box && box.width >= 40 && box.x + box.width <= 1024).toBe(true);
          }
        }
        expect(problems).toEqual([]);
      } finally {
        await page.close();
      }
    }, 60_000);
  }
});
