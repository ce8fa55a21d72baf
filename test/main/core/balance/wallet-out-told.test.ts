import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../../src/sandbox';
import { openMoneySession } from '../../../support/money-session';

// Issue 35 item 4: money out of the wallet that nothing the app knows explains is told, after the
// at-once check of recent recharges and open complaints; money in is still taken as a top-up.

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function shop(pendingMs = 400) {
  const sandbox: Sandbox = await startSandbox({ pendingMs, balance: 1000 });
  cleanups.push(() => sandbox.close());
  const money = await openMoneySession({ baseUrl: sandbox.url, balanceEveryMs: 150 });
  cleanups.push(money.close);
  await money.session.balances.refresh();
  return { sandbox, ...money, user: sandbox.credentials.username };
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
const until = async (what: () => boolean, ms = 8_000) => {
  const end = Date.now() + ms;
  while (!what()) {
    if (Date.now() > end) throw new Error('not in time');
    await wait(50);
  }
};
const told = (notices: { list(): { outcome: { code: string; params: unknown } }[] }) =>
  notices.list().filter((n) => n.outcome.code === 'wallet_out_unexplained');

describe('money out of the wallet that nothing explains is told', () => {
  it('a debit no recharge explains: told once, with the paise exact, when it was seen and what was checked', async () => {
    const { session, sandbox, notices, user } = await shop();
    const { txn } = await session.recharge.submit({ number: '9876545555', operator: 'JIO', amount: 239, confirmDuplicate: false });
    expect(txn.status).toBe('Success');
    const before = Date.now();
    sandbox.admin.debit(user, 23_303);
    await until(() => told(notices).length > 0);
    const [notice] = told(notices);
    expect(notice!.outcome.params).toMatchObject({ amount: 23_303, recharges: 1, complaints: 0 });
    expect((notice!.outcome.params as { at: number }).at).toBeGreaterThanOrEqual(before);
    // Readings go on; the same money is not told again.
    await wait(800);
    expect(told(notices)).toHaveLength(1);
    // The recharge the sweep checked stands as it was.
    expect(session.ledger.get(txn.refId)?.status).toBe('Success');
    // A second drop is told on its own, beside the first (not in its place).
    sandbox.admin.debit(user, 100);
    await until(() => told(notices).length === 2);
    expect(told(notices).map((n) => (n.outcome.params as { amount: number }).amount)).toEqual([23_303, 100]);
  });

  it('a top-up nobody announced is taken in silently, as before', async () => {
    const { sandbox, notices, user, session } = await shop();
    sandbox.admin.topUp(user, 500);
    await until(() => session.balances.last()?.buyer === 150_000);
    await wait(600);
    expect(told(notices)).toEqual([]);
  });

  it("an open recharge's hold is explained by the story: no false alarm while it waits for its answer", async () => {
    const { session, notices } = await shop(3_000);
    const { txn } = await session.recharge.submit({ number: '9876542222', operator: 'JIO', amount: 239, confirmDuplicate: false });
    expect(txn.status).toBe('Pending');
    await until(() => session.balances.last()?.buyer === 100_000 - 23_900);
    await wait(800);
    expect(told(notices)).toEqual([]);
  });

  it('a Pending recharge the provider settles before the app asks: no false alarm, nor when the status check then finds it', async () => {
    const { session, sandbox, notices, user } = await shop(1_500);
    const { txn } = await session.recharge.submit({ number: '9876541111', operator: 'JIO', amount: 299, confirmDuplicate: false });
    expect(txn.status).toBe('Pending');
    // The provider takes the amount and pays its commission; the wallet readings see that before any status check.
    await wait(2_000);
    expect(session.balances.last()?.buyer).toBe(sandbox.admin.account(user).buyerBalance);
    expect((await session.poller.checkNow(txn.refId, 'poll'))?.status).toBe('Success');
    await wait(800);
    expect(told(notices)).toEqual([]);
  });
});
