import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { snap } from '../support/chromium';
import { openE2E, type E2ESession } from '../support/e2e-session';
import type { DeskApi } from '../../src/shared/ipc/desk-api';
import { lockStatusSchema } from '../../src/shared/lock-schemas';

// The owner lock in Chromium through the harness: set the PIN in Settings, lock, staff sees the
// owner's controls locked and main refuses them even when asked directly, unlock, idle lock.
// One "minute" of the idle lock lasts one second here, so the idle step takes seconds.
let e2e: E2ESession;
let page: Page;
let problems: string[];

beforeAll(async () => {
  e2e = await openE2E('lock', { lockMinuteMs: 1000 });
  ({ page, problems } = await e2e.open());
});
afterAll(async () => {
  await e2e?.close();
});

const nav = () => page.getByRole('navigation', { name: 'Main sections' });
const go = (name: string) => nav().getByRole('button', { name, exact: true }).click();
const role = async () => {
  const r = await e2e.harness.core.router.dispatch('lock:status', {});
  return r.ok ? lockStatusSchema.parse(r.data) : null;
};

describe('owner lock', () => {
  it('Settings asks for an owner PIN first; a PIN in a bad form is refused and nothing changes', async () => {
    await go('Settings');
    await page.getByRole('heading', { name: 'Owner PIN and lock' }).waitFor();
    await page.getByText('Set an owner PIN first.', { exact: false }).waitFor();
    await page.locator('#pin-new').fill('12a4');
    await page.locator('#pin-again').fill('12a4');
    await page.getByRole('button', { name: 'Set owner PIN' }).click();
    await page.getByRole('alert').filter({ hasText: 'digits only' }).waitFor();
    await page.locator('#pin-new').fill('123');
    await page.locator('#pin-again').fill('123');
    await page.getByRole('button', { name: 'Set owner PIN' }).click();
    await page.getByRole('alert').filter({ hasText: '4 to 8 digits' }).waitFor();
    await page.locator('#pin-new').fill('2468');
    await page.locator('#pin-again').fill('2486');
    await page.getByRole('button', { name: 'Set owner PIN' }).click();
    await page.getByRole('alert').filter({ hasText: 'not the same' }).waitFor();
    expect(await role()).toMatchObject({ pinSet: false, role: 'owner' });
    await snap(page, 'lock-first-pin-en');
  });

  it('sets the PIN; locked, staff sees the owner controls locked and main refuses them', async () => {
    await page.locator('#pin-new').fill('2468');
    await page.locator('#pin-again').fill('2468');
    await page.getByRole('button', { name: 'Set owner PIN' }).click();
    await page.getByRole('status').filter({ hasText: 'Owner PIN saved' }).waitFor();
    expect(await role()).toMatchObject({ pinSet: true, role: 'owner' });
    // The PIN is nowhere in the page once sent.
    expect(await page.content()).not.toContain('2468');

    await nav().getByRole('button', { name: 'Lock' }).click();
    await nav().getByRole('button', { name: 'Owner unlock' }).waitFor();
    expect((await role())?.role).toBe('staff');
    await page
      .getByRole('button', { name: /Owner PIN needed/ })
      .first()
      .waitFor();
    expect(await page.locator('#low').isDisabled()).toBe(true);
    expect(await page.locator('#settings-language').isDisabled()).toBe(true);
    await snap(page, 'lock-settings-locked-en');

    // Whatever the window shows, main refuses: the same calls straight from the page.
    const refused = await page.evaluate(async () => {
      // The page's own window.desk (the bridge script's), typed from the contract.
      const d = Reflect.get(globalThis, 'desk') as DeskApi;
      const answers = await Promise.all([
        d.settings.update({ lowBalanceRupees: 1 }),
        d.dayclose.close({ date: new Date().toISOString().slice(0, 10), counted: 0, recount: true }),
        d.report.export({ from: '2026-11-01', to: '2026-11-02', format: 'csv' }),
        d.backup.export({ folder: '/tmp' }),
        d.auth.clear(),
      ]);
      return answers.map((a) => (a.ok ? 'ok' : a.error.code));
    });
    expect(refused).toEqual(['owner_only', 'owner_only', 'owner_only', 'owner_only', 'owner_only']);

    await go('Reports');
    await page.getByRole('heading', { name: 'Reports' }).waitFor();
    await page.getByRole('button', { name: /Owner PIN needed to export/ }).waitFor();
    expect(await page.getByRole('button', { name: 'CSV', exact: false }).first().isDisabled()).toBe(true);
    // Staff count the drawer themselves (blind); only a recount needs the owner (cash-count.e2e).
    await page.getByText('The cash expected is shown once your count is recorded').waitFor();
    await snap(page, 'lock-reports-locked-en');
  });

  it('a wrong PIN is refused with a clear message; the right one unlocks', async () => {
    await page.getByRole('button', { name: /Owner PIN needed to export/ }).click();
    const dialog = page.getByRole('dialog', { name: /Owner PIN/ });
    await dialog.waitFor();
    await dialog.locator('#unlock-pin').fill('12x4');
    await dialog.getByRole('button', { name: 'Unlock', exact: true }).click();
    await dialog.getByRole('alert').filter({ hasText: 'digits only' }).waitFor();
    expect((await role())?.failures).toBe(0);
    await dialog.locator('#unlock-pin').fill('1111');
    await dialog.getByRole('button', { name: 'Unlock', exact: true }).click();
    await dialog.getByRole('alert').filter({ hasText: 'That PIN is not right' }).waitFor();
    await dialog.getByText('1 wrong PIN so far').waitFor();
    expect(await role()).toMatchObject({ role: 'staff', failures: 1 });
    await snap(page, 'lock-dialog-en');
    await dialog.locator('#unlock-pin').fill('2468');
    await dialog.getByRole('button', { name: 'Unlock', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await nav().getByRole('button', { name: 'Lock' }).waitFor();
    expect(await page.locator('.close-day-form input').first().isDisabled()).toBe(false);
    expect(await page.getByRole('button', { name: /Owner PIN needed/ }).count()).toBe(0);
  });

  it('goes back to staff by itself after the idle minutes', async () => {
    await go('Settings');
    await page.locator('#idle').fill('1');
    await page.locator('#idle').press('Tab');
    // One minute is one second in this run: staff again without anyone pressing Lock.
    await nav().getByRole('button', { name: 'Owner unlock' }).waitFor({ timeout: 10_000 });
    expect((await role())?.role).toBe('staff');
    await page
      .getByRole('button', { name: /Owner PIN needed/ })
      .first()
      .waitFor();
  });

  it('staff may send a repeat only up to the amount the owner set', async () => {
    const codes = await page.evaluate(async () => {
      const d = Reflect.get(globalThis, 'desk') as DeskApi;
      const out: string[] = [];
      for (const [number, amount, again] of [
        ['9876512345', 599, false],
        ['9876512345', 599, true],
        ['9876554321', 299, false],
        ['9876554321', 299, true],
      ] as const) {
        const r = await d.recharge.submit({ number, operator: 'JIO', amount, confirmDuplicate: again, confirmOpen: again });
        out.push(r.ok ? 'ok' : r.error.code);
      }
      return out;
    });
    // ₹599 went once; its repeat is above the owner's ₹500 and refused to staff; ₹299 may be repeated.
    expect(codes).toEqual(['ok', 'owner_only', 'ok', 'ok']);
  });

  it('in Hindi: the lock dialog and the locked controls', async () => {
    await nav().locator('.language-switch select').selectOption('hi');
    await page
      .getByRole('button', { name: /मालिक का पिन चाहिए/ })
      .first()
      .waitFor();
    await snap(page, 'lock-settings-locked-hi');
    await page
      .getByRole('button', { name: /मालिक का पिन चाहिए/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('#unlock-pin').fill('9999');
    await dialog.getByRole('button', { name: 'अनलॉक करें', exact: true }).click();
    await dialog.getByRole('alert').waitFor();
    await snap(page, 'lock-dialog-hi');
    await dialog.getByRole('button', { name: 'पिन भूल गए?' }).click();
    await dialog.getByText('owner-pin.json', { exact: false }).waitFor();
    await snap(page, 'lock-forgot-hi');
    expect(problems).toEqual([]);
  });
});
