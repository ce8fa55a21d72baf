import { afterEach, describe, expect, it } from 'vitest';
import { until, untilStatus, type TestHarness } from '../flow/harness-client';
import { openTwoProviders, secondAttempt, sentTo, type TwoProviderOptions } from './two-providers';

let h: TestHarness | undefined;
afterEach(async () => {
  await h?.dispose();
  h = undefined;
});

async function twoProviders(options: TwoProviderOptions = {}) {
  const opened = await openTwoProviders(options);
  h = opened.t;
  return opened;
}

describe('several provider accounts: failover only on a definite failure (issue 29)', () => {
  it('a refusal the first provider did not carry out goes on to the spare account at once, with a new ref_id', async () => {
    const { t, main, spare } = await twoProviders();
    const route = await t.ok('recharge:route', { operator: 'JIO', amount: 239 });
    expect(route).toMatchObject({ enabled: true, chosen: 'main' });
    expect(route.steps.map((s) => s.name)).toEqual(['Main Provider', 'Spare Provider']);
    main.admin.suspend(main.credentials.username, true);

    const r = await t.ok('recharge:submit', { number: '9876545555', operator: 'JIO', amount: 239 });
    expect(r.txn).toMatchObject({ status: 'Success', accountId: 'spare', attemptNo: 2 });
    const { items } = await t.ok('txn:attempts', { saleId: r.txn.saleId! });
    expect(items.map((a) => [a.accountName, a.status, a.attemptNo])).toEqual([
      ['Main Provider', 'Error', 1],
      ['Spare Provider', 'Success', 2],
    ]);
    expect(items[0]!.refId).not.toBe(items[1]!.refId);
    expect(r.txn.saleId).toBe(items[0]!.refId);
    // Each provider was sent its own attempt once, under its own reference.
    expect(main.admin.submissionCount(items[0]!.refId)).toBe(1);
    expect(sentTo(spare)).toEqual([items[1]!.refId]);
    // The customer's payment stays with the sale (its first attempt).
    expect(r.sale).toMatchObject({ refId: items[0]!.refId, cash: 23900 });
    // History's details of the attempt that went through say how the customer paid (the sale is its first attempt's).
    expect((await t.ok('txn:get', { refId: items[1]!.refId })).sale).toMatchObject({ refId: items[0]!.refId, method: 'cash', cash: 23900 });
    // A complaint about it goes to the provider that recharged it, not to the first account's.
    await t.ok('complaint:create', { refId: items[1]!.refId, reason: 'Customer says not received' });
    expect(spare.admin.complaints().map((c) => c.txnId)).toEqual([items[1]!.txnId]);
    expect(main.admin.complaints()).toEqual([]);
  });

  it('a Pending on the first provider sends nothing to the spare until the status check confirms its Failure', async () => {
    const { t, main, spare } = await twoProviders({ pendingMs: 1500 });
    const r = await t.ok('recharge:submit', { number: '9876542222', operator: 'JIO', amount: 239 });
    expect(r.txn).toMatchObject({ status: 'Pending', accountId: 'main', attemptNo: 1 });
    // Checked and still pending: the sale waits where it is.
    await until(async () => (await t.ok('txn:get', { refId: r.txn.refId })).txn.attempts >= 1, 5000, 'a first status check');
    expect(sentTo(spare)).toEqual([]);

    const done = await untilStatus(t, r.txn.refId, 'Failure', 8000);
    expect(done.txn.failureConfirmed).toBe(true);
    const items = await secondAttempt(t, r.txn.refId, 5000);
    expect(items[1]).toMatchObject({ accountId: 'spare', attemptNo: 2, saleId: r.txn.refId });
    expect(sentTo(spare)).toEqual([items[1]!.refId]);
    expect(sentTo(main)).toEqual([r.txn.refId]);

    // The first account's failure is told, but never as money to give back: the spare carries the sale.
    const told = t.events.filter((e) => e.event === 'app:notice' && JSON.stringify(e.payload).includes('txn_failed_late'));
    expect(told.length).toBeGreaterThan(0);
    for (const e of told) expect(e.payload).toMatchObject({ outcome: { params: { refId: r.txn.refId, saleGoesOn: true } } });
    await until(
      async () => !(await t.ok('app:notices')).items.some((n) => n.outcome.code === 'txn_failed_late' && n.key === r.txn.refId),
      5000,
      'the late failure taken back once the spare has the sale',
    );
  });

  it('a timeout is never resent: the status check finds the Failure, and only then does the spare get the sale', async () => {
    const { t, main, spare } = await twoProviders({ timeouts: true });
    main.admin.setFaults({ noReply: 1 });
    const r = await t.ok('recharge:submit', { number: '9876540000', operator: 'JIO', amount: 239 });
    expect(r.txn).toMatchObject({ status: 'Unknown', accountId: 'main' });
    expect(sentTo(spare)).toEqual([]);
    main.admin.setFaults({ noReply: 0 });
    const done = await untilStatus(t, r.txn.refId, 'Failure', 8000);
    expect(done.txn.failureConfirmed).toBe(true);
    await until(() => sentTo(spare).length === 1, 5000, 'the spare to be sent the sale');
    expect(main.admin.submissionCount(r.txn.refId)).toBe(1);
  });

  it('a first reply of Failure is confirmed by the status check before the spare is tried; a later Success of it is a possible double', async () => {
    const { t, main, spare } = await twoProviders();
    const r = await t.ok('recharge:submit', { number: '9876540000', operator: 'JIO', amount: 239 });
    // The first reply alone is not enough: the sale waits for the status check.
    expect(r.txn).toMatchObject({ status: 'Failure', accountId: 'main' });
    expect(r.txn.failureConfirmed).toBeUndefined();
    expect(sentTo(spare)).toEqual([]);
    // The sale may still go on: its cash is not to give back yet, and cannot be marked given back.
    expect(r.sale).toMatchObject({ cash: 23900, toGiveBack: false, creditReversedAt: null });
    expect(await t.call('sale:settle', { refId: r.txn.refId, choice: 'given_back' })).toMatchObject({
      ok: false,
      error: { code: 'nothing_to_give_back' },
    });
    const items = await secondAttempt(t, r.txn.refId, 6000);
    expect(items[0]!.failureConfirmed).toBe(true);
    // The spare fails it too, with no attempt left: the sale is over, its cash to give back at once (issue 35 item 6).
    const back = await until(async () => (await t.ok('sale:toGiveBack', {})).items[0], 3000, 'the cash to give back');
    expect(back).toMatchObject({ refId: r.txn.refId, cash: 23900 });
    expect((await t.ok('txn:attempts', { saleId: r.txn.refId })).items[1]).toMatchObject({ status: 'Failure', accountId: 'spare' });

    // The first provider reverses its own failure: the customer may have been recharged twice.
    const first = main.admin.allTransactions().find((x) => x.refId === r.txn.refId)!;
    main.admin.reverseFailure(first.txnId);
    await t.ok('txn:check', { refId: r.txn.refId });
    const notices = await t.ok('app:notices');
    const double = notices.items.find((n) => n.outcome.code === 'possible_double_recharge');
    expect(double).toMatchObject({
      level: 'error',
      outcome: {
        params: {
          number: '9876540000',
          amount: 23900,
          first: { refId: items[0]!.refId, account: 'Main Provider' },
          second: { refId: items[1]!.refId, account: 'Spare Provider' },
        },
      },
    });
    expect(sentTo(spare)).toEqual([items[1]!.refId]);
  });

  it('an account that refuses N in a row pauses itself: the owner is told once, and the next sales skip it', async () => {
    const { t, main, spare } = await twoProviders({ change: (r) => ({ ...r, pauseAfterFailures: 2 }) });
    main.admin.suspend(main.credentials.username, true);
    for (const number of ['9876545555', '9876555555', '9876565555']) {
      const r = await t.ok('recharge:submit', { number, operator: 'JIO', amount: 239 });
      expect(r.txn).toMatchObject({ status: 'Success', accountId: 'spare' });
    }
    // Two refusals, then the third sale went straight to the spare account.
    expect(main.admin.allTransactions()).toHaveLength(0);
    expect(Object.keys(main.admin.submissions())).toHaveLength(2);
    expect(sentTo(spare)).toHaveLength(3);
    const route = await t.ok('recharge:route', { operator: 'JIO', amount: 239 });
    expect(route.steps).toEqual([
      { account: 'main', name: 'Main Provider', skipped: 'paused_failures' },
      { account: 'spare', name: 'Spare Provider', skipped: null },
    ]);
    const paused = (await t.ok('app:notices')).items.filter((n) => n.outcome.code === 'account_paused');
    expect(paused).toHaveLength(1);
    expect(paused[0]).toMatchObject({ level: 'warning', outcome: { params: { account: 'Main Provider', why: 'failures', failures: 2 } } });
    expect(t.events.filter((e) => e.event === 'app:notice' && JSON.stringify(e.payload).includes('account_paused'))).toHaveLength(1);
  });

  it('no account may take it: refused before anything is written or sent', async () => {
    const { t, main, spare } = await twoProviders({
      change: (r) => ({
        ...r,
        accounts: r.accounts.map((a) => (a.id === 'spare' ? { ...a, paused: true } : a)),
        routes: { ...r.routes, JIO: [{ account: 'main', amounts: { kind: 'list', amounts: [199] } }, { account: 'spare' }] },
      }),
    });
    const refused = await t.call('recharge:submit', { number: '9876545555', operator: 'JIO', amount: 239 });
    expect(refused).toMatchObject({ ok: false, error: { code: 'route_no_account', params: { operator: 'JIO', amount: 23900 } } });
    expect((await t.ok('txn:history', {})).items).toHaveLength(0);
    expect([...sentTo(main), ...sentTo(spare)]).toEqual([]);
  });

  it('routing off: one account exactly as before; a refusal ends the sale and nothing goes to another account', async () => {
    const { t, main, spare } = await twoProviders({ enabled: false });
    expect(await t.ok('recharge:route', { operator: 'JIO', amount: 239 })).toMatchObject({ enabled: false, steps: [] });
    main.admin.suspend(main.credentials.username, true);
    const r = await t.ok('recharge:submit', { number: '9876545555', operator: 'JIO', amount: 239 });
    expect(r).toMatchObject({ outcome: 'rejected', txn: { status: 'Error', accountId: 'main', attemptNo: 1 } });
    expect((await t.ok('txn:attempts', { saleId: r.txn.refId })).items).toHaveLength(1);
    expect(sentTo(spare)).toEqual([]);
  });

  it("the customer's money follows the sale, not each attempt: a failed first attempt leaves the due, a sale with every attempt failed gives it back once", async () => {
    const { t, main, spare } = await twoProviders();
    main.admin.suspend(main.credentials.username, true);
    // Refused by the first provider, recharged by the spare: the customer owes the credit still.
    const ok = await t.ok('recharge:submit', { number: '9876545555', operator: 'JIO', amount: 239, payment: { method: 'credit' } });
    expect(ok.txn).toMatchObject({ status: 'Success', accountId: 'spare', attemptNo: 2 });
    expect((await t.ok('khata:get', { number: '9876545555', lines: 0 })).due).toBe(23900);
    expect((await t.ok('sale:toGiveBack', {})).items).toEqual([]);

    // Both providers refuse: the sale is over, its credit comes off the due and its cash waits to be given back, once each.
    spare.admin.suspend(spare.credentials.username, true);
    const credit = await t.ok('recharge:submit', { number: '9812345555', operator: 'JIO', amount: 239, payment: { method: 'credit' } });
    expect(credit.txn).toMatchObject({ status: 'Error', accountId: 'spare', attemptNo: 2 });
    expect((await t.ok('khata:get', { number: '9812345555', lines: 0 })).due).toBe(0);
    const cash = await t.ok('recharge:submit', { number: '9823455555', operator: 'JIO', amount: 239 });
    expect(cash.txn).toMatchObject({ status: 'Error', attemptNo: 2 });
    const back = (await t.ok('sale:toGiveBack', {})).items;
    expect(back.map((b) => [b.refId, b.cash])).toEqual([[cash.txn.saleId, 23900]]);
  });
});

