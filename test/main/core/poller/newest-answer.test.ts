import { afterEach, describe, expect, it } from 'vitest';
import { openMoneySession } from '../../../support/money-session';
import { startScriptedProvider } from '../../../support/scripted-provider';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const reply = (status: string, refId: string, message: string, balance: string) => ({
  status,
  number: '9876541111',
  amount: '99',
  operator: 'JIO',
  ref_id: refId,
  txn_id: 'RT7',
  opt_id: status === 'Success' ? 'OP7' : '',
  margin_amount: '0.00',
  balance,
  message,
});

describe('the newest answer wins', () => {
  it('a slow reply to an older check arrives last and changes nothing', async () => {
    const provider = await startScriptedProvider((call) => {
      const ref = call.query['ref_id'] ?? '';
      if (call.api === 'recharge') return { body: reply('Pending', ref, 'accepted', '4901.00') };
      // The first check is slow and carries what was true when it was sent.
      if (call.nth === 0) return { body: reply('Pending', ref, 'still with the operator', '4901.00'), delayMs: 700 };
      return { body: reply('Success', ref, 'done', '4902.50') };
    });
    cleanups.push(() => provider.close());
    const { session, close } = await openMoneySession({ baseUrl: provider.url });
    cleanups.push(close);
    const { txn } = await session.recharge.submit({ number: '9876541111', operator: 'JIO', amount: 99, confirmDuplicate: false });

    const slow = session.poller.checkNow(txn.refId, 'poll');
    await new Promise((r) => setTimeout(r, 100));
    // The shopkeeper presses "check now" while the slow one is out: a fresh check, answered at once.
    expect(await session.poller.checkNow(txn.refId, 'manual')).toMatchObject({ status: 'Success', message: 'done', balanceAfter: 490250 });
    await slow;
    expect(session.ledger.get(txn.refId)).toMatchObject({ status: 'Success', message: 'done', balanceAfter: 490250, optId: 'OP7' });
    expect(session.balances.last()?.buyer).toBe(490250);
  });
});
