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

type Row = Pick<TxnRecord, 'refId' | 'status' | 'amount' | 'margin'>;

/**
 * A keeper over a stub ledger and provider: which status checks does a balance reading set off,
 * and what is told? A read of the wallet answers `provider.buyer` through `balanceRead` first, as
 * the balance service does (`provider.buyer` null: the provider's limit holds the read back).
 */
function keeperWith(rows: Row[], complained: string[] = [], onCheck: (refId: string) => Promise<void> = async () => {}) {
  const checked: string[] = [];
  const told: number[] = [];
  const provider: { online: boolean; buyer: number | null } = { online: true, buyer: null };
  let clock = Date.parse('2026-11-25T06:00:00Z');
  const keeper: WalletKeeper = new WalletKeeper({
    ledger: {
      openTxns: () => rows.filter((r) => r.status === 'Pending') as TxnRecord[],
      history: () => rows.filter((r) => r.status === 'Success') as TxnRecord[],
      complaints: () => complained.map((refId) => ({ refId, state: 'raised' }) as never),
    },
    refresh: async () => {
      if (provider.buyer === null) return { at: 0, buyer: 0 };
      keeper.balanceRead(provider.buyer);
      return { at: clock, buyer: provider.buyer };
    },
    check: async (refId) => {
      checked.push(refId);
      await onCheck(refId);
      return rows.find((r) => r.refId === refId) as TxnRecord | undefined;
    },
    now: () => (clock += 1000),
    online: () => provider.online,
    onUnexplainedOut: (found) => told.push(found.amount),
  });
  cleanups.push(async () => keeper.stop());
  return { keeper, checked, provider, told };
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
    provider.buyer = 100_000 + 19_400 - 485;
    provider.online = false;
    keeper.balanceRead(100_000 + 19_400 - 485);
    await keeper.idle();
    provider.online = true;
    keeper.balanceRead(100_000 + 19_400 - 485);
    await keeper.idle();
    expect(checked).toEqual(['A1', 'A1']);
  });
});

describe('what a search tells', () => {
  const sale = (refId: string, amount: number): Row => ({ refId, status: 'Success', amount, margin: amount / 40 });
  const refunded = (row: Row): Row => ({ ...row, status: 'Refunded', margin: null });

  it('a refund another check found while the search was on is not counted twice, nor told as money out', async () => {
    const rows = [sale('B1', 10_000), sale('A1', 7_000)];
    // History's "Check status" (or the poller) hears of A1's refund while the search is on B1.
    const { keeper, checked, provider, told } = keeperWith(rows, [], async (refId) => {
      if (refId !== 'B1') return;
      const before = rows[1]!;
      rows[1] = refunded(before);
      keeper.txnChanged(before, rows[1]);
    });
    keeper.balanceRead(100_000);
    for (const row of rows) keeper.txnChanged({ ...row, status: 'Submitting', margin: null }, row);
    keeper.balanceRead(100_000 - 9_750 - 6_825);
    // The provider gave A1's money back before anyone asked.
    provider.buyer = 100_000 - 9_750;
    keeper.balanceRead(provider.buyer);
    await keeper.idle();
    expect(checked).toEqual(['B1', 'A1']);
    // The readings go on: the story and the wallet agree, nothing is searched or told.
    keeper.balanceRead(provider.buyer);
    keeper.balanceRead(provider.buyer);
    await keeper.idle();
    expect(checked).toEqual(['B1', 'A1']);
    expect(told).toEqual([]);
  });

  it('a sale finished during the search is not taken for money out: the search judges a reading of its own', async () => {
    const rows = [sale('B1', 10_000)];
    let sold = false;
    const { keeper, provider, told } = keeperWith(rows, [], async () => {
      if (sold) return;
      sold = true;
      // While the search asks, the counter sells ₹200: its reply's balance comes in as it ends.
      const next: Row = { refId: 'N1', status: 'Success', amount: 20_000, margin: 500 };
      keeper.txnChanged(undefined, { ...next, status: 'Submitting', margin: null });
      keeper.txnChanged(undefined, next);
      provider.buyer! -= 19_500;
      keeper.balanceRead(provider.buyer!);
    });
    keeper.balanceRead(100_000);
    // ₹300 put in on the provider's site: nothing explains it, and it is the wallet's.
    provider.buyer = 130_000;
    keeper.balanceRead(provider.buyer);
    await keeper.idle();
    keeper.balanceRead(provider.buyer);
    await keeper.idle();
    expect(told).toEqual([]);
  });

  it("money out no check explains is told once, with the paise the search's own reading shows", async () => {
    const { keeper, provider, told } = keeperWith([sale('B1', 10_000)], ['C1']);
    keeper.balanceRead(100_000);
    provider.buyer = 100_000 - 23_303;
    keeper.balanceRead(provider.buyer);
    await keeper.idle();
    keeper.balanceRead(provider.buyer);
    await keeper.idle();
    expect(told).toEqual([23_303]);
  });

  it("held back by the provider's limit, the search's verdict waits for the next reading and searches no more", async () => {
    const { keeper, provider, told, checked } = keeperWith([sale('B1', 10_000)]);
    keeper.balanceRead(100_000);
    keeper.balanceRead(100_000 - 5_000);
    await keeper.idle();
    expect(told).toEqual([]);
    provider.buyer = 100_000 - 5_000;
    keeper.balanceRead(provider.buyer);
    await keeper.idle();
    expect(told).toEqual([5_000]);
    expect(checked).toEqual(['B1']);
  });
});

describe('when the wallet is read without a click', () => {
  const reads = (everyMs?: number) => {
    const counter = { n: 0 };
    const keeper = new WalletKeeper({
      ledger: { openTxns: () => [], history: () => [], complaints: () => [] },
      refresh: async () => {
        counter.n++;
        return { at: Date.now(), buyer: 100_000 };
      },
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
