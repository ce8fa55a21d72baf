import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../../src/sandbox';
import { heldClock, openMoneySession } from '../../../support/money-session';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const MIN = 60_000;
const START = Date.parse('2026-11-22T06:00:00Z');

describe('a recharge that fails after it was left open', () => {
  it('pending then failed (…2222): one notice on the board, keyed by ref, with the number and the amount to give back', async () => {
    const clock = heldClock(START);
    const sandbox = await startSandbox({ pendingMs: MIN, now: clock.now });
    cleanups.push(() => sandbox.close());
    const { session, notices, close } = await openMoneySession({ baseUrl: sandbox.url, now: clock.now });
    cleanups.push(close);

    // An instant failure is on the card in front of the shopkeeper: no banner for it.
    const instant = await session.recharge.submit({ number: '9876540000', operator: 'JIO', amount: 49, confirmDuplicate: false });
    expect(instant.txn.status).toBe('Failure');
    const { txn } = await session.recharge.submit({ number: '9876542222', operator: 'JIO', amount: 199, confirmDuplicate: false });
    expect(txn.status).toBe('Pending');
    expect(notices.list()).toEqual([]);

    clock.advance(MIN + 1);
    sandbox.admin.tick();
    expect((await session.poller.checkNow(txn.refId, 'poll'))?.status).toBe('Failure');
    // A second check of the same final row tells nothing new.
    await session.poller.checkNow(txn.refId, 'manual');

    expect(notices.list()).toHaveLength(1);
    expect(notices.list()[0]).toMatchObject({
      level: 'warning',
      key: txn.refId,
      outcome: { code: 'txn_failed_late', params: { number: '9876542222', amount: 19_900, refId: txn.refId, sent: true } },
    });
  });
});
