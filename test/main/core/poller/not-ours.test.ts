import { afterEach, describe, expect, it } from 'vitest';
import { openMoneySession } from '../../../support/money-session';
import { startScriptedProvider } from '../../../support/scripted-provider';

// Issue 35 item 3 on the status check's path: the real session (ledger file, poller, notices)
// against a provider played on loopback whose status check names another number or amount.
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const txnBody = (status: string, refId: string, extra: Record<string, unknown> = {}) => ({
  status,
  number: '9876541111',
  amount: '149',
  operator: 'JIO',
  ref_id: refId,
  txn_id: 'RT1',
  opt_id: 'OP1',
  margin_amount: '0.00',
  balance: '1000.00',
  message: '',
  ...extra,
});

describe("a status check's Success about another request", () => {
  it("is told, kept in the event log, and not recorded as the sale's success; the answer about ours then settles it", async () => {
    let lie = true;
    const provider = await startScriptedProvider((call) => {
      const ref = call.query['ref_id'] ?? '';
      if (call.api === 'recharge') return { body: txnBody('Pending', ref) };
      if (call.api === 'balance') return { body: { status: 'Success', buyerBalance: '1000.00' } };
      return { body: lie ? txnBody('Success', ref, { number: '9876541112', amount: '1490' }) : txnBody('Success', ref) };
    });
    cleanups.push(() => provider.close());
    const { session, notices, close } = await openMoneySession({ baseUrl: provider.url });
    cleanups.push(close);
    const { txn } = await session.recharge.submit({ number: '9876541111', operator: 'JIO', amount: 149, confirmDuplicate: false });
    expect(txn.status).toBe('Pending');

    const after = await session.poller.checkNow(txn.refId, 'manual');
    // Still open: the gate holds the number, the poller asks again.
    expect(after).toMatchObject({ status: 'Pending' });
    expect(after?.nextCheckAt).not.toBeNull();
    expect(after?.lastError).toMatch(/^not_ours: number sent 9876541111, reply named 9876541112; amount sent 14900, reply named 149000/);
    const kept = session.ledger.events(txn.refId).at(-1);
    expect(kept).toMatchObject({ fromStatus: 'Pending', toStatus: 'Pending', source: 'manual' });
    expect(kept?.providerReply).toContain('9876541112');
    const told = notices.list().filter((n) => n.outcome.code === 'success_not_ours');
    expect(told).toMatchObject([
      {
        level: 'error',
        key: txn.refId,
        outcome: {
          params: {
            refId: txn.refId,
            number: '9876541111',
            amount: 14_900,
            operator: 'JIO',
            said: { number: '9876541112', amount: 149_000 },
          },
        },
      },
    ]);
    // Asked again with the same lie: told once, not again.
    await session.poller.checkNow(txn.refId, 'manual');
    expect(notices.list().filter((n) => n.outcome.code === 'success_not_ours')).toHaveLength(1);

    // The provider's checked word about our own request is the truth: Success, and the alarm is taken back.
    lie = false;
    expect(await session.poller.checkNow(txn.refId, 'manual')).toMatchObject({ status: 'Success' });
    expect(notices.list().filter((n) => n.outcome.code === 'success_not_ours')).toEqual([]);
  });

  it('on a follow-up of a settled Success, is kept in the event log and changes nothing (the sale is not reopened, nothing told)', async () => {
    const provider = await startScriptedProvider((call) => {
      const ref = call.query['ref_id'] ?? '';
      if (call.api === 'recharge') return { body: txnBody('Success', ref) };
      if (call.api === 'balance') return { body: { status: 'Success', buyerBalance: '1000.00' } };
      return { body: txnBody('Success', ref, { operator: 'AT' }) };
    });
    cleanups.push(() => provider.close());
    const { session, notices, close } = await openMoneySession({ baseUrl: provider.url });
    cleanups.push(close);
    const { txn } = await session.recharge.submit({ number: '9876541111', operator: 'JIO', amount: 149, confirmDuplicate: false });
    expect(txn.status).toBe('Success');
    expect(await session.poller.checkNow(txn.refId, 'poll')).toMatchObject({
      status: 'Success',
      lastError: expect.stringMatching(/^not_ours: operator/),
    });
    expect(session.ledger.events(txn.refId).map((e) => e.toStatus)).toEqual(['Submitting', 'Success', 'Success']);
    expect(notices.list().filter((n) => n.outcome.code === 'success_not_ours')).toEqual([]);
  });
});
