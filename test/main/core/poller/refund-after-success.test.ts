import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../../src/sandbox';
import { openMoneySession } from '../../../support/money-session';
import { startScriptedProvider } from '../../../support/scripted-provider';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const txnBody = (status: string, refId: string, extra: Record<string, unknown> = {}) => ({
  status,
  number: '9876545555',
  amount: '149',
  operator: 'JIO',
  ref_id: refId,
  txn_id: 'RT1',
  opt_id: 'OP1',
  margin_amount: '0.00',
  balance: '1000.00',
  message: `${status} says the provider`,
  ...extra,
});

describe('success is not always the end', () => {
  it('a reversal after success, reported by a callback hint, is verified and applied with a note', async () => {
    const sandbox: Sandbox = await startSandbox({ pendingMs: 60_000 });
    cleanups.push(() => sandbox.close());
    const { session, close } = await openMoneySession({ baseUrl: sandbox.url });
    cleanups.push(close);
    const { txn } = await session.recharge.submit({ number: '9876545555', operator: 'JIO', amount: 149, confirmDuplicate: false });
    expect(txn.status).toBe('Success');
    sandbox.admin.forceStatus(sandbox.admin.transactions().items[0]!.txnId, 'Refunded');

    const after = await session.poller.checkNow(txn.refId, 'callback');
    expect(after).toMatchObject({ status: 'Refunded', moneyNote: 'refunded_after_success' });
    const last = session.ledger.events(txn.refId).at(-1);
    expect(last).toMatchObject({ fromStatus: 'Success', toStatus: 'Refunded', source: 'callback' });
    expect(last?.note).toBe('refunded_after_success');
    // And the money agrees: the provider gave the amount back (less the commission it had paid).
    const account = sandbox.admin.account(sandbox.credentials.username);
    expect(account.buyerBalance).toBe(500_000);
  });

  it('a single "Refunded" reply for a success is not believed until a second status check says so too', async () => {
    const refs: string[] = [];
    const provider = await startScriptedProvider((call) => {
      const ref = call.query['ref_id'] ?? '';
      if (call.api === 'recharge') {
        refs.push(ref);
        return { body: txnBody('Success', ref) };
      }
      // The first status check says Refunded (a glitch), the verification says Success.
      return { body: txnBody(call.nth === 0 ? 'Refunded' : 'Success', ref) };
    });
    cleanups.push(() => provider.close());
    const { session, close } = await openMoneySession({ baseUrl: provider.url });
    cleanups.push(close);
    const { txn } = await session.recharge.submit({ number: '9876545555', operator: 'JIO', amount: 149, confirmDuplicate: false });
    const after = await session.poller.checkNow(txn.refId, 'manual');
    expect(provider.calls.filter((c) => c.api === 'statusByRefId')).toHaveLength(2);
    expect(after).toMatchObject({ status: 'Success', moneyNote: null });
    expect(session.ledger.events(txn.refId).map((e) => e.toStatus)).toEqual(['Submitting', 'Success']);
  });
});
