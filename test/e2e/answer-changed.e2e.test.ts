import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { snap } from '../support/chromium';
import { openE2E, type E2ESession } from '../support/e2e-session';
import { rechargeByKeyboard, resultCard } from '../support/counter-keys';
import { startSandbox, type Sandbox } from '../../src/sandbox';

// Issue 35 item 1: the provider said Failure, carried the recharge out after all, and its status
// check now says Success. The card, History's row and details, and the notice say so, in English
// and Hindi, at the counter's 1024×768.
let e2e: E2ESession;
let provider: Sandbox;
let page: Page;
let problems: string[];

beforeAll(async () => {
  provider = await startSandbox({ username: '9000000001', token: 'main-token-123456' });
  e2e = await openE2E('answer-changed', { acceptWeakTokenProtection: true });
  const account = { baseUrl: provider.url, username: provider.credentials.username, token: provider.credentials.token };
  expect((await e2e.harness.core.router.dispatch('auth:save', account)).ok).toBe(true);
});

afterAll(async () => {
  await e2e?.close();
  await provider?.close();
});

beforeEach(async () => {
  await page?.close();
  ({ page, problems } = await e2e.open({ width: 1024, height: 768 }));
});

const dispatch = (channel: string, payload: unknown) => e2e.harness.core.router.dispatch(channel as never, payload as never);
const nav = (name: string) => page.getByRole('navigation').getByRole('button', { name, exact: true }).click();

describe('a changed answer at the counter', () => {
  it('Failure, then the check says Success: the card turns, says both answers and what to do with the money; History marks it; Hindi too', async () => {
    await page.getByLabel('Mobile number').waitFor();
    await rechargeByKeyboard(page, { number: '9876500000', amount: '239', operatorKey: '1' });
    await resultCard(page, /failed/i, 10_000);
    const last = (await dispatch('txn:lastForNumber', { number: '9876500000' })) as { ok: true; data: { txn: { refId: string } } };
    const refId = last.data.txn.refId;

    // The cash was handed back at the counter; then the provider carries the recharge out.
    expect(await dispatch('sale:settle', { refId, choice: 'given_back' })).toMatchObject({ ok: true });
    provider.admin.reverseFailure(provider.admin.allTransactions()[0]!.txnId);
    // The follow-up (2 minutes on) asks; here the check is asked at once, as its timer would.
    expect(await dispatch('txn:check', { refId })).toMatchObject({ ok: true, data: { txn: { status: 'Success' } } });

    await resultCard(page, /Recharge successful/, 5_000);
    const note = page.locator('.result .answer-changed-note');
    await note.waitFor({ timeout: 5_000 });
    const said = (await note.textContent()) ?? '';
    expect(said).toMatch(/Answer changed: the recharge of ₹239\.00 for 98765 00000/);
    expect(said).toMatch(/answered “Failure” at .*check now says “Success”/);
    expect(said).toContain('The customer was recharged after all.');
    expect(said).toContain('collect ₹239.00 from them');
    const notice = page
      .getByRole('region', { name: 'Messages for the shopkeeper' })
      .locator('.notice')
      .filter({ hasText: 'Answer changed' });
    await notice.waitFor({ timeout: 5_000 });
    await snap(page, 'answer-changed-01-card');
    // Offered, not guessed: the shopkeeper collects it, recorded once, and the offer goes.
    await note.getByRole('button', { name: 'Collected ₹239.00' }).click();
    await expect.poll(() => note.textContent()).toContain('Recorded: ₹239.00 collected from them.');
    expect(await note.getByRole('button').count()).toBe(0);

    await nav('History');
    const row = page.getByRole('list', { name: 'Transactions, newest first' }).getByRole('listitem').filter({ hasText: '98765 00000' });
    await row.waitFor();
    expect(await row.textContent()).toMatch(/Success.*Answer changed: went through after all/);
    await row.click();
    const details = page.locator('.details .answer-changed-note');
    await details.waitFor({ timeout: 5_000 });
    expect(await details.textContent()).toContain('Recorded: ₹239.00 collected from them.');
    await snap(page, 'answer-changed-02-history');
    expect(problems).toEqual([]);

    await dispatch('settings:update', { language: 'hi' });
    await page.reload();
    await page.getByRole('navigation').getByRole('button', { name: 'इतिहास', exact: true }).click();
    const hiRow = page.getByRole('list').getByRole('listitem').filter({ hasText: '98765 00000' });
    await hiRow.waitFor();
    expect(await hiRow.textContent()).toContain('जवाब बदला');
    await hiRow.click();
    const hiDetails = page.locator('.details .answer-changed-note');
    await hiDetails.waitFor({ timeout: 5_000 });
    expect(await hiDetails.textContent()).toContain('ग्राहक का रिचार्ज हो गया था');
    expect(await hiDetails.textContent()).toContain('दर्ज: उनसे ₹239.00 वापस लिए गए');
    await snap(page, 'answer-changed-03-history-hindi');
    await dispatch('settings:update', { language: 'en' });
  }, 60_000);
});
