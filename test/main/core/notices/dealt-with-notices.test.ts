import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../../src/sandbox';
import { heldClock, openMoneySession } from '../../../support/money-session';
import type { ProviderSession } from '../../../../src/main/core/session/provider-session';
import type { NoticeBoard } from '../../../../src/main/core/notices/notice-board';
import type { PaymentMethod } from '../../../../src/shared/payment/payment-parts';

// Issue 40: "notices that were dealt with stay and push the result card down". A notice asking the
// shopkeeper to do something with a sale's money goes once they did it, on whichever screen they did
// it; the notices about other sales stay.

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const PENDING_MS = 60_000;

async function open() {
  const clock = heldClock(Date.parse('2026-11-23T06:00:00Z'));
  const sandbox = await startSandbox({ pendingMs: PENDING_MS, now: clock.now });
  cleanups.push(() => sandbox.close());
  const opened = await openMoneySession({ baseUrl: sandbox.url, now: clock.now, upi: { vpa: 'shop@upi', payee: 'Shop' } });
  cleanups.push(opened.close);
  return { clock, sandbox, session: opened.session, notices: opened.notices };
}

type Opened = Awaited<ReturnType<typeof open>>;

/** The provider ends the open recharges; the status check finds what it says of each. */
async function checkAfterWait({ clock, sandbox, session }: Opened, ...refIds: string[]) {
  clock.advance(PENDING_MS + 1);
  sandbox.admin.tick();
  for (const refId of refIds) await session.poller.checkNow(refId, 'poll');
}

const sell = async (session: ProviderSession, number: string, amount: number, method: PaymentMethod = 'cash') =>
  (await session.recharge.submit({ number, operator: 'JIO', amount, confirmDuplicate: false, payment: { method } })).txn;

const told = (notices: NoticeBoard) => notices.list().map((n) => `${n.outcome.code}:${n.key}`);

describe('a notice about a sale’s money, once the shopkeeper dealt with it', () => {
  it('a late failure’s “give it back” goes when it is given back or kept as credit; the other sale’s stays until then', async () => {
    const o = await open();
    const { session, notices } = o;
    const first = await sell(session, '9876542222', 239);
    const second = await sell(session, '9876512222', 199);
    expect(first.status).toBe('Pending');
    await checkAfterWait(o, first.refId, second.refId);
    expect(session.ledger.get(first.refId)?.status).toBe('Failure');
    expect(told(notices)).toEqual(expect.arrayContaining([`txn_failed_late:${first.refId}`, `txn_failed_late:${second.refId}`]));

    session.moneyFollow.settle(first.refId, 'given_back');
    expect(told(notices)).not.toContain(`txn_failed_late:${first.refId}`);
    expect(told(notices)).toContain(`txn_failed_late:${second.refId}`);

    session.moneyFollow.settle(second.refId, 'kept_as_credit');
    expect(told(notices).filter((n) => n.startsWith('txn_failed_late'))).toEqual([]);
  });

  it('a UPI sale never paid: “the customer did not pay” answers its notice too', async () => {
    const o = await open();
    const { session, notices } = o;
    const sale = await sell(session, '9876532222', 149, 'upi');
    await checkAfterWait(o, sale.refId);
    expect(told(notices)).toContain(`txn_failed_late:${sale.refId}`);
    session.moneyFollow.settle(sale.refId, 'not_paid');
    expect(told(notices)).not.toContain(`txn_failed_late:${sale.refId}`);
  });

  it('a refund’s notice goes when the money is given back', async () => {
    const o = await open();
    const { session, notices } = o;
    const sale = await sell(session, '9876543333', 299);
    expect(sale.status).toBe('Success');
    await checkAfterWait(o, sale.refId);
    expect(session.ledger.get(sale.refId)?.status).toBe('Refunded');
    expect(told(notices)).toContain(`txn_refunded:${sale.refId}`);
    session.moneyFollow.settle(sale.refId, 'given_back');
    expect(told(notices)).not.toContain(`txn_refunded:${sale.refId}`);
  });

  it('a late failure the status check then calls a Success: “give it back” is replaced by the changed answer', async () => {
    const o = await open();
    const { sandbox, session, notices } = o;
    const sale = await sell(session, '9876552222', 239);
    await checkAfterWait(o, sale.refId);
    expect(told(notices)).toContain(`txn_failed_late:${sale.refId}`);
    sandbox.admin.reverseFailure(sandbox.admin.transactions().items[0]!.txnId);
    await session.poller.checkNow(sale.refId, 'poll');
    expect(session.ledger.get(sale.refId)?.status).toBe('Success');
    expect(told(notices)).toContain(`answer_changed:${sale.refId}`);
    expect(told(notices)).not.toContain(`txn_failed_late:${sale.refId}`);
  });
});