describe('an account that cannot be reached does not stop the shop (issue 35 item 5)', () => {
  it('the first account refuses the connection: the Jio sale goes to the spare at once and succeeds once; the unsent attempt keeps its status check', async () => {
    const { t, main, spare } = await twoProviders();
    await main.close();
    const r = await t.ok('recharge:submit', { number: '9876545555', operator: 'JIO', amount: 239 });
    expect(r.txn).toMatchObject({ status: 'Success', accountId: 'spare', attemptNo: 2 });
    const { items } = await t.ok('txn:attempts', { saleId: r.txn.saleId! });
    expect(items.map((a) => [a.accountName, a.status, a.attemptNo])).toEqual([
      ['Main Provider', 'Unknown', 1],
      ['Spare Provider', 'Success', 2],
    ]);
    expect(sentTo(spare)).toEqual([items[1]!.refId]);
    // Never sent, so never "check with the provider": it stays open until the status check closes it as not sent.
    const unsent = (await t.ok('txn:get', { refId: items[0]!.refId })).txn;
    expect(unsent).toMatchObject({ notSent: true, status: 'Unknown' });
    expect(unsent.nextCheckAt).not.toBeNull();
  });

  it('an Airtel sale routed to the spare first keeps selling while the first account is down; the counter says which account is unreachable', async () => {
    const { t, main, spare } = await twoProviders({
      change: (r) => ({ ...r, routes: { ...r.routes, AT: [{ account: 'spare' }, { account: 'main' }] } }),
    });
    await main.close();
    const jio = await t.ok('recharge:submit', { number: '9876545555', operator: 'JIO', amount: 239 });
    // The status check of the unsent attempt reaches nobody: the first account is unreachable, the counter is not.
    await until(
      async () => {
        const b = await t.ok('balance:get', {});
        return b.unreachable?.includes('Main Provider') ? b : undefined;
      },
      8000,
      'the first account to be found unreachable',
    );
    const state = await t.ok('balance:get', {});
    expect(state).toMatchObject({ online: true, unreachable: ['Main Provider'] });
    expect(t.events.some((e) => e.event === 'connection:changed' && JSON.stringify(e.payload).includes('"online":false'))).toBe(false);
    const airtel = await t.ok('recharge:submit', { number: '9812345555', operator: 'AT', amount: 299 });
    expect(airtel.txn).toMatchObject({ status: 'Success', accountId: 'spare', attemptNo: 1 });
    // A Jio sale now skips the unreachable account up front: nothing more is written for it.
    const route = await t.ok('recharge:route', { operator: 'JIO', amount: 239 });
    expect(route).toMatchObject({ chosen: 'spare' });
    const next = await t.ok('recharge:submit', { number: '9823455555', operator: 'JIO', amount: 239 });
    expect(next.txn).toMatchObject({ status: 'Success', accountId: 'spare', attemptNo: 1 });
    expect(sentTo(spare)).toHaveLength(3);
    expect(jio.txn.accountId).toBe('spare');
  });

  it('a reset after the request was written is not a refusal: the sale waits for the status check, nothing goes to the spare', async () => {
    const { t, main, spare } = await twoProviders();
    main.admin.setFaults({ resetAfter: 1 });
    const r = await t.ok('recharge:submit', { number: '9876545555', operator: 'JIO', amount: 239 });
    expect(r.txn).toMatchObject({ status: 'Unknown', accountId: 'main', attemptNo: 1 });
    expect(r.txn.notSent).toBeUndefined();
    expect(main.admin.submissionCount(r.txn.refId)).toBe(1);
    await new Promise((done) => setTimeout(done, 1500));
    expect(sentTo(spare)).toEqual([]);
    main.admin.setFaults({ resetAfter: 0 });
    await untilStatus(t, r.txn.refId, 'Success', 8000);
    expect(sentTo(spare)).toEqual([]);
  });

  it('routing off: an unreachable provider leaves the sale not sent and stops the counter, as before routing', async () => {
    const { t, main, spare } = await twoProviders({ enabled: false });
    await main.close();
    const r = await t.ok('recharge:submit', { number: '9876545555', operator: 'JIO', amount: 239 });
    expect(r).toMatchObject({ outcome: 'not_sent', txn: { status: 'Unknown', notSent: true, accountId: 'main' } });
    await until(async () => ((await t.ok('balance:get', {})).online ? undefined : true), 8000, 'the counter to be offline');
    expect((await t.ok('balance:get', {})).unreachable).toBeUndefined();
    expect(sentTo(spare)).toEqual([]);
  });
});
