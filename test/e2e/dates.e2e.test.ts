import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { snap } from '../support/chromium';
import { openE2E, type E2ESession } from '../support/e2e-session';
import { LANGUAGES } from '../../src/shared/language';
import { istDate } from '../../src/shared/ist-date';

/**
 * Dates read day/month/year in both languages, typed ones too: Chromium's own date box shows the
 * PC's locale (month first in English). A day that cannot be read says so and changes nothing.
 */
let e2e: E2ESession;
const DAY = 86_400_000;
const dmy = (iso: string) => iso.split('-').reverse().join('/');
const today = istDate(Date.now());
const weekAgo = istDate(Date.now() - 6 * DAY);

beforeAll(async () => {
  e2e = await openE2E('dates');
  await e2e.harness.core.router.dispatch('recharge:submit', { number: '9876515555', operator: 'JIO', amount: 75 });
});

afterAll(() => e2e?.close());

const WORDS = {
  en: {
    reports: 'Reports',
    history: 'History',
    from: 'From',
    to: 'To',
    summary: 'Day book',
    dates: 'Dates…',
    noSuchDay: 'There is no such day as 31/02/2026. Nothing was changed.',
    format: 'Type the day as day/month/year',
  },
  hi: {
    reports: 'रिपोर्ट',
    history: 'इतिहास',
    from: 'से',
    to: 'तक',
    summary: 'रोज़नामचा',
    dates: 'तारीखें…',
    noSuchDay: '31/02/2026 जैसी कोई तारीख़ नहीं होती। कुछ नहीं बदला।',
    format: 'तारीख़ दिन/महीना/साल में लिखें',
  },
} as const;

async function typeDay(page: Page, label: string, text: string): Promise<void> {
  const box = page.getByRole('textbox', { name: label, exact: true });
  await box.fill('');
  await box.pressSequentially(text);
  await box.press('Enter');
}

for (const lang of LANGUAGES) {
  const w = WORDS[lang];
  describe(`dates in ${lang === 'en' ? 'English' : 'Hindi'}`, () => {
    it('Reports: the range is typed and read day/month/year; a day that does not exist changes nothing', async () => {
      await e2e.harness.core.router.dispatch('settings:update', { language: lang });
      const { page, problems } = await e2e.open({ width: 1024, height: 768 });
      try {
        await page.getByRole('navigation').getByRole('button', { name: w.reports, exact: true }).click();
        const from = page.getByRole('textbox', { name: w.from, exact: true });
        await expect.poll(() => from.inputValue()).toBe(dmy(today));
        const heading = page.getByRole('heading', { level: 3 }).filter({ hasText: w.summary });
        await expect.poll(() => heading.textContent()).toBe(`${w.summary}: ${dmy(today)}`);
        await typeDay(page, w.from, dmy(weekAgo));
        await expect.poll(() => heading.textContent()).toBe(`${w.summary}: ${dmy(weekAgo)} – ${dmy(today)}`);
        // The wallet's readings are dated day/month/year too, not as the ledger keeps them.
        const firstReading = page.locator('.report-wallet tbody td').first();
        expect(await firstReading.textContent()).toContain(dmy(today));
        expect(await page.locator('.report-wallet').textContent()).not.toContain(today);

        await typeDay(page, w.from, '31/02/2026');
        const alert = page.getByRole('alert').filter({ hasText: w.noSuchDay });
        await alert.waitFor();
        await snap(page, `dates-${lang}-reports-no-such-day`);
        expect(await from.inputValue()).toBe('31/02/2026');
        expect(await heading.textContent()).toBe(`${w.summary}: ${dmy(weekAgo)} – ${dmy(today)}`);

        await typeDay(page, w.to, '2026-11-26');
        await page.getByRole('alert').filter({ hasText: w.format }).waitFor();
        expect(await heading.textContent()).toBe(`${w.summary}: ${dmy(weekAgo)} – ${dmy(today)}`);
        expect(problems).toEqual([]);
      } finally {
        await page.close();
      }
    });

    it('History: "Dates…" takes day/month/year; a day that cannot be read changes nothing', async () => {
      await e2e.harness.core.router.dispatch('settings:update', { language: lang });
      const { page, problems } = await e2e.open({ width: 1024, height: 768 });
      try {
        await page.getByRole('navigation').getByRole('button', { name: w.history, exact: true }).click();
        await page.getByRole('button', { name: w.dates, exact: true }).click();
        const rows = page.locator('.history-row');
        await typeDay(page, w.from, dmy(today));
        await typeDay(page, w.to, dmy(today));
        await rows.first().waitFor();
        expect(await rows.count()).toBe(1);
        // Tomorrow onwards: nothing yet.
        const tomorrow = istDate(Date.now() + DAY);
        await typeDay(page, w.to, dmy(tomorrow));
        await typeDay(page, w.from, dmy(tomorrow));
        await page.locator('.history-empty').waitFor();
        await typeDay(page, w.from, dmy(today));
        await rows.first().waitFor();
        await typeDay(page, w.from, '31/02/2026');
        await page.getByRole('alert').filter({ hasText: w.noSuchDay }).waitFor();
        await snap(page, `dates-${lang}-history-no-such-day`);
        expect(await rows.count()).toBe(1);
        expect(problems).toEqual([]);
      } finally {
        await page.close();
      }
    });
  });
}
