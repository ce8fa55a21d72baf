import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { _electron, chromium, type Browser, type ElectronApplication, type Page } from 'playwright-core';
import { freePort } from './free-port';

/**
 * The real Electron binary, where a CI runner has it (this project's machines cannot download it,
 * so every test using this is skipped unless an env var says the binary is there):
 *
 * - RECHARGEDESK_REAL_ELECTRON=1: the built `out/` run by the `electron` package's own binary,
 *   driven by Playwright's Electron support (it needs the inspect arguments the stock binary allows).
 * - RECHARGEDESK_INSTALLED_APP=<executable>: the app an installer put on the machine. Its fuses
 *   turn the inspect arguments off, so Playwright's Electron launch cannot attach; the window is
 *   reached over Chromium's remote debugging port instead, which the fuses leave alone.
 */
export const REAL_ELECTRON = process.env['RECHARGEDESK_REAL_ELECTRON'] === '1';
export const INSTALLED_APP = process.env['RECHARGEDESK_INSTALLED_APP'] ?? '';

const ROOT = resolve(import.meta.dirname, '../..');
// GitHub's Ubuntu runners forbid the unprivileged user namespaces Chromium's sandbox needs; the
// other runners keep it on.
const LINUX_CI_ARGS = process.platform === 'linux' && process.env['CI'] ? ['--no-sandbox'] : [];

export interface RealApp {
  page: Page;
  close(): Promise<void>;
}

/** The app's window once its page has loaded from the app's own scheme. */
async function appWindow(pages: () => Page[], waitForPage: () => Promise<Page>): Promise<Page> {
  const found = pages().find((p) => p.url().startsWith('app://')) ?? (await waitForPage());
  await found.waitForLoadState('domcontentloaded');
  return found;
}

/** The built bundle in the `electron` package's binary, on a fresh data folder. */
export async function launchBuiltApp(userData: string): Promise<RealApp> {
  // Resolved here, not at import: the `electron` package fetches its binary when first required.
  const executablePath = createRequire(import.meta.url)('electron') as string;
  const app: ElectronApplication = await _electron.launch({
    executablePath,
    args: [...LINUX_CI_ARGS, `--user-data-dir=${userData}`, ROOT],
    cwd: ROOT,
    timeout: 60_000,
  });
  const page = await appWindow(
    () => app.windows(),
    () => app.firstWindow(),
  );
  return { page, close: () => app.close() };
}

/** The installed app, started as a shortcut would start it, on a fresh data folder (its first start). */
export async function launchInstalledApp(executable: string, userData: string): Promise<RealApp> {
  const port = await freePort();
  const child: ChildProcess = spawn(executable, [...LINUX_CI_ARGS, `--user-data-dir=${userData}`, `--remote-debugging-port=${port}`], {
    stdio: 'ignore',
  });
  const browser: Browser = await connectWhenListening(`http://127.0.0.1:${port}`, 60_000);
  const context = browser.contexts()[0]!;
  const page = await appWindow(
    () => context.pages(),
    () => context.waitForEvent('page', { predicate: (p) => p.url().startsWith('app://'), timeout: 60_000 }),
  );
  return {
    page,
    async close() {
      await browser.close().catch(() => {});
      child.kill();
    },
  };
}

async function connectWhenListening(url: string, timeoutMs: number): Promise<Browser> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await chromium.connectOverCDP(url, { timeout: 5000 });
    } catch (e) {
      if (Date.now() > until) throw e;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}
