import { afterEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../../src/sandbox';
import { until, untilStatus, type TestHarness } from '../flow/harness-client';
import { shopHarnessesPerTest } from '../../../support/shop-harness';
import { openLiveHarness, testSandbox } from '../../../support/live-harness';
import { outcomeText } from '../../../../src/shared/words/outcome-text';

// Issue 37: a shop's counters on one shop ledger often recharge through ONE provider account. Each
// counter watches that wallet; another counter's recharges on it are no unexplained money out, a
// real drop still is, and a counter on another provider account never excuses one.
const shop = shopHarnessesPerTest();
let killed = false;
afterEach(() => {
  if (killed) shop.server().start();
  killed = false;
});

async function counterOn(sandbox: Sandbox, url: string, name: string): Promise<TestHarness> {
  return shop.join(await openLiveHarness(sandbox, { shopSyncMs: 50, balanceEveryMs: 150 }), url, name);
}

const sandboxOf = (username: string) => testSandbox({ username, token: `tok-${username}-123456`, balance: 5000 });

type Told = { amount: number; recharges: number; otherCounters?: string };
type Notice = { outcome: { code: string; params: Told } };
const told = async (h: TestHarness) =>
  ((await h.ok('app:notices')).items as Notice[]).filter((n) => n.outcome.code === 'wallet_out_unexplained');

async function recharge(h: TestHarness, number: string, amount: number): Promise<void> {
  const sale = await h.ok('recharge:submit', { number, operator: 'JIO', amount });
  await untilStatus(h, sale.txn.refId, 'Success', 8000);
}

/** Long enough for every reading after the last sale, its search and the wait for the other counters. */
const settle = () => new Promise((r) => setTimeout(r, 4000));

/** Front desk on the first account and Back room on the second (the same one unless given), on a new shop ledger, their wallets read once. */
async function twoCounters(first: Sandbox, second = first): Promise<{ front: TestHarness; back: TestHarness }> {
  const url = shop.server().newDatabase();
  const front = await counterOn(first, url, 'Front desk');
  const back = await counterOn(second, url, 'Back room');
  await settle();
  return { front, back };
}

describe('one provider account at several counters (issue 37)', () => {
  it("counter 2's recharges on the same account raise no alarm at counter 1, nor counter 1's at counter 2", async () => {
    const account = await sandboxOf('9000000011');
    const { front, back } = await twoCounters(account);

    await recharge(back, '9876515555', 239);
    await recharge(back, '9876525555', 199);
    await recharge(front, '9876535555', 149);
    await recharge(back, '9876545555', 299);
    await settle();

    expect(account.admin.allTransactions()).toHaveLength(4);
    expect(await told(front)).toEqual([]);
    expect(await told(back)).toEqual([]);
  }, 60_000);

  it('a real drop on the shared account is still told, for its own amount only, the other counters counted', async () => {
    const account = await sandboxOf('9000000012');
    const { front, back } = await twoCounters(account);

    // Counter 2's sale and money nobody sent leave the wallet within the same moment.
    await recharge(back, '9876555555', 239);
    account.admin.debit(account.credentials.username, 33_750);
    await until(async () => (await told(front)).length > 0, 15_000, 'the drop to be told at counter 1');
    await settle();

    const notices = await told(front);
    expect(notices.map((n) => n.outcome.params.amount)).toEqual([33_750]);
    expect(notices[0]!.outcome.params.otherCounters).toBe('checked');
    expect(outcomeText('en', notices[0]!.outcome as never)).toContain('that no recharge at this counter or the other counters explains');
    expect(outcomeText('hi', notices[0]!.outcome as never)).toContain('इस काउंटर या दूसरे काउंटरों');
  }, 60_000);

  it("a counter on another provider account never excuses a drop: counter 2's recharge of the same amount elsewhere", async () => {
    const first = await sandboxOf('9000000013');
    const other = await sandboxOf('9000000014');
    // Both counters call their one account 'main': only the account itself tells them apart.
    const { front, back } = await twoCounters(first, other);

    const before = other.admin.account(other.credentials.username).buyerBalance;
    await recharge(back, '9876565555', 239);
    const took = before - other.admin.account(other.credentials.username).buyerBalance;
    expect(took).toBeGreaterThan(0);
    // Exactly what counter 2's sale took from its own wallet goes out of counter 1's.
    first.admin.debit(first.credentials.username, took);
    await until(async () => (await told(front)).length > 0, 15_000, 'the drop to be told at counter 1');

    const [notice] = await told(front);
    expect(notice!.outcome.params).toMatchObject({ amount: took, otherCounters: 'checked' });
    expect(await told(back)).toEqual([]);
  }, 60_000);

  it('with the shop ledger offline the drop is told, saying the other counters could not be checked', async () => {
    const account = await sandboxOf('9000000015');
    const url = shop.server().newDatabase();
    const front = await counterOn(account, url, 'Front desk');
    await settle();

    shop.server().kill9();
    killed = true;
    await until(async () => (await front.ok('shop:status')).online === false, 15_000, 'counter 1 to see the shop ledger offline');
    account.admin.debit(account.credentials.username, 12_500);
    await until(async () => (await told(front)).length > 0, 15_000, 'the drop to be told');

    const [notice] = await told(front);
    expect(notice!.outcome.params).toMatchObject({ amount: 12_500, otherCounters: 'unchecked' });
    expect(outcomeText('en', notice!.outcome as never)).toContain('The other counters could not be checked: the shop ledger is offline.');
    expect(outcomeText('hi', notice!.outcome as never)).toContain('दूसरे काउंटर जाँचे नहीं जा सके');
  }, 60_000);
});
