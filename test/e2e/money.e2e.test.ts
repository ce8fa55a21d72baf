import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Harness } from '../../src/harness/start-harness';
import { snap } from '../support/chromium';
import { openE2E, type E2ESession } from '../support/e2e-session';
import { startScriptedProvider } from '../support/scripted-provider';
import { contract } from '../../src/shared/ipc/contract';
import { amountAndConfirm } from '../support/counter-keys';

let e2e: E2ESession;
let harness: Harness;
let page: Page;
let problems: string[];

beforeAll(async () => {
  e2e = await openE2E('money', { demoPendingMs: 60_000, acceptWeakTokenProtection: true });
  harness = e2e.harness;
  ({ page, problems } = await e2e.open());
  await page.getByLabel('Mobile number').waitFor();
});

afterAll(() => e2e?.close());

const sandbox = () => harness.demoSandbox()!;
const nav = (name: string) => page.getByRole('navigation', { name: 'Main sections' }).getByRole('button', { name }).click();

async function typeRecharge(number: string, amount: string) {
  await page.getByLabel('Mobile number').fill(number);
  await page.keyboard.press('Enter');
  await page.keyboard.press('1');
  await amountAndConfirm(page, amount);
}

/** A recharge through the core's router, its transaction read back with the contract's schema. */
async function submitted(number: string, amount: number) {
  const r = await harness.core.router.dispatch('recharge:submit', { number, operator: 'JIO', amount, confirmDuplicate: true });
  if (!r.ok) throw new Error(`recharge failed: ${JSON.stringify(r.error)}`);
  return contract.channels['recharge:submit'].response.parse(r.data).txn;
}

describe('money after the first answer, in Chromium', () => {
  it('a refund after success shows on the result card and in history', async () => {
    await typeRecharge('9876545555', '149');
    await page.getByRole('heading', { name: /Recharge successful/ }).waitFor();
    const refId = (await page.locator('.result .mono').last().textContent()) ?? '';
    // The provider reverses it; its callback makes the app check (here the check is asked directly).
    const held = sandbox()
      .admin.allTransactions()
      .find((t) => t.refId === refId)!;
    sandbox().admin.forceStatus(held.txnId, 'Refunded');
    await harness.core.router.dispatch('txn:check', { refId });
    await page.getByRole('note').getByText('₹149.00 refunded to wallet, after success').waitFor();
    await snap(page, 'money-01-card-refunded-after-success');

    await page.getByRole('button', { name: 'Next customer' }).click();
    await nav('History');
    await page.getByRole('list', { name: 'Transactions, newest first' }).getByRole('listitem').first().click();
    const details = page.getByRole('complementary', { name: /98765 45555/ });
    await details.getByRole('note').getByText('₹149.00 refunded to wallet, after success').waitFor();
    expect(await details.locator('.timeline-note').textContent()).toContain('₹149.00 refunded to wallet, after success');
    await snap(page, 'money-02-history-refunded-after-success');
  });

  it('the complaints list says what the provider owes and what came back', async () => {
    const owed = await submitted('9876505555', 199);
    const back = await submitted('9876515555', 299);
    await harness.core.router.dispatch('complaint:create', { refId: owed.refId, reason: 'Recharge not received' });
    await harness.core.router.dispatch('complaint:create', { refId: back.refId, reason: 'Recharge not received' });
    const complaint = sandbox()
      .admin.complaints()
      .find((c) => c.txnId === back.txnId)!;
    sandbox().admin.resolveComplaint(complaint.complainId, true);
    const checked = await harness.core.router.dispatch('txn:check', { refId: back.refId });
    expect(checked).toMatchObject({ ok: true, data: { txn: { status: 'Refunded' } } });
    expect(await harness.core.router.dispatch('complaint:list', {})).toMatchObject({
      ok: true,
      data: { items: [{ state: 'refunded' }, { state: 'raised' }] },
    });
    await nav('Complaints');
    await page.getByRole('cell', { name: 'Provider owes you ₹199.00' }).waitFor();
    await page.getByRole('cell', { name: '₹299.00 came back' }).waitFor();
    await snap(page, 'money-03-complaints');
  });

  it('a new recharge to a number with one still open asks again, naming the open one', async () => {
    const open = await submitted('9876544444', 49);
    await nav('Recharge');
    await typeRecharge('9876544444', '49');
    const alert = page.getByRole('dialog').getByRole('alert');
    await alert.getByText(/not settled yet/).waitFor();
    // The catalogue's words for the recharge the core matched: its amount, its ref.
    const text = (await alert.textContent()) ?? '';
    expect(text).toContain(open.refId);
    expect(text).toMatch(
      new RegExp(`₹49\\.00 sent to this number at \\d{1,2}:\\d\\d [ap]m \\(ref ${open.refId}\\) is still (pending|unconfirmed)\\.`),
    );
    expect(text).toContain('Send another only if the customer wants a second recharge.');
    await snap(page, 'money-04-open-recharge-confirmation');
    await page.getByRole('button', { name: 'Yes, send a second recharge' }).click();
    await page.getByRole('heading', { name: /Recharge is being processed/ }).waitFor();
    expect(problems).toEqual([]);
  });

  it('a negative balance from the provider is shown as reported, with a warning', async () => {
    const provider = await startScriptedProvider(() => ({
      body: { status: 'Success', buyerBalance: '-500.00', sellerBalance: '0.00', lienBalance: '0.00', message: '' },
    }));
    try {
      const saved = await harness.core.router.dispatch('auth:save', {
        baseUrl: provider.url,
        username: '9876543210',
        token: 'scripted-token',
      });
      expect(saved.ok).toBe(true);
      await page.reload();
      await page.getByRole('button', { name: /Refresh balance/ }).click();
      await page
        .getByRole('note')
        .getByText(/looks wrong/)
        .waitFor();
      expect(await page.locator('.balance-amount').textContent()).toBe('-₹500.00');
      await snap(page, 'money-05-odd-balance');
    } finally {
      await harness.core.router.dispatch('auth:clear', {});
      await provider.close();
    }
  });
});
