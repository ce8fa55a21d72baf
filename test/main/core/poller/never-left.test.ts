import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../../src/sandbox';
import { heldClock, openMoneySession } from '../../../support/money-session';
import { startScriptedProvider } from '../../../support/scripted-provider';
import { closedPort } from '../../../support/closed-port';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const MIN = 60_000;
const START = Date.parse('2026-11-22T06:00:00Z');

describe('a recharge that never left', () => {
  it('connection refused, then 5 not-found checks over 15 minutes: "not sent", money unchanged, the number free', async () => {
    const clock = heldClock(START);
    const port = await closedPort();
    const { session, notices, close } = await openMoneySession({ baseUrl: `http://127.0.0.1:${port}`, now: clock.now });
    cleanups.push(close);
    const first = await session.recharge.submit({ number: '9876545555', operator: 'JIO', amount: 99, confirmDuplicate: false });
    expect(first).toMatchObject({ outcome: 'not_sent', txn: { status: 'Unknown' } });
    // The screens are told it never left: not "Checking", not on hold, not "call the provider".
    expect(first.txn.notSent).toBe(true);
    expect(session.ledger.get(first.txn.refId)?.notSent).toBe(true);

    // The provider comes up on that port; it never saw the recharge.
    const sandbox = await startSandbox({ port, now: clock.now });
    cleanups.push(() => sandbox.close());
    const opening = sandbox.admin.account(sandbox.credentials.username).buyerBalance;
    const refused = await session.recharge
      .submit({ number: '9876545555', operator: 'JIO', amount: 99, confirmDuplicate: false })
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'open_recharge' });

    for (let i = 1; i <= 4; i++) {
      clock.advance(4 * MIN);
      expect((await session.poller.checkNow(first.txn.refId, 'poll'))?.status).toBe('Unknown');
    }
    // Four not-found answers over 16 minutes are not enough; the fifth closes it.
    clock.advance(1 * MIN);
    const closed = await session.poller.checkNow(first.txn.refId, 'poll');
    // Closed, and still asked about later like any attempt counted failed (issue 35 item 2).
    expect(closed).toMatchObject({ status: 'Error', nextCheckAt: clock.t + 2 * MIN, moneyNote: 'not_sent', notSent: true });
    expect(sandbox.admin.account(sandbox.credentials.username).buyerBalance).toBe(opening);
    expect(sandbox.admin.submissionCount(first.txn.refId)).toBe(0);
    // The shopkeeper is told without asking, with the amount to hand back: not sent, nothing charged.
    expect(notices.list().map((n) => n.outcome)).toEqual([
      {
        code: 'txn_failed_late',
        // How the customer paid (cash, the default): all of it is to give back, none came off a due.
        params: {
          number: '9876545555',
          amount: 9_900,
          at: clock.now(),
          refId: first.txn.refId,
          sent: false,
          saleMoney: { paid: 9_900, credit: 0 },
        },
      },
    ]);

    const again = await session.recharge.submit({ number: '9876545555', operator: 'JIO', amount: 99, confirmDuplicate: false });
    expect(again.outcome).toBe('success');
  });

  it('the rule can be shortened (the harness command line does): 2 lookups over 1 minute close it', async () => {
    const clock = heldClock(START);
    const port = await closedPort();
    const rule = { lookups: 2, afterMs: MIN };
    const { session, close } = await openMoneySession({ baseUrl: `http://127.0.0.1:${port}`, now: clock.now, notSentRule: rule });
    cleanups.push(close);
    const { txn } = await session.recharge.submit({ number: '9876545555', operator: 'JIO', amount: 99, confirmDuplicate: false });
    const sandbox = await startSandbox({ port, now: clock.now });
    cleanups.push(() => sandbox.close());
    clock.advance(MIN / 2);
    expect((await session.poller.checkNow(txn.refId, 'poll'))?.status).toBe('Unknown');
    clock.advance(MIN / 2);
    expect(await session.poller.checkNow(txn.refId, 'poll')).toMatchObject({ status: 'Error', moneyNote: 'not_sent' });
  });

  it('a connection dropped after the request was written stays Unknown however often the lookup finds nothing', async () => {
    const clock = heldClock(START);
    const provider = await startScriptedProvider((call) =>
      call.api === 'recharge'
        ? { drop: true }
        : { body: { status: 'Error', errorcode: '111', message: 'No transaction with that ref_id' } },
    );
    cleanups.push(() => provider.close());
    const { session, close } = await openMoneySession({ baseUrl: provider.url, now: clock.now });
    cleanups.push(close);
    const { txn, outcome } = await session.recharge.submit({ number: '9876545555', operator: 'JIO', amount: 99, confirmDuplicate: false });
    expect(outcome).toBe('unknown');
    for (let i = 0; i < 8; i++) {
      clock.advance(5 * MIN);
      expect((await session.poller.checkNow(txn.refId, 'poll'))?.status).toBe('Unknown');
    }
    const refused = await session.recharge
      .submit({ number: '9876545555', operator: 'JIO', amount: 99, confirmDuplicate: false })
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'open_recharge' });
  });
});
