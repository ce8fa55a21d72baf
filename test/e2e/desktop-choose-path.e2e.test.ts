import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join, resolve } from 'node:path';
import { ensureAppBuilt } from '../support/electron-standin/ensure-built';
import { startMain, type MainProcess } from '../support/electron-standin/run-main';
import { fileTempDir } from '../support/temp-dir';

// Issue 26 item 6 in the app itself: "Choose…" opens the OS dialog (the stand-in's, answered by
// the fileDialogAnswers switch) and the box takes the folder chosen. The harness's browser is
// test/e2e/choose-path.e2e.test.ts.
const SCREENSHOTS = resolve(import.meta.dirname, '../../test-results/screenshots');
const userData = fileTempDir('desktop-choose');
const USB = join(userData, 'usb-drive');
let app: MainProcess;

beforeAll(() => {
  ensureAppBuilt();
  app = startMain({ userData, switches: { fileDialogAnswers: [USB, null] } });
}, 120_000);

afterAll(() => {
  if (app?.isRunning()) app.kill();
});

describe('choosing a folder in the app', () => {
  it('opens the OS folder dialog and fills the box with its answer; Cancel leaves it', async () => {
    await app.waitFor((r) => r.kind === 'window' && r.event === 'show', 30_000);
    const boxes = await app.inApp(
      async (ctx, shot) => {
        const page = await ctx.page();
        await page.getByRole('navigation').getByRole('button', { name: 'Settings' }).click();
        const box = page.locator('#backup-second');
        const choose = page.getByRole('button', { name: /Choose… Second folder/ });
        await choose.click();
        await page.waitForFunction(() => {
          const el = (
            globalThis as unknown as { document: { getElementById(id: string): { value: string } | null } }
          ).document.getElementById('backup-second');
          return !!el && el.value !== '';
        });
        const chosen = await box.inputValue();
        await page.screenshot({ path: shot });
        await choose.click();
        await new Promise((done) => setTimeout(done, 300));
        return { chosen, afterCancel: await box.inputValue(), browsers: await page.getByRole('dialog').count() };
      },
      join(SCREENSHOTS, 'desktop-choose-path.png'),
    );
    expect(boxes).toEqual({ chosen: USB, afterCancel: USB, browsers: 0 });
    const dialogs = app.records.filter((r) => r.kind === 'dialog' && r.method === 'showOpenDialog');
    expect(dialogs).toHaveLength(2);
    expect(dialogs[0]).toMatchObject({ message: expect.stringContaining('openDirectory') });
    // The second started where the box pointed.
    expect(dialogs[1]).toMatchObject({ detail: USB });
  }, 60_000);
});
