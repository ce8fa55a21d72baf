import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join, resolve } from 'node:path';
import { ensureAppBuilt } from '../support/electron-standin/ensure-built';
import { startMain, type MainProcess } from '../support/electron-standin/run-main';
import type { ChildContext } from '../support/electron-standin/child-control';
import { demoRechargeInWindow } from '../support/electron-standin/demo-recharge-in-window';
import type { StandInRecord } from '../support/electron-standin/state';
import { makeTempDir, removeTempDir } from '../support/temp-folder';

const SCREENSHOTS = resolve(import.meta.dirname, '../../test-results/screenshots');
const opened: { app: MainProcess; dir: string }[] = [];

async function openApp(switches: Parameters<typeof startMain>[0]['switches'] = {}): Promise<MainProcess> {
  const dir = makeTempDir('running');
  const app = startMain({ userData: dir, switches });
  opened.push({ app, dir });
  await app.waitFor((r) => r.kind === 'window' && r.event === 'show', 30_000);
  return app;
}

const dialogs = (app: MainProcess) => app.records.filter((r): r is Extract<StandInRecord, { kind: 'dialog' }> => r.kind === 'dialog');

/** A demo recharge by keyboard, then its details in History: the shopkeeper's way to Copy IDs. */
async function rechargeAndOpenDetails(ctx: ChildContext, recharge: (ctx: ChildContext) => Promise<void>): Promise<void> {
  await recharge(ctx);
  const page = await ctx.page();
  await page.keyboard.press('Enter');
  await page.getByRole('navigation', { name: 'Main sections' }).getByRole('button', { name: 'History' }).click();
  await page.getByRole('list', { name: 'Transactions, newest first' }).getByRole('listitem').first().click();
  await page.getByRole('button', { name: 'Copy IDs' }).click();
}

let app: MainProcess;

beforeAll(async () => {
  ensureAppBuilt();
  app = await openApp();
}, 120_000);

afterAll(() => {
  for (const { app, dir } of opened.splice(0)) {
    if (app.isRunning()) app.kill();
    removeTempDir(dir);
  }
});

describe('the running app handles what nobody caught', () => {
  it('an uncaught exception in main is told to the shopkeeper, and the app keeps serving', async () => {
    await app.inApp(async (ctx) => ctx.throwInMain('stand-in: thrown in main'), null);
    await app.waitFor((r) => r.kind === 'dialog' && r.detail.includes('stand-in: thrown in main'));
    const box = dialogs(app).at(-1);
    expect(box?.title).toContain('internal error');
    expect(box?.message).toContain('Recharges already sent are safe in the history');
    expect(box?.message).toContain('सुरक्षित');
    expect(app.isRunning()).toBe(true);
    const mode = await app.inApp(async (ctx) => {
      const page = await ctx.page();
      return page.evaluate(async () => {
        const desk: unknown = Reflect.get(globalThis, 'desk');
        const info = await Reflect.get(Reflect.get(Object(desk), 'app'), 'info')();
        return Reflect.get(Reflect.get(Object(info), 'data'), 'mode');
      });
    }, null);
    expect(mode).toBe('demo');
  }, 60_000);

  it('an unhandled rejection in main is told as well, and the app keeps serving', async () => {
    await app.inApp(async (ctx) => ctx.rejectInMain('stand-in: rejected in main'), null);
    await app.waitFor((r) => r.kind === 'dialog' && r.detail.includes('stand-in: rejected in main'));
    expect(app.isRunning()).toBe(true);
  }, 60_000);

  it('a renderer that dies is reloaded, the counter comes back, and the shopkeeper is told to check History', async () => {
    await app.inApp(async (ctx) => ctx.crashRenderer(), null);
    await app.waitFor((r) => r.kind === 'window' && r.event === 'reload', 30_000);
    const box = await app.waitFor((r) => r.kind === 'dialog' && r.title.includes('reloaded'));
    expect(box).toMatchObject({ detail: expect.stringContaining('crashed') });
    expect(JSON.stringify(box)).toContain('check in History');
    const back = await app.inApp(
      async (ctx, shot) => {
        const page = await ctx.page();
        await page.getByLabel('Mobile number').waitFor({ timeout: 15_000 });
        await page.screenshot({ path: shot });
        return true;
      },
      join(SCREENSHOTS, 'desktop-app-after-renderer-crash.png'),
    );
    expect(back).toBe(true);
  }, 60_000);
});

describe('Copy IDs in the app', () => {
  const copyIds = (target: MainProcess, shot: string) =>
    target.inApp(
      async (ctx, arg) => {
        // The helper travels as source: this function runs in the app's process.
        const [helper, recharge]: unknown[] = [arg.helper, arg.recharge].map((source) => (0, eval)(`(${source})`));
        if (typeof helper !== 'function' || typeof recharge !== 'function') throw new Error('no helper');
        await helper(ctx, recharge);
        const page = await ctx.page();
        const details = page.getByRole('complementary');
        await page.waitForTimeout(300);
        if ((await details.getByRole('alert').count()) > 0) await details.getByRole('alert').scrollIntoViewIfNeeded();
        else await details.getByRole('button', { name: /Copy IDs|Copied/ }).scrollIntoViewIfNeeded();
        await page.screenshot({ path: arg.shot });
        return {
          button: await details.getByRole('button', { name: /Copy IDs|Copied/ }).textContent(),
          alert: (await details.getByRole('alert').count()) > 0 ? await details.getByRole('alert').textContent() : null,
          ref: await details.locator('.mono').first().textContent(),
        };
      },
      { helper: rechargeAndOpenDetails.toString(), recharge: demoRechargeInWindow.toString(), shot },
    );

  it('copies the transaction IDs through main and says Copied', async () => {
    const seen = await copyIds(app, join(SCREENSHOTS, 'desktop-app-copied.png'));
    expect(seen.button).toBe('Copied');
    expect(seen.alert).toBeNull();
    const copied = app.records.filter((r) => r.kind === 'clipboard');
    expect(copied).toHaveLength(1);
    expect(copied[0]).toMatchObject({ text: expect.stringContaining(`ref_id ${seen.ref}`) });
  }, 60_000);

  it('says so when the clipboard takes nothing, in plain words', async () => {
    const broken = await openApp({ clipboardFails: true });
    const seen = await copyIds(broken, join(SCREENSHOTS, 'desktop-app-copy-failed.png'));
    expect(seen.button).toBe('Copy IDs');
    expect(seen.alert).toBe('Could not copy. Select the IDs above and copy them by hand.');
  }, 60_000);
});
