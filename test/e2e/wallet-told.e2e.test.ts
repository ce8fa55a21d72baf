import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { snap } from '../support/chromium';
import { openE2E, type E2ESession } from '../support/e2e-session';
import { rechargeByKeyboard, resultCard } from '../support/counter-keys';
import { formatInr, paise } from '../../src/shared/money';

let e2e: E2ESession;
let page: Page;
let problems: string[];

beforeAll(async () => {
  // The wallet read every 2 s instead of every minute, as `npm run web -- --balance-every-seconds 2`;
  // the practice provider reverses a …3333 success, and refunds a …6666 complaint, after 4 s.
  e2e = await openE2E('wallet-told', { demoPendingMs: 4000, balanceEveryMs: 2000 });
});

afterAll(() => e2e?.close());

beforeEach(async () => {
  await page?.close();
  ({ page, problems } = await e2e.open());
});

const dispatch = (channel: string, payload: unknown) => e2e.harness.core.router.dispatch(channel as never, payload as never);
const nav = (name: string) => page.getByRole('navigation').getByRole('button', { name, exact: true }).click();
const buyer = async () => {
  const r = (await dispatch('balance:get', {})) as { ok: true; data: { balance: { buyer: number } } };
  return r.data.balance.buyer;
};
const lastFor = async (number: string) => {
  const r = (await dispatch('txn:lastForNumber', { number })) as { ok: true; data: { txn: { refId: string; status: string } } };
  return r.data.txn;
};

describe('every rupee told, without a click', () => {
  it('a success the provider reverses later: the notice names the number and the amount, the card, History and the header follow, with no click', async () => {
    await page.getByLabel('Mobile number').waitFor();
    await rechargeByKeyboard(page, { number: '9876513333', amount: '194', operatorKey: '1' });
    await resultCard(page, /Recharge successful/, 10_000);
    const header = page.locator('header');
    const charged = await buyer();
    await expect.poll(() => header.textContent()).toContain(formatInr(paise(charged)));
    await snap(page, 'wallet-told-01-success-before-reversal');

    // Nobody touches anything: the steady balance reading sees money no answer explains, and the
    // status check it sets off finds the reversal.
    const notice = page
      .getByRole('region', { name: 'Messages for the shopkeeper' })
      .locator('.notice')
      .filter({ hasText: '98765 13333' })
      .filter({ hasText: '₹194.00' });
    await notice.waitFor({ timeout: 20_000 });
    expect(await notice.textContent()).toMatch(/reversed by the provider/);
    await resultCard(page, /Refunded after success/, 5_000);
    const back = await buyer();
    expect(back).toBeGreaterThan(charged);
    await expect.poll(() => header.textContent()).toContain(formatInr(paise(back)));
    await snap(page, 'wallet-told-02-reversal-found');

    await nav('History');
    const row = page.getByRole('list', { name: 'Transactions, newest first' }).getByRole('listitem').filter({ hasText: '98765 13333' });
    await row.waitFor();
    expect(await row.textContent()).toMatch(/Refunded/);
    await snap(page, 'wallet-told-03-history-refunded');
    // (Checked before the reload below, which ends the page's event stream on purpose.)
    expect(problems).toEqual([]);

    // The notice is the catalogue's: in Hindi too.
    await dispatch('settings:update', { language: 'hi' });
    await page.reload();
    const hindi = page.getByRole('region', { name: 'दुकानदार के लिए संदेश' }).locator('.notice').filter({ hasText: '98765 13333' });
    await hindi.waitFor();
    expect(await hindi.textContent()).toContain('₹194.00');
    await snap(page, 'wallet-told-04-reversal-hindi');
    await dispatch('settings:update', { language: 'en' });
  }, 60_000);

  it('a complaint\'s refund lands: the Complaints screen turns "owes you" into "came back" by itself', async () => {
    await page.getByLabel('Mobile number').waitFor();
    await rechargeByKeyboard(page, { number: '9876526666', amount: '299', operatorKey: '1' });
    await resultCard(page, /Recharge successful/, 10_000);
    const txn = await lastFor('9876526666');
    expect(await dispatch('complaint:create', { refId: txn.refId, reason: 'Recharge not received' })).toMatchObject({ ok: true });
    await nav('Complaints');
    await page.getByRole('cell', { name: 'Provider owes you ₹299.00' }).waitFor({ timeout: 3_000 });
    await snap(page, 'wallet-told-05-complaint-owed');
    // The provider refunds it; its own re-check is 30 minutes away. The wallet moved, so it is checked now.
    await page.getByRole('cell', { name: '₹299.00 came back' }).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('cell', { name: 'Provider owes you ₹299.00' }).count()).toBe(0);
    expect((await lastFor('9876526666')).status).toBe('Refunded');
    const told = page.getByRole('region', { name: 'Messages for the shopkeeper' }).locator('.notice').filter({ hasText: 'CM' });
    expect(await told.textContent()).toMatch(/Complaint CM\d+ answered: ₹299\.00 for 98765 26666 came back to the wallet/);
    await snap(page, 'wallet-told-06-complaint-came-back');
    expect(problems).toEqual([]);
  }, 60_000);
});
