import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Debian's Chromium, never a downloaded browser; flags keep it off this machine's closed network. */
export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ARGS });
}

/**
 * Chromium with a profile folder kept between launches, as the app's window keeps its profile in the
 * data folder: its HTTP and code caches outlive the browser process (benchmarks of a daily start).
 */
export function launchChromiumWithProfile(profileDir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profileDir, { executablePath: CHROMIUM_PATH, headless: true, args: ARGS });
}

const SCREENSHOT_DIR = resolve(import.meta.dirname, '../../test-results/screenshots');

/** Saves what the shopkeeper would see at this step into a git-ignored folder, for a person to look at. */
export async function snap(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  // Screenshot what a person sees: after the bundled fonts have loaded, not boxes in their place.
  await page.evaluate(() =>
    (globalThis as unknown as { document: { fonts: { ready: Promise<unknown> } } }).document.fonts.ready.then(() => undefined),
  );
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** Collects console errors and failed requests so a test can assert the page ran cleanly. */
export function watchPageErrors(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`requestfailed: ${r.url()} ${r.failure()?.errorText ?? ''}`));
  return problems;
}
