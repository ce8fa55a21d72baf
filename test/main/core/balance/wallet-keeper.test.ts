import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../../src/sandbox';
import { openMoneySession } from '../../../support/money-session';
import { WalletKeeper } from '../../../../src/main/core/balance/wallet-keeper';
import type { TxnRecord } from '../../../../src/main/core/txn/txn-record';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function shop(pendingMs: number) {
  const sandbox: Sandbox = await startSandbox({ pendingMs, balance: 1000 });
  cleanups.push(() => sandbox.close());
  // The poller's own first follow-up is 10 minutes away: only the wallet can give the news.
  const money = await openMoneySession({ baseUrl: sandbox.url, balanceEveryMs: 150 });
  cleanups.push(money.close);
  await money.session.balances.refresh();
  return { sandbox, ...money };
}

const until = async (what: () => boolean, ms = 8_000) => {
  const end = Date.now() + ms;
  while (!what()) {
    if (Date.now() > end) throw new Error('not in time');
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('the wallet is kept told, without a click', () => {
  it('a success the provider reverses later is found from the balance alone, and told with its number and amount', async () => {
    const { session, notices } = await shop(400);
    const { txn } = await session.recharge.submit({ number: '9876543333', operator: 'JIO', amount: 194, confirmDuplicate: false });
    expect(txn.status).toBe('Success');
    // No check now, no refresh: the steady balance reading sees money no answer explains.
    await until(() => session.ledger.get(txn.refId)?.status === 'Refunded');
    expect(session.ledger.get(txn.refId)?.moneyNote).toBe('refunded_after_success');
    const told = notices.list().find((n) => n.outcome.code === 'txn_refunded');
    expect(told?.outcome.params).toMatchObject({ number: '9876543333', amount: 19_400 });
    // The header's figure is the provider's, back where it started.
    await until(() => session.balances.last()?.buyer === 100_000);
  });

  it("a complaint's refund is found from the balance, and the complaint is settled", async () => {
    const { session, sandbox, notices } = await shop(400);
    const { txn } = await session.recharge.submit({ number: '9876546666', operator: 'JIO', amount: 299, confirmDuplicate: false });
    await session.complaints.create(txn.refId, 'not received');
    expect(sandbox.admin.complaints()[0]?.status).toBe('Open');
    await until(() => session.ledger.complaintsFor(txn.refId)[0]?.state === 'refunded');
    expect(session.ledger.get(txn.refId)?.status).toBe('Refunded');
    // Told as the complaint's answer, not as a reversal nobody asked for.
    const complainId = session.ledger.complaintsFor(txn.refId)[0]!.complainId;
    expect(notices.list().map((n) => n.outcome)).toEqual([
      { code: 'complaint_refunded', params: expect.objectContaining({ number: '9876546666', amount: 29_900, complainId }) },
    ]);
  });
});

/** A keeper over a stub ledger: which status checks does a balance reading set off? */
function keeperWith(rows: Pick<TxnRecord, 'refId' | 'status' | 'amount' | 'margin'>[], complained: string[] = []) {
  const checked: string[] = [];
  const provider = { online: true };
  const keeper = new WalletKeeper({
    ledger: {
      openTxns: () => [],
      history: () => rows as TxnRecord[],
      complaints: () => complained.map((refId) => ({ refId, state: 'raised' }) as never),
      get: (refId) => rows.find((r) => r.refId === refId) as TxnRecord | undefined,
    },
    refresh: async () => undefined,
    check: async (refId) => {
      checked.push(refId);
      return rows.find((r) => r.refId === refId) as TxnRecord | undefined;
    },
    now: () => Date.parse('2026-11-25T06:00:00Z'),
    online: () => provider.online,
  });
  cleanups.push(async () => keeper.stop());
  return { keeper, checked, provider };
}

describe('which wallet changes set off a search', () => {
  const success = { refId: 'A1', status: 'Success' as const, amount: 19_400, margin: 485 };

  it('changes the recharges explain set off no status check', async () => {
    const { keeper, checked } = keeperWith([success]);
    keeper.balanceRead(100_000);
    keeper.txnChanged(undefined, { ...success, status: 'Submitting', margin: null });
    keeper.balanceRead(100_000 - 19_400 + 485);
    keeper.txnChanged(undefined, success);
    keeper.balanceRead(100_000 - 19_400 + 485);
    await keeper.idle();
    expect(checked).toEqual([]);
  });

  it('an unexplained change checks the recent successes and the open complaints at once, and once', async () => {
    const { keeper, checked } = keeperWith([success], ['C9']);
    keeper.balanceRead(100_000);
    // A top-up on the provider's site: nothing found, so it is taken as the wallet's.
    keeper.balanceRead(200_000);
    await keeper.idle();
    expect(checked).toEqual(['C9', 'A1']);
    keeper.balanceRead(200_000);
    await keeper.idle();
    expect(checked).toEqual(['C9', 'A1']);
  });

  it('a search that reached nobody (offline) is made again at the next reading', async () => {
    const { keeper, checked, provider } = keeperWith([success]);
    keeper.balanceRead(100_000);
    provider.online = false;
    keeper.balanceRead(100_000 + 19_400 - 485);
    await keeper.idle();
    provider.online = true;
    keeper.balanceRead(100_000 + 19_400 - 485);
    await keeper.idle();
    expect(checked).toEqual(['A1', 'A1']);
  });
});

describe('when the wallet is read without a click', () => {
  const reads = (everyMs?: number) => {
    const counter = { n: 0 };
    const keeper = new WalletKeeper({
      ledger: { openTxns: () => [], history: () => [], complaints: () => [], get: () => undefined },
      refresh: async () => void counter.n++,
      check: async () => undefined,
      now: Date.now,
      online: () => true,
      everyMs,
    });
    cleanups.push(async () => keeper.stop());
    return { keeper, counter };
  };
  const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('at a steady pace', async () => {
    const { keeper, counter } = reads(100);
    keeper.start();
    await wait(450);
    expect(counter.n).toBeGreaterThanOrEqual(3);
  });

  it('a moment after final answers, once for a burst of them; an answer that is not final reads nothing', async () => {
    const { keeper, counter } = reads();
    keeper.txnChanged(undefined, { refId: 'P', status: 'Pending', amount: 100, margin: null });
    await wait(1_300);
    expect(counter.n).toBe(0);
    keeper.txnChanged(undefined, { refId: 'A', status: 'Success', amount: 100, margin: 2 });
    keeper.txnChanged(undefined, { refId: 'B', status: 'Failure', amount: 100, margin: null });
    keeper.txnChanged(
      { refId: 'P', status: 'Pending', amount: 100, margin: null },
      { refId: 'P', status: 'Refunded', amount: 100, margin: null },
    );
    await wait(1_300);
    expect(counter.n).toBe(1);
  });
});
