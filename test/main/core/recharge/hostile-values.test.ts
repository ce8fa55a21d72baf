import { afterEach, describe, expect, it } from 'vitest';
import { openMoneySession } from '../../../support/money-session';
import { startScriptedProvider } from '../../../support/scripted-provider';
import { forDisplay } from '../../../../src/shared/display-text';
import { isPlausibleBalance } from '../../../../src/shared/money';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function providerSaying(balance: string, message: string) {
  const provider = await startScriptedProvider((call) => {
    const ref = call.query['ref_id'] ?? '';
    return {
      body: {
        status: 'Success',
        number: call.query['number'],
        amount: call.query['amount'],
        operator: 'JIO',
        ref_id: ref,
        txn_id: `RT${call.nth}`,
        balance,
        message,
      },
    };
  });
  cleanups.push(() => provider.close());
  const { session, close } = await openMoneySession({ baseUrl: provider.url });
  cleanups.push(close);
  return session;
}

describe('hostile or odd provider values', () => {
  it('a negative balance is stored as reported and does not refuse the next recharge', async () => {
    const session = await providerSaying('-500.00', 'ok');
    await session.recharge.submit({ number: '9876545555', operator: 'JIO', amount: 10, confirmDuplicate: false });
    expect(session.balances.last()?.buyer).toBe(-50_000);
    expect(isPlausibleBalance(-50_000)).toBe(false);
    const next = await session.recharge.submit({ number: '9876540555', operator: 'JIO', amount: 100, confirmDuplicate: false });
    expect(next.outcome).toBe('success');
  });

  it('an absurd balance is stored as reported, shown with a warning, never used to refuse', async () => {
    const session = await providerSaying('50000000000.00', 'ok');
    await session.recharge.submit({ number: '9876545555', operator: 'JIO', amount: 10, confirmDuplicate: false });
    expect(session.balances.last()?.buyer).toBe(5_000_000_000_000);
    expect(isPlausibleBalance(5_000_000_000_000)).toBe(false);
    expect(isPlausibleBalance(12_345_00)).toBe(true);
    expect((await session.recharge.submit({ number: '9876540555', operator: 'JIO', amount: 100, confirmDuplicate: false })).outcome).toBe(
      'success',
    );
  });

  it('a plausible balance still refuses a recharge larger than the wallet', async () => {
    const session = await providerSaying('5.00', 'ok');
    await session.recharge.submit({ number: '9876545555', operator: 'JIO', amount: 10, confirmDuplicate: false });
    const refused = await session.recharge
      .submit({ number: '9876540555', operator: 'JIO', amount: 100, confirmDuplicate: false })
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'insufficient_balance' });
  });

  it('an over-long message is kept whole in the ledger and cut for display', async () => {
    const long = `Operator says: ${'पुनः प्रयास करें '.repeat(600)}END`;
    const session = await providerSaying('100.00', long);
    const { txn } = await session.recharge.submit({ number: '9876545555', operator: 'JIO', amount: 10, confirmDuplicate: false });
    expect(session.ledger.get(txn.refId)?.message).toBe(long);
    const shown = forDisplay(txn.message);
    expect([...shown]).toHaveLength(300);
    expect(shown.endsWith('…')).toBe(true);
    expect(forDisplay('short')).toBe('short');
  });
});
