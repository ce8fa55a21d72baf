import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { istDate } from '../../src/shared/ist-date';
import { OPERATORS } from '../../src/shared/operators';
import type { TxnStatus } from '../../src/shared/status';
import { routingRulesSchema } from '../../src/shared/routing/routing-schema';
import { snap } from '../support/chromium';
import { openE2E, type E2ESession } from '../support/e2e-session';

// Issue 29 item 5: the day book and the day close per provider account, in Chromium at 1024×768,
// against figures worked out by hand from the rows written below.
let e2e: E2ESession;
let page: Page;
let problems: string[];
const sims: Sandbox[] = [];

beforeAll(async () => {
  const [main, spare] = [await startSandbox({ dialect: 'document' }), await startSandbox({ dialect: 'caps-json', username: '9000000002' })];
  sims.push(main, spare);
  const rules = routingRulesSchema.parse({
    version: 1,
    enabled: true,
    accounts: [
      { id: 'main', name: 'Main Provider', profile: 'document', baseUrl: main.url, username: main.credentials.username },
      { id: 'spare', name: 'Spare Pay', profile: 'caps-json', baseUrl: spare.url, username: spare.credentials.username },
    ],
    routes: Object.fromEntries(OPERATORS.map((o) => [o.code, [{ account: 'main' }, { account: 'spare' }]])),
  });
  e2e = await openE2E('route-reports', { acceptWeakTokenProtection: true, routing: { rules, tokens: { spare: spare.credentials.token } } });
  const saved = await e2e.harness.core.router.dispatch('auth:save', {
    baseUrl: main.url,
    username: main.credentials.username,
    token: main.credentials.token,
  });
  expect(saved.ok).toBe(true);
  const { ledger } = await e2e.harness.core.session();
  const at = Date.now() - 60_000;
  let seq = 0;
  const attempt = (account: string, status: TxnStatus, amount: number, margin: number | null = null, sale?: string, no = 1) => {
    const refId = `RPT${++seq}X${account.toUpperCase()}`;
    ledger.insertSubmitting({
      refId,
      number: `98765${String(10_000 + seq)}`.slice(0, 10),
      operator: 'JIO',
      amount,
      rechargeDate: istDate(at),
      now: at,
      accountId: account,
      saleId: sale ?? refId,
      attemptNo: no,
    });
    ledger.update(refId, { status, margin, nextCheckAt: null }, 'reply', at + 1000);
    return refId;
  };
  // Main: ₹199 and ₹299 went through (commission ₹4.97 + ₹7.47), ₹149 refunded, ₹99 failed and
  // failed over to Spare. Spare: that ₹99 went through (₹2.97), ₹239 refused.
  attempt('main', 'Success', 19900, 497);
  attempt('main', 'Success', 29900, 747);
  attempt('main', 'Refunded', 14900);
  const failed = attempt('main', 'Failure', 9900);
  attempt('spare', 'Success', 9900, 297, failed, 2);
  attempt('spare', 'Error', 23900);
  ({ page, problems } = await e2e.open({ width: 1024, height: 768 }));
  await page.getByRole('navigation', { name: 'Main sections' }).getByRole('button', { name: 'Reports' }).click();
  await page.getByRole('heading', { name: 'Reports' }).waitFor();
});

afterAll(async () => {
  await e2e?.close();
  await Promise.all(sims.map((s) => s.close()));
});

const cells = async (table: ReturnType<Page['getByRole']>, row: string) =>
  (
    await table
      .getByRole('row', { name: new RegExp(`^${row}`) })
      .locator('th, td')
      .allTextContents()
  ).map((t) => t.replace(/\s+/g, ' ').trim());

describe('reports per provider account', () => {
  it("today's day book gives each account's sent, commission, refunds and failure rate, and the total", async () => {
    const table = page.getByRole('table', { name: 'By provider account', exact: true });
    await table.waitFor();
    expect(await cells(table, 'Main Provider')).toEqual([
      'Main Provider',
      '₹746.00 × 4',
      '₹498.00 × 2',
      '₹12.44',
      '₹149.00 × 1',
      '₹99.00 × 1',
      '25%',
    ]);
    expect(await cells(table, 'Spare Pay')).toEqual(['Spare Pay', '₹338.00 × 2', '₹99.00 × 1', '₹2.97', '₹0.00 × 0', '₹239.00 × 1', '50%']);
    expect(await cells(table, 'Total')).toEqual(['Total', '₹1,084.00 × 6', '₹597.00 × 3', '₹15.41', '₹149.00 × 1', '₹338.00 × 2', '33.3%']);
    await snap(page, 'route-reports-01-by-account');
  });

  it("the day close gives each account's part of the cash expected, and the total", async () => {
    const panel = page.getByRole('region', { name: /Close the day/ });
    const table = panel.getByRole('table', { name: 'The day by provider account' });
    expect(await cells(table, 'Main Provider')).toEqual(['Main Provider', '₹498.00 × 2', '₹149.00 × 1', '₹0.00 × 0']);
    expect(await cells(table, 'Spare Pay')).toEqual(['Spare Pay', '₹99.00 × 1', '₹0.00 × 0', '₹0.00 × 0']);
    expect(await cells(table, 'Total')).toEqual(['Total', '₹597.00 × 3', '₹149.00 × 1', '₹0.00 × 0']);
    await panel.getByText('₹597.00').first().waitFor();
    await table.scrollIntoViewIfNeeded();
    await snap(page, 'route-reports-02-day-close');
  });

  it('in Hindi', async () => {
    await page.getByLabel('Language').selectOption('hi');
    const table = page.getByRole('table', { name: 'प्रोवाइडर खाते-वार', exact: true });
    await table.waitFor();
    expect((await cells(table, 'कुल'))[6]).toMatch(/33[.,]3\s?%/);
    await page.getByRole('table', { name: 'दिन का हिसाब, प्रोवाइडर खाते-वार' }).waitFor();
    await snap(page, 'route-reports-03-hindi');
    await page.getByLabel('भाषा').selectOption('en');
    expect(problems).toEqual([]);
  });
});
