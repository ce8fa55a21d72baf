import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { snap } from '../support/chromium';
import { openE2E, type E2ESession } from '../support/e2e-session';
import { latinWords } from '../support/page-audit';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { twoAccountRules } from '../support/two-account-rules';
import type { Channel } from '../../src/shared/ipc/contract';

// Issue 29, History and the header with two accounts: Jio goes main → spare, Airtel spare → main.
// A sale whose first attempt the main provider reverses after it was counted failed is a possible
// double: both attempts are marked in History and the details, with both refs and accounts.
let e2e: E2ESession;
let main: Sandbox;
let spare: Sandbox;
let page: Page;
let problems: string[];
let saleId = '';
let refs: string[] = [];

const dispatch = async (channel: Channel, payload: unknown = {}) => {
  const r = await e2e.harness.core.router.dispatch(channel, payload);
  if (!r.ok) throw new Error(`${channel}: ${JSON.stringify(r.error)}`);
  return r.data as never;
};

beforeAll(async () => {
  main = await startSandbox({ username: '9000000001', token: 'main-token-123456', balance: 5000 });
  spare = await startSandbox({
    username: '9000000002',
    token: 'spare-token-123456',
    dialect: 'hash-text',
    balance: 7777,
    pendingMs: 60_000,
  });
  e2e = await openE2E('route-history', {
    acceptWeakTokenProtection: true,
    routing: {
      rules: twoAccountRules(spare, true, (code) => (code === 'AT' ? [{ account: 'spare' }, { account: 'main' }] : undefined)),
      tokens: { spare: spare.credentials.token },
    },
  });
  await dispatch('auth:save', { baseUrl: main.url, username: main.credentials.username, token: main.credentials.token });
  await dispatch('settings:update', { poller: { firstCheckSeconds: 1 } });

  // A sale refused by both (0000): the main's Failure is confirmed, the spare is tried; then the
  // main provider reverses its failure.
  const r = (await dispatch('recharge:submit', { number: '9876540000', operator: 'JIO', amount: 239 })) as { txn: { refId: string } };
  saleId = r.txn.refId;
  for (let i = 0; i < 200 && refs.length < 2; i++) {
    refs = ((await dispatch('txn:attempts', { saleId })) as { items: { refId: string }[] }).items.map((a) => a.refId);
    await new Promise((res) => setTimeout(res, 50));
  }
  expect(refs).toHaveLength(2);
  const first = main.admin.allTransactions().find((x) => x.refId === saleId)!;
  main.admin.reverseFailure(first.txnId);
  await dispatch('txn:check', { refId: saleId });
}, 60_000);

afterAll(async () => {
  await e2e?.close();
  await main?.close();
  await spare?.close();
});

async function open() {
  await page?.close();
  ({ page, problems } = await e2e.open({ width: 1024, height: 768 }));
  await page.locator('#recharge-number').waitFor();
  await page.locator('#recharge-number').focus();
}

const header = () => page.locator('.balance-main');

/** The header's wallet before and after Airtel (routed to the spare first) is typed at the counter. */
async function headerFollowsOperator(mainWallet: string, spareWallet: string, shot: string) {
  await expect.poll(() => header().getAttribute('data-account')).toBe('main');
  await expect.poll(() => header().textContent()).toMatch(new RegExp(`Main Provider.*${mainWallet}`));
  await page.keyboard.type('9876512121');
  await page.keyboard.press('Enter');
  await page.keyboard.press('2');
  await expect.poll(() => header().getAttribute('data-account')).toBe('spare');
  await expect.poll(() => header().textContent()).toMatch(new RegExp(`Spare Provider.*${spareWallet}`));
  await page.locator('.balance-details summary').click();
  const listed = page.locator('.balance-accounts > div');
  await expect.poll(() => listed.allTextContents()).toEqual([`Main Provider${mainWallet}`, `Spare Provider${spareWallet}`]);
  await snap(page, shot);
  await page.locator('.balance-details summary').click();
}

/** `changed`: History's mark of the first attempt's changed answer (its Failure the provider then carried out). */
async function historyShowsDouble(nav: string, double: string, attempt: string, changed: string, shot: string) {
  await page.getByRole('navigation').getByRole('button', { name: nav }).click();
  const rows = page.locator('.history-row');
  await expect.poll(() => rows.count()).toBe(2);
  await expect
    .poll(() => rows.locator('.row-route').allTextContents())
    .toEqual([`⚠ ${double} · Spare Provider · ${attempt} 2`, `${changed} · ⚠ ${double} · Main Provider · ${attempt} 1`]);
  expect(await rows.evaluateAll((els) => els.map((e) => e.classList.contains('is-double')))).toEqual([true, true]);
  // Newest first: the first attempt is the second row.
  await rows.nth(1).click();
  const note = page.locator('.double-note:not(.answer-changed-note)');
  await expect.poll(() => note.textContent()).toContain(refs[0]!);
  expect(await note.textContent()).toContain(refs[1]!);
  expect(await note.textContent()).toMatch(/Main Provider.*Spare Provider/);
  await expect.poll(() => page.locator('.details .sale-attempts li.is-double').count()).toBe(2);
  await snap(page, shot);
}

describe('several accounts in History and the header (issue 29)', () => {
  it('English: the header shows the spare wallet for Airtel; History marks both attempts of the double; the owner checks it', async () => {
    await open();
    // The reversed failure was charged: its changed answer is known, and its reply's balance read, before the header is.
    await headerFollowsOperator('₹4,766.97', '₹7,777.00', 'route-history-01-header-spare-en');
    // Refresh reads the wallet shown, the spare's, from its own provider.
    spare.admin.topUp(spare.credentials.username, 223);
    await page.getByRole('button', { name: 'Refresh balance' }).click();
    await expect.poll(() => header().textContent()).toMatch(/Spare Provider.*₹8,000\.00/);
    await historyShowsDouble(
      'History',
      'Possible double',
      'attempt',
      '↺ Answer changed: went through after all',
      'route-history-02-double-en',
    );
    await page.getByRole('button', { name: 'I have checked this' }).click();
    await page
      .locator('.double-note.is-seen')
      .getByText(/The owner checked this on/)
      .waitFor();
    // Kept: the rows are still marked, and a restart of the screen reads it from the ledger.
    await open();
    await page.getByRole('navigation').getByRole('button', { name: 'History' }).click();
    await expect.poll(() => page.locator('.history-row.is-double').count()).toBe(2);
    expect(problems).toEqual([]);
  }, 60_000);

  it('Hindi: the same marks and the header, with no stray English', async () => {
    await dispatch('settings:update', { language: 'hi' });
    try {
      await open();
      // The main wallet is as its provider says since the changed answer (the reversed failure was charged).
      await headerFollowsOperator('₹4,766.97', '₹8,000.00', 'route-history-03-header-spare-hi');
      await historyShowsDouble('इतिहास', 'शायद दोहरा', 'कोशिश', '↺ जवाब बदला: रिचार्ज हो गया था', 'route-history-04-double-hi');
      await page.locator('.double-note.is-seen').waitFor();
      expect(await latinWords(page)).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await dispatch('settings:update', { language: 'en' });
    }
  }, 60_000);
});
