import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../../src/sandbox';
import { heldClock, openMoneySession } from '../../../support/money-session';
import { adjacentIstDate } from '../../../../src/main/core/poller/after-answer';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const MIN = 60_000;
const at = (ist: string) => Date.parse(`${ist}+05:30`);

/**
 * The shop's clock says `appTime`; the provider's runs `skewMs` apart, so near midnight it files
 * the recharge under the other IST date. The reply is lost (reset after processing), so only
 * the status check can find it.
 */
async function lostNearMidnight(appTime: number, skewMs: number) {
  const clock = heldClock(appTime);
  const sandbox = await startSandbox({ pendingMs: 60_000, now: () => clock.now() + skewMs, faults: { resetAfter: 1 } });
  cleanups.push(() => sandbox.close());
  const { session, close } = await openMoneySession({ baseUrl: sandbox.url, now: clock.now });
  cleanups.push(close);
  const { txn } = await session.recharge.submit({ number: '9876545555', operator: 'JIO', amount: 49, confirmDuplicate: false });
  sandbox.admin.setFaults({ resetAfter: 0 });
  return { clock, sandbox, session, txn };
}

describe('dates near midnight', () => {
  it('at 23:50 IST: the provider filed it under tomorrow; the status check finds it there and keeps that date', async () => {
    const { session, sandbox, txn } = await lostNearMidnight(at('2026-11-22T23:50:00'), 20 * MIN);
    expect(txn).toMatchObject({ status: 'Unknown', rechargeDate: '2026-11-22' });
    expect(sandbox.admin.allTransactions()[0]?.rechargeDate).toBe('2026-11-23');
    const after = await session.poller.checkNow(txn.refId, 'poll');
    expect(after).toMatchObject({ status: 'Success', rechargeDate: '2026-11-23' });
  });

  it('at 00:10 IST: the provider filed it under yesterday; found there', async () => {
    const { session, sandbox, txn } = await lostNearMidnight(at('2026-11-23T00:10:00'), -20 * MIN);
    expect(txn.rechargeDate).toBe('2026-11-23');
    expect(sandbox.admin.allTransactions()[0]?.rechargeDate).toBe('2026-11-22');
    expect(await session.poller.checkNow(txn.refId, 'poll')).toMatchObject({ status: 'Success', rechargeDate: '2026-11-22' });
  });

  it('far from midnight there is no other date to try', () => {
    expect(adjacentIstDate(at('2026-11-22T12:00:00'))).toBeNull();
    expect(adjacentIstDate(at('2026-11-22T22:59:00'))).toBeNull();
    expect(adjacentIstDate(at('2026-11-22T23:01:00'))).toBe('2026-11-23');
    expect(adjacentIstDate(at('2026-11-23T00:59:00'))).toBe('2026-11-22');
  });
});
