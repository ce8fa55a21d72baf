import { afterEach, describe, expect, it } from 'vitest';
import type { TestHarness } from '../flow/harness-client';
import { openTwoProviders, secondAttempt, sentTo } from './two-providers';
import { makeTempDir, removeTempDir } from '../../../support/temp-folder';

let h: TestHarness | undefined;
let dir: string | undefined;
afterEach(async () => {
  await h?.dispose();
  h = undefined;
  if (dir) removeTempDir(dir);
  dir = undefined;
});

const doubles = async (t: TestHarness) => (await t.ok('app:notices')).items.filter((n) => n.outcome.code === 'possible_double_recharge');

describe('a possible double recharge is kept in the ledger, not just told (issue 29)', () => {
  it('survives a restart, is told again at start until the owner marks it checked, and stays listed after', async () => {
    dir = makeTempDir('doubles');
    const opened = await openTwoProviders({ keepDir: dir });
    const { main, spare } = opened;
    let t = (h = opened.t);
    const r = await t.ok('recharge:submit', { number: '9876540000', operator: 'JIO', amount: 239 });
    const items = await secondAttempt(t, r.txn.refId, 6000);
    const first = main.admin.allTransactions().find((x) => x.refId === r.txn.refId)!;
    main.admin.reverseFailure(first.txnId);
    await t.ok('txn:check', { refId: r.txn.refId });

    const kept = {
      saleId: r.txn.refId,
      kind: 'possible_double',
      number: '9876540000',
      amount: 23900,
      first: { refId: items[0]!.refId, account: 'Main Provider' },
      second: { refId: items[1]!.refId, account: 'Spare Provider' },
      seenAt: null,
    };
    expect((await t.ok('sale:doubles')).items).toEqual([expect.objectContaining(kept)]);
    // Asked again (the success follow-up does): the same double, kept once.
    await t.ok('txn:check', { refId: r.txn.refId });
    expect((await t.ok('sale:doubles')).items).toHaveLength(1);

    // A restart forgets every notice: the ledger's flag tells it again.
    await t.dispose();
    t = h = (await openTwoProviders({ keepDir: dir }, { main, spare })).t;
    expect((await t.ok('sale:doubles')).items).toEqual([expect.objectContaining(kept)]);
    const told = await doubles(t);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ level: 'error', outcome: { params: { first: kept.first, second: kept.second } } });
    // The sale stays stopped: nothing more went to either provider.
    expect(sentTo(spare)).toEqual([items[1]!.refId]);

    // The owner checked both with the providers: kept, marked, told no more.
    const checked = await t.ok('sale:doubleChecked', { saleId: r.txn.refId });
    expect(checked.items[0]!.seenAt).toEqual(expect.any(Number));
    // The check is the owner's in the day's list of who did what (issue 38), once.
    const people = (await t.ok('report:people', { day: r.txn.rechargeDate })).people as {
      who: { role: string };
      actions: { action: string; ref: string }[];
    }[];
    const checks = people.flatMap((p) => p.actions.filter((a) => a.action === 'checked').map((a) => ({ role: p.who.role, ref: a.ref })));
    expect(checks).toEqual([{ role: 'owner', ref: r.txn.refId }]);
    expect(await doubles(t)).toEqual([]);
    await t.dispose();
    t = h = (await openTwoProviders({ keepDir: dir }, { main, spare })).t;
    expect(await doubles(t)).toEqual([]);
    expect((await t.ok('sale:doubles')).items).toEqual([expect.objectContaining({ ...kept, seenAt: checked.items[0]!.seenAt })]);
  });
});
