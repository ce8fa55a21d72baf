import type { Browser, Page } from 'playwright-core';
import { launchChromium, watchPageErrors } from './chromium';

/** The app's page in Chromium at the counter's size, confirmations accepted, page errors collected. */
export async function openShopPage(url: string): Promise<{ browser: Browser; page: Page; problems: string[] }> {
  const browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  const problems = watchPageErrors(page);
  page.on('dialog', (d) => void d.accept());
  await page.goto(url);
  return { browser, page, problems };
}

/** Goes to one of the main sections by its button. */
export const goTo = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main sections' }).getByRole('button', { name }).click();

/** The History list. */
export const historyList = (page: Page) => page.getByRole('list', { name: 'Transactions, newest first' });
