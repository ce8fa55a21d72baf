import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../../src/sandbox';
import { openMoneySession } from '../../../support/money-session';
import { startScriptedProvider } from '../../../support/scripted-provider';
import { FIRST_FOLLOW_UP_MS, FOLLOW_UP_AGES_MS, followUpAt, withFollowUp } from '../../../../src/main/core/txn/follow-up';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const HOUR = 3600_000;
const MIN = 60_000;

async function open(clock: { t: number }) {
  // The provider keeps the same clock: its recharge date is the IST day of the held time, not of
  // the moment the test runs (after 18:30 UTC the real IST day is the next one, and lookups by
  // date found nothing).
  const sandbox: Sandbox = await startSandbox({ pendingMs: 60_000, now: () => clock.t });
  cleanups.push(() => sandbox.close());
  const { session, close } = await openMoneySession({ baseUrl: sandbox.url, now: () => clock.t });
  cleanups.push(close);
  return { sandbox, session };
}

/** Lets the poller run whatever is due at the held clock, then waits for it to finish. */
async function runDue(session: Awaited<ReturnType<typeof open>>['session']) {
  session.poller.start();
  for (let i = 0; i < 50; i++) {
    await new Promise((r) => setTimeout(r, 20));
    await session.poller.idle();
  }
  session.poller.stop();
}

