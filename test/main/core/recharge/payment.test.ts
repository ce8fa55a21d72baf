import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../../src/sandbox';
import { openMoneySession } from '../../../support/money-session';
import { refusalOf } from '../../../support/refusal';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function open(upi?: { vpa: string; payee: string }) {
  const sandbox = await startSandbox({});
  cleanups.push(() => sandbox.close());
  const { session, close } = await openMoneySession({ baseUrl: sandbox.url, upi });
  cleanups.push(close);
  return { sandbox, session };
}

describe('how the customer pays, as the core takes it', () => {
  it('cash unless told: a recharge without a payment is a cash sale of its whole amount', async () => {
    const { session } = await open();
    const r = await session.recharge.submit({ number: '9876015555', operator: 'JIO', amount: 199, confirmDuplicate: false });
    expect(r.sale).toMatchObject({ method: 'cash', cash: 19_900, upi: 0, credit: 0, saleRef: null });
  });

  it('refuses UPI before the shop has a UPI ID, and a split with no cash part, before anything is sent or written', async () => {
    const { sandbox, session } = await open();
    const base = { number: '9876125555', operator: 'JIO', amount: 199, confirmDuplicate: false };
    expect(await refusalOf(() => session.recharge.submit({ ...base, payment: { method: 'upi' } }))).toEqual({
      code: 'upi_not_set',
      params: {},
    });
    expect(await refusalOf(() => session.recharge.submit({ ...base, payment: { method: 'split', cashRupees: 0 } }))).toEqual({
      code: 'payment_split_parts',
      params: { amount: 19_900 },
    });
    expect(await refusalOf(() => session.recharge.submit({ ...base, payment: { method: 'split', cashRupees: 199 } }))).toMatchObject({
      code: 'payment_split_parts',
    });
    expect(Object.keys(sandbox.admin.submissions())).toEqual([]);
    expect(session.ledger.history({ limit: 10 })).toEqual([]);
  });

  it('keeps the QR’s sale reference with a UPI sale, and makes one when the caller had none', async () => {
    const { session } = await open({ vpa: 'sharma.mobiles@icici', payee: 'Sharma Mobiles' });
    const shown = await session.recharge.submit({
      number: '9876235555',
      operator: 'JIO',
      amount: 299,
      confirmDuplicate: false,
      payment: { method: 'split', cashRupees: 100, saleRef: 'S7K2M9Q4X1AB' },
    });
    expect(shown.sale).toMatchObject({ method: 'split', cash: 10_000, upi: 19_900, saleRef: 'S7K2M9Q4X1AB', upiReceivedAt: null });
    const made = await session.recharge.submit({
      number: '9876345555',
      operator: 'JIO',
      amount: 99,
      confirmDuplicate: false,
      payment: { method: 'upi' },
    });
    expect(made.sale?.saleRef).toMatch(/^S[0-9A-Z]{11}$/);
    expect(session.sales.unreceived().map((s) => s.refId)).toEqual([made.txn.refId, shown.txn.refId]);
  });
});
