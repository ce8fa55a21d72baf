import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { snap } from '../support/chromium';
import { openE2E, type E2ESession } from '../support/e2e-session';
import { openCounter } from '../support/counter-keys';

// Issue 38 item 2: staff wiping a credit sale's due are asked for the owner's PIN in the same
// correction form; a wrong PIN records nothing, the right one records it and the counter stays staff's.
const PIN = '2468';
let e2e: E2ESession;
let page: Page;

beforeAll(async () => {
  e2e = await openE2E('khata-owner-word', { ownerPin: PIN });
});
afterAll(() => e2e?.close());

const dispatch = async <T>(channel: string, request: unknown = {}) => {
  const r = (await (e2e.harness.core.router.dispatch as (c: string, r: unknown) => Promise<unknown>)(channel, request)) as {
    ok: boolean;
    data: T;
  };
  expect(r.ok, channel).toBe(true);
  return r.data;
};
const dueOf = async (number: string) => (await dispatch<{ due: number }>('khata:get', { number, lines: 0 })).due;

/** An ₹800 credit sale recorded by the owner, then the counter handed back to staff. */
async function owing(number: string) {
  if ((await dispatch<{ role: string }>('lock:status')).role !== 'owner') await dispatch('lock:unlock', { pin: PIN });
  await dispatch('recharge:submit', { number, operator: 'JIO', amount: 800, payment: { method: 'credit' } });
  await dispatch('lock:lock');
  expect(await dueOf(number)).toBe(80_000);
}

async function correctToNothing(
  nav: string,
  tab: string,
  number: string,
  words: { needs: RegExp; wrong: RegExp; done: RegExp },
  shot: string,
) {
  await page?.close();
  ({ page } = await openCounter(e2e));
  await page.getByRole('navigation').getByRole('button', { name: nav }).click();
  await page.getByRole('button', { name: tab }).click();
  await page.locator('.dues-rows .due-row', { hasText: number.slice(0, 5) }).click();
  await page.locator('.khata-statement tr[data-kind="sale"] button').click();
  await page.locator('#khata-correct-amount').fill('0');
  await page.locator('.khata-correct button[type="submit"]').click();
  // Asked in the same form: the PIN box appears under the amount, with the reason above.
  await page.getByText(words.needs).waitFor();
  await page.locator('.khata-correct #khata-correct-owner-pin').waitFor();
  expect(await dueOf(number)).toBe(80_000);
  await page.locator('#khata-correct-owner-pin').fill('1111');
  await page.keyboard.press('Enter');
  await page.getByText(words.wrong).waitFor();
  expect(await dueOf(number)).toBe(80_000);
  await page.setViewportSize({ width: 1024, height: 768 });
  await snap(page, `${shot}-asked`);
  await page.locator('#khata-correct-owner-pin').fill(PIN);
  await page.keyboard.press('Enter');
  await page.getByText(words.done).waitFor();
  expect(await dueOf(number)).toBe(0);
  expect((await dispatch<{ role: string }>('lock:status')).role).toBe('staff');
  await snap(page, `${shot}-done`);
}

describe('a correction that lowers a due, as staff', () => {
  it('asks the owner’s PIN in the same form (English)', async () => {
    await owing('9876405555');
    await correctToNothing(
      'Customers',
      'Dues (khata)',
      '9876405555',
      { needs: /needs the owner/, wrong: /not the owner’s PIN/, done: /Correction added/ },
      'khata-owner-word-en',
    );
  });

  it('asks the owner’s PIN in the same form (Hindi)', async () => {
    await dispatch('settings:update', { language: 'hi' });
    try {
      await owing('9876515555');
      await correctToNothing(
        'ग्राहक',
        'बकाया (खाता)',
        '9876515555',
        { needs: /मालिक चाहिए/, wrong: /मालिक का पिन नहीं/, done: /सुधार जुड़ गया/ },
        'khata-owner-word-hi',
      );
    } finally {
      await dispatch('settings:update', { language: 'en' });
    }
  });
});
