import type { Locator, Page } from 'playwright-core';
import { watchPageErrors, type launchChromium } from './chromium';
import { eventsOpen } from './e2e-session';

/** Settings open at 1024x768 on the harness, its "Provider accounts and routing" card shown. */
export async function openRoutingSettings(
  browser: Awaited<ReturnType<typeof launchChromium>>,
  url: string,
): Promise<{ page: Page; problems: string[]; card: Locator }> {
  const page = await browser.newPage({ viewport: { width: 1024, height: 768 } });
  const problems = watchPageErrors(page);
  await page.goto(url);
  await eventsOpen(page);
  await page.getByRole('navigation', { name: 'Main sections' }).getByRole('button', { name: 'Settings' }).click();
  const card = page.locator('section.routing-card');
  await card.getByRole('heading', { name: 'Provider accounts and routing' }).waitFor();
  return { page, problems, card };
}
