import { afterAll, describe, expect, it } from 'vitest';
import { snap } from '../support/chromium';
import { openE2E, type E2ESession } from '../support/e2e-session';
import { rechargeByKeyboard, resultCard } from '../support/counter-keys';

// Issue 28: the whole app, by keyboard, against a provider that speaks another dialect (the
// practice provider in demo mode, `--dialect`): the counter reads its success, failure and refusal
// exactly as it reads the document's, and sends each recharge once.
let e2e: E2ESession | undefined;
afterAll(() => e2e?.close());

describe.each(['code-xml', 'hash-text'] as const)('the counter on a %s provider', (dialect) => {
  it('a success, then a failure, each sent once and told as with the document', async () => {
    await e2e?.close();
    e2e = await openE2E(`dialect-${dialect}`, { demoDialect: dialect, demoPendingMs: 60_000 });
    const { page, problems } = await e2e.open({ width: 1024, height: 768 });
    await page.getByLabel('Mobile number').waitFor();
    await rechargeByKeyboard(page, { number: '9812345555', amount: '199', operatorKey: '2' });
    await resultCard(page, /Recharge successful/, 10_000);
    await page.keyboard.press('Enter');
    await rechargeByKeyboard(page, { number: '9823450000', amount: '155', operatorKey: '2' });
    await resultCard(page, /failed/i, 10_000);
    await snap(page, `dialect-${dialect}-failure`);
    const sent = e2e.harness.demoSandbox()!.admin.transactions({ limit: 10 }).items;
    expect(sent.map((t) => [t.number, t.status]).sort()).toEqual([
      ['9812345555', 'Success'],
      ['9823450000', 'Failure'],
    ]);
    expect(problems).toEqual([]);
  });
});
