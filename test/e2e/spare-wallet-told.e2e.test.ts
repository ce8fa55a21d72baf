import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { snap } from '../support/chromium';
import { openE2E, type E2ESession } from '../support/e2e-session';
import { twoAccountRules } from '../support/two-account-rules';

// Issue 35 item 4 meets routing: money the spare account's provider takes that none of the spare's
// recharges explains is told on screen naming the spare, in English and Hindi, at 1024×768.
let main: Sandbox;
let spare: Sandbox;
let e2e: E2ESession;

beforeAll(async () => {
  main = await startSandbox({ username: '9000000001', token: 'main-token-123456', balance: 5000 });
  spare = await startSandbox({ username: '9000000002', token: 'spare-token-123456', dialect: 'hash-text', balance: 5000 });
  e2e = await openE2E('spare-wallet-told', {
    acceptWeakTokenProtection: true,
    balanceEveryMs: 300,
    routing: { rules: twoAccountRules(spare), tokens: { spare: spare.credentials.token } },
  });
  const saved = await e2e.harness.core.router.dispatch('auth:save', {
    baseUrl: main.url,
    username: main.credentials.username,
    token: main.credentials.token,
  });
  expect(saved.ok).toBe(true);
}, 60_000);

afterAll(async () => {
  await e2e?.close();
  await main?.close();
  await spare?.close();
});

describe('the spare account’s wallet, told on screen', () => {
  it('names the spare account in the notice, in English then Hindi', async () => {
    const { page, problems } = await e2e.open({ width: 1024, height: 768 });
    // Both wallets read once before the money goes: the drop is then measured from a known balance.
    await page.getByText('Live').first().waitFor({ timeout: 15_000 });
    await new Promise((r) => setTimeout(r, 1500));
    spare.admin.debit(spare.credentials.username, 23_303);
    const notices = page.getByRole('region', { name: 'Messages for the shopkeeper' });
    const notice = notices.locator('.notice').filter({ hasText: 'went out of the wallet of Spare Provider' });
    await notice.waitFor({ timeout: 20_000 });
    expect(await notice.textContent()).toContain('₹233.03');
    await snap(page, 'spare-wallet-told-01-en');

    await page.getByLabel('Language').selectOption('hi');
    // The region is named in Hindi now too.
    await page
      .getByRole('region', { name: 'दुकानदार के लिए संदेश' })
      .locator('.notice')
      .filter({ hasText: 'Spare Provider के वॉलेट से' })
      .waitFor({ timeout: 10_000 });
    await snap(page, 'spare-wallet-told-02-hi');
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);
});
