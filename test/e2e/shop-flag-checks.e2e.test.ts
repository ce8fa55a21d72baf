import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { snap } from '../support/chromium';
import { openE2E, type E2ESession } from '../support/e2e-session';
import { startPostgres, type PostgresServer } from '../support/postgres-server';
import { startSandbox, type Sandbox } from '../../src/sandbox';

// Issue 37: another counter's possible doubles in the whole-shop history, one checked at that
// counter, one checked here by the owner; this counter in Chromium at 1024×768, the other counter's
// rows and check written into the real PostgreSQL shop ledger as its sync writes them.
let pg: PostgresServer;
let sandbox: Sandbox;
let e2e: E2ESession;
let page: Page;
let problems: string[];
let db = '';
const now = Date.now() - 600_000;

const attempt = (ref: string, sale: string, no: number, account: string, name: string) =>
  `('${ref}', 'CCCC', '9876500001', 'JIO', 23900, 'Success', 'Recharge done', '2026-11-23', ${now + no * 1000}, ${now + no * 1000}, ${no},
    '${sale}', ${no === 1 || no === 3 ? 1 : 2}, '${account}', '${name}')`;

beforeAll(async () => {
  pg = await startPostgres();
  const url = pg.newDatabase();
  db = new URL(url).pathname.slice(1);
  sandbox = await startSandbox({ token: 'e2e-flag-token-123', balance: 100_000 });
  e2e = await openE2E('shop-flag-checks', { acceptWeakTokenProtection: true, shopSyncMs: 100 });
  const auth = { baseUrl: sandbox.url, username: sandbox.credentials.username, token: 'e2e-flag-token-123' };
  expect((await e2e.harness.core.router.dispatch('auth:save', auth)).ok).toBe(true);
  const r = await e2e.harness.core.router.dispatch('shop:configure', {
    url,
    tls: 'disable',
    counterName: 'Front desk',
    password: pg.password,
  });
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  // The schema is made by this counter's first sync.
  await vi.waitFor(() => expect(pg.psql(`SELECT count(*) FROM shop_counters`, db).trim()).toBe('1'), { timeout: 15_000 });
  pg.psql(
    `INSERT INTO shop_counters (prefix, name) VALUES ('CCCC', 'Back room');
     INSERT INTO shop_txns (ref_id, counter, number, operator, amount, status, message, recharge_date, created_at, updated_at,
       last_event_id, sale_id, attempt_no, account_id, account_name) VALUES
       ${attempt('CCCC000000000001', 'CCCC000000000001', 1, 'main', 'Main Provider')},
       ${attempt('CCCC000000000002', 'CCCC000000000001', 2, 'spare', 'Spare Provider')},
       ${attempt('CCCC000000000003', 'CCCC000000000003', 3, 'main', 'Main Provider')},
       ${attempt('CCCC000000000004', 'CCCC000000000003', 4, 'spare', 'Spare Provider')};
     INSERT INTO shop_records (counter, kind, local_id, body, version) VALUES
       ('CCCC', 'flag_checked', 'CCCC000000000003', '{"saleId":"CCCC000000000003","saleCounter":"CCCC","at":${now + 9000}}', ${now + 9000});`,
    db,
  );
  ({ page, problems } = await e2e.open({ width: 1024, height: 768 }));
}, 90_000);

afterAll(async () => {
  await e2e?.close();
  await sandbox?.close();
  pg?.stop();
});

describe('the owner’s “checked” on another counter’s possible double, in Chromium (issue 37)', () => {
  it('shows the check made at the other counter, and the owner checks the other double here', async () => {
    await page.getByRole('navigation', { name: 'Main sections' }).getByRole('button', { name: 'History' }).click();
    await page.getByRole('radio', { name: 'Whole shop' }).click();
    const list = page.getByRole('list', { name: 'Transactions, newest first' });
    await expect.poll(() => list.getByRole('listitem').count(), { timeout: 15_000 }).toBe(4);
    await expect.poll(() => list.getByText(/^The owner checked this at Back room on /).count(), { timeout: 15_000 }).toBe(2);
    expect(await list.getByRole('button', { name: 'I have checked this' }).count()).toBe(2);
    await snap(page, 'shop-flag-checks-1024-before');

    await list.getByRole('button', { name: 'I have checked this' }).first().click();
    await expect.poll(() => list.getByText(/^The owner checked this at Front desk on /).count(), { timeout: 10_000 }).toBe(2);
    expect(await list.getByRole('button', { name: 'I have checked this' }).count()).toBe(0);
    await snap(page, 'shop-flag-checks-1024');
    // The check is this counter's record on the shop ledger, naming the other counter's sale.
    await expect
      .poll(
        () =>
          pg
            .psql(
              `SELECT count(*) FROM shop_records WHERE kind = 'flag_checked' AND counter <> 'CCCC' AND local_id = 'CCCC000000000001'`,
              db,
            )
            .trim(),
        {
          timeout: 15_000,
        },
      )
      .toBe('1');
    expect(problems).toEqual([]);
  }, 60_000);
});
