import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snap } from '../support/chromium';
import { openE2E, type E2ESession } from '../support/e2e-session';
import { inFirstView } from '../support/page-audit';
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
