import type { Browser, Page } from 'playwright-core';
import { startHarness, type Harness, type HarnessOptions } from '../../src/harness/start-harness';
import { launchChromium, watchPageErrors } from './chromium';
import { makeTempDir, removeTempDir } from './temp-folder';

export interface E2ESession {
  harness: Harness;
  browser: Browser;
  dataDir: string;
  /** A fresh page on the app (1366×768 unless told), with its console errors collected. */
  open(viewport?: { width: number; height: number }): Promise<{ page: Page; problems: string[] }>;
  close(): Promise<void>;
}

/**
 * Resolves once the page's event stream is open (web-bridge.ts marks it): an event the core
 * raises before then would not reach a harness page, though it would an Electron window.
 */
export async function eventsOpen(page: Page): Promise<void> {
  await page.waitForSelector('html[data-desk-events="open"]', { state: 'attached' });
}

/** The harness on a temp data folder and Debian's Chromium, for one e2e file. */
export async function openE2E(name: string, options: HarnessOptions = {}): Promise<E2ESession> {
  const dataDir = options.dataDir ?? makeTempDir(`e2e-${name}`);
  const harness = await startHarness({ ...options, dataDir });
  const browser = await launchChromium();
  return {
    harness,
    browser,
    dataDir,
    async open(viewport = { width: 1366, height: 768 }) {
      const page = await browser.newPage({ viewport });
      const problems = watchPageErrors(page);
      await page.goto(harness.url);
      await eventsOpen(page);
      return { page, problems };
    },
    async close() {
      await browser.close();
      await harness.close();
      removeTempDir(dataDir);
    },
  };
}
