import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Updater } from '../../src/main/core/updater';
import { snap } from '../support/chromium';
import { openE2E, type E2ESession } from '../support/e2e-session';

// electron-updater needs a packaged Electron app: a stand-in plays "an update has downloaded".
const updater = {
  restarts: 0,
  ready: null as ((v: string) => void) | null,
  status: 'idle' as 'idle' | 'ready',
  state() {
    return { status: this.status, version: this.status === 'ready' ? '0.2.0' : null };
  },
  onReady(l: (v: string) => void) {
    this.ready = l;
  },
  restart() {
    this.restarts++;
  },
};

let e2e: E2ESession;
let page: Page;

beforeAll(async () => {
  e2e = await openE2E('update', { updater: updater as unknown as Updater });
  ({ page } = await e2e.open());
  await page.getByLabel('Mobile number').waitFor();
});
afterAll(() => e2e?.close());

describe('restart to update, in Chromium', () => {
  it('shows the banner when an update is ready and restarts on the shopkeeper’s click', async () => {
    expect(await page.getByText(/is ready to install/).count()).toBe(0);
    updater.status = 'ready';
    updater.ready?.('0.2.0');
    await page.getByText('RechargeDesk 0.2.0 is ready to install.').waitFor();
    await snap(page, 'update-01-banner');
    await page.getByRole('button', { name: 'Restart to update' }).click();
    await expect.poll(() => updater.restarts).toBe(1);
  });
});