describe('a success is asked about again, so a reversal nobody called back about is found', () => {
  it('a reversal while no callback came: the first follow-up, within 2 minutes, finds it, verifies it and tells the money story', async () => {
    const clock = { t: Date.parse('2026-11-23T06:00:00Z') };
    const { sandbox, session } = await open(clock);
    const { txn } = await session.recharge.submit({ number: '9876545555', operator: 'JIO', amount: 149, confirmDuplicate: false });
    expect(txn.status).toBe('Success');
    // Scheduled, though final: the first follow-up 2 minutes after the success.
    expect(session.ledger.get(txn.refId)?.nextCheckAt).toBe(txn.createdAt + 2 * MIN);

    // The wallet is read a second after a final answer (wallet-keeper.ts): let that reading pass,
    // so what follows is the follow-up's own doing, not the wallet's.
    await new Promise((r) => setTimeout(r, 1_500));
    // The operator failed it later; the provider refunded it; the callback never reached us.
    sandbox.admin.forceStatus(sandbox.admin.transactions().items[0]!.txnId, 'Refunded');
    clock.t = txn.createdAt + 2 * MIN - 1;
    await runDue(session);
    expect(session.ledger.get(txn.refId)?.status).toBe('Success');

    clock.t = txn.createdAt + 2 * MIN;
    await runDue(session);
    const after = session.ledger.get(txn.refId);
    expect(after).toMatchObject({ status: 'Refunded', moneyNote: 'refunded_after_success', nextCheckAt: null });
    expect(session.ledger.events(txn.refId).map((e) => `${e.toStatus}:${e.source}`)).toEqual([
      'Submitting:submit',
      'Success:reply',
      'Refunded:poll',
    ]);
  });

  it('a success that stays a success is asked at each age, keeps its first facts and its log, then is left alone', async () => {
    const clock = { t: Date.parse('2026-11-23T06:00:00Z') };
    // Each answer reports a different wallet balance: the wallet moved since, the recharge did not.
    const provider = await startScriptedProvider((call) => ({
      body: {
        status: 'Success',
        number: '9876545555',
        amount: '149',
        operator: 'JIO',
        ref_id: call.query['ref_id'] ?? '',
        txn_id: 'RT1',
        opt_id: 'OP1',
        margin_amount: '2.98',
        balance: String(1000 - call.nth),
        message: 'Recharge done',
      },
    }));
    cleanups.push(() => provider.close());
    const { session, close } = await openMoneySession({ baseUrl: provider.url, now: () => clock.t });
    cleanups.push(close);
    const { txn } = await session.recharge.submit({ number: '9876545555', operator: 'JIO', amount: 149, confirmDuplicate: false });
    const first = session.ledger.get(txn.refId)!;
    const statusCalls = () => provider.calls.filter((c) => c.api === 'statusByRefId').length;
    for (const age of [FIRST_FOLLOW_UP_MS, ...FOLLOW_UP_AGES_MS]) {
      clock.t = txn.createdAt + age;
      await runDue(session);
    }
    expect(statusCalls()).toBe(FOLLOW_UP_AGES_MS.length + 1);
    const last = session.ledger.get(txn.refId)!;
    expect(last.nextCheckAt).toBeNull();
    expect(last).toMatchObject({ status: 'Success', balanceAfter: first.balanceAfter, margin: first.margin, message: first.message });
    expect(session.ledger.events(txn.refId).map((e) => e.toStatus)).toEqual(['Submitting', 'Success']);
  });

  it("a final Failure (the sale's only and last attempt) is asked about at the same ages, through the poller, then left alone", async () => {
    const clock = { t: Date.parse('2026-11-23T06:00:00Z') };
    const provider = await startScriptedProvider((call) => ({
      body: {
        status: 'Failure',
        number: '9876545555',
        amount: '149',
        operator: 'JIO',
        ref_id: call.query['ref_id'] ?? '',
        txn_id: 'RT1',
        opt_id: '',
        margin_amount: '0',
        balance: '1000',
        message: 'Operator declined',
      },
    }));
    cleanups.push(() => provider.close());
    const { session, close } = await openMoneySession({ baseUrl: provider.url, now: () => clock.t });
    cleanups.push(close);
    const { txn } = await session.recharge.submit({ number: '9876545555', operator: 'JIO', amount: 149, confirmDuplicate: false });
    expect(txn.status).toBe('Failure');
    const statusCalls = () => provider.calls.filter((c) => c.api === 'statusByRefId').length;
    const seen: number[] = [];
    for (const age of [FIRST_FOLLOW_UP_MS, ...FOLLOW_UP_AGES_MS]) {
      // Not before its time: a minute early, nothing is asked.
      clock.t = txn.createdAt + age - MIN;
      await runDue(session);
      seen.push(statusCalls());
      clock.t = txn.createdAt + age;
      await runDue(session);
      seen.push(statusCalls());
    }
    expect(seen).toEqual([0, 1, 1, 2, 2, 3, 3, 4, 4, 5]);
    clock.t = txn.createdAt + 200 * HOUR;
    await runDue(session);
    expect(statusCalls()).toBe(5);
    expect(session.ledger.get(txn.refId)).toMatchObject({ status: 'Failure', nextCheckAt: null });
  });

  it('the schedule: first within 2 minutes of the success (however late it came), then the next age after now, none after the last', () => {
    const t = 1_000_000;
    expect(withFollowUp({ status: 'Success', nextCheckAt: null }, t)).toMatchObject({ nextCheckAt: t + 2 * MIN });
    // Pending for 40 minutes, then Success: asked again 2 minutes later, then at the hour.
    expect(withFollowUp({ status: 'Success', nextCheckAt: null }, t + 40 * MIN)).toMatchObject({ nextCheckAt: t + 42 * MIN });
    expect(followUpAt(t, t + 42 * MIN)).toBe(t + HOUR);
    expect(withFollowUp({ status: 'Pending', nextCheckAt: t + MIN }, t)).toMatchObject({ nextCheckAt: t + MIN });
    // An attempt counted failed is followed the same way; a refund is the end.
    expect(withFollowUp({ status: 'Failure', nextCheckAt: null }, t)).toMatchObject({ nextCheckAt: t + 2 * MIN });
    expect(withFollowUp({ status: 'Error', nextCheckAt: null }, t)).toMatchObject({ nextCheckAt: t + 2 * MIN });
    expect(withFollowUp({ status: 'Refunded', nextCheckAt: null }, t)).toMatchObject({ nextCheckAt: null });
    expect(followUpAt(t, t)).toBe(t + HOUR);
    expect(followUpAt(t, t + HOUR)).toBe(t + 6 * HOUR);
    expect(followUpAt(t, t + 30 * HOUR)).toBe(t + 72 * HOUR);
    expect(followUpAt(t, t + 72 * HOUR)).toBeNull();
  });
});
