import { afterEach, describe, expect, it } from 'vitest';
import { openHarness, until, type TestHarness } from '../flow/harness-client';
import { saveSandboxAccount, testSandbox } from '../../../support/live-harness';
import { twoAccountRules } from '../../../support/two-account-rules';
import { outcomeText } from '../../../../src/shared/words/outcome-text';

// Issue 35 item 4 meets routing (issue 29): every provider account's wallet has its own story. Money
// a spare account's provider takes that none of the spare's recharges explains is told as the first
// account's is, naming the account; a spare's own sales and another account's open recharges never
// excuse or raise it.

let h: TestHarness | undefined;
afterEach(async () => {
  await h?.dispose();
  h = undefined;
});

async function shopWithSpareFirst() {
  const main = await testSandbox({ username: '9000000001', token: 'main-token-123456', pendingMs: 300, balance: 5000 });
  const spare = await testSandbox({
    username: '9000000002',
    token: 'spare-token-123456',
    dialect: 'hash-text',
    pendingMs: 300,
    balance: 5000,
  });
  // JIO goes to the spare first, everything else to the first account.
  const rules = twoAccountRules(spare, true, (operator) => (operator === 'JIO' ? [{ account: 'spare' }, { account: 'main' }] : undefined));
  const t = await openHarness({
    acceptWeakTokenProtection: true,
    balanceEveryMs: 150,
    routing: { rules, tokens: { spare: spare.credentials.token } },
  });
  h = t;
  await saveSandboxAccount(t, main);
  return { t, main, spare };
}

type Told = { outcome: { code: string; params: { amount: number; account?: string; recharges: number } } };
const told = async (t: TestHarness) =>
  ((await t.ok('app:notices')).items as Told[]).filter((n) => n.outcome.code === 'wallet_out_unexplained');

describe("each provider account's wallet is watched on its own", () => {
  it("money the spare's provider takes that no spare recharge explains is told, naming the spare; its own sale is no alarm", async () => {
    const { t, spare, main } = await shopWithSpareFirst();
    const sale = await t.ok('recharge:submit', { number: '9876545555', operator: 'JIO', amount: 239 });
    await until(async () => (await t.ok('txn:get', { refId: sale.txn.refId })).txn?.status === 'Success', 8000, 'the spare sale');
    expect(spare.admin.allTransactions().map((x) => x.refId)).toEqual([sale.txn.refId]);
    // The spare's own sale moved its wallet: explained, nothing told.
    await new Promise((r) => setTimeout(r, 1200));
    expect(await told(t)).toEqual([]);

    spare.admin.debit(spare.credentials.username, 23_303);
    await until(async () => (await told(t)).length > 0, 15_000, 'the spare account drop to be told');
    const [notice] = await told(t);
    expect(notice!.outcome.params).toMatchObject({ amount: 23_303, account: 'Spare Provider', recharges: 1 });
    expect(outcomeText('en', notice!.outcome as never)).toContain('went out of the wallet of Spare Provider');
    expect(outcomeText('hi', notice!.outcome as never)).toContain('Spare Provider के वॉलेट से');
    // The first account's wallet did not move: nothing told of it.
    expect((await told(t)).filter((n) => n.outcome.params.account === 'Main Provider')).toEqual([]);

    // A drop on the first account is the first account's, told on its own.
    main.admin.debit(main.credentials.username, 500);
    await until(async () => (await told(t)).length === 2, 15_000, 'the first account drop to be told');
    expect((await told(t)).map((n) => [n.outcome.params.account, n.outcome.params.amount])).toEqual([
      ['Spare Provider', 23_303],
      ['Main Provider', 500],
    ]);
  }, 60_000);
});
