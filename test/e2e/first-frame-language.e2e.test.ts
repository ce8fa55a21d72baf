import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { launchChromium, watchPageErrors } from '../support/chromium';
import { eventsOpen, openE2E, type E2ESession } from '../support/e2e-session';

// A Hindi counter's screen opens in Hindi: the first frame with words in it is in the saved language,
// never English for a moment first (it used to paint English and switch when settings arrived).
let e2e: E2ESession;

beforeAll(async () => {
  e2e = await openE2E('first-frame-language');
});
afterAll(() => e2e?.close());

/** The words of the first frame that put anything in #root, recorded by the page itself as it happens. */
async function firstWords(): Promise<{ text: string; lang: string; problems: string[] }> {
  const browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1024, height: 768 } });
  const problems = watchPageErrors(page);
  // Page code as text: this file is compiled for Node, without the DOM's types.
  await page.addInitScript(`
    const seen = new MutationObserver(() => {
      const text = document.getElementById('root')?.textContent ?? '';
      if (text.trim() === '') return;
      window.firstWords = { text, lang: document.documentElement.lang };
      seen.disconnect();
    });
    seen.observe(document, { childList: true, subtree: true, characterData: true });
  `);
  await page.goto(e2e.harness.url);
  await eventsOpen(page);
  const first = z.object({ text: z.string(), lang: z.string() }).parse(await page.evaluate('window.firstWords'));
  await browser.close();
  return { ...first, problems };
}

describe('the first frame speaks the saved language', () => {
  it('English by default', async () => {
    const { text, lang, problems } = await firstWords();
    expect(text).toContain('Recharge');
    expect(lang).toBe('en');
    expect(problems).toEqual([]);
  }, 30_000);

  it('Hindi from the first frame once Hindi is saved: no English word of the menu painted first', async () => {
    expect((await e2e.harness.core.router.dispatch('settings:update', { language: 'hi' })).ok).toBe(true);
    const { text, lang, problems } = await firstWords();
    expect(text).toContain('रिचार्ज');
    expect(text).not.toMatch(/History|Customers|Settings/);
    expect(lang).toBe('hi');
    expect(problems).toEqual([]);
  }, 30_000);
});
