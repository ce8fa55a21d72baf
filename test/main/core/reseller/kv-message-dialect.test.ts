import { describe, expect, it } from 'vitest';
import { createEngine } from '../../../../src/shared/profiles/profile-engine';
import fixture from '../../../fixtures/profiles/kv-message-v2.json';
import { dialectDays } from '../../../support/dialect-day';

// Issue 36 item 5, end to end: a version 2 profile whose replies are `key=value` lines, with the
// provider's transaction id and balance inside its message (`TxId:61,Bal:1940`) and a status
// check that only says "3, see the message". The simulator speaks it from the same file; the
// real client reads it.
const TOKEN = 'kv-dialect-token';
const openDay = dialectDays();

async function setup(o: { balance?: number } = {}) {
  return openDay({ token: TOKEN, balance: o.balance ?? 1000, dialectEngine: createEngine(fixture) }, createEngine(fixture));
}

/** The sandbox's clock starts on this India date. */
const date = '2026-11-22';

describe('a key=value provider with facts inside its message', () => {
  it('a success carries the provider’s txn id and the wallet read from inside the message', async () => {
    const { c, s } = await setup();
    const ok = await c.recharge({ number: '9000005555', amountRupees: 100, operator: 'AT', refId: '101' });
    expect(ok).toMatchObject({ kind: 'answer', reply: { status: { status: 'Success', raw: 'SUCCESS' }, refId: '101', balance: 90250 } });
    const txnId = ok.kind === 'answer' ? ok.reply.txnId : '';
    expect(txnId).not.toBe('');
    // What came over the wire: one key=value line, the facts packed in the message by the profile's marks.
    expect(ok.kind === 'answer' && ok.raw).toMatch(new RegExp(`^STATUS=SUCCESS&MSG=[^&]*,TxId:${txnId},Bal:902\\.50&`));
    // The request went out in the profile's words, and the wallet in the simulator agrees.
    expect(s.admin.account(s.credentials.username).buyerBalance).toBe(90250);
  });

  it('pending, then the status check says “3” and the message decides: Success', async () => {
    const { c, later } = await setup();
    const pending = await c.recharge({ number: '9000001111', amountRupees: 50, operator: 'VI', refId: '103' });
    expect(pending).toMatchObject({ kind: 'answer', reply: { status: { status: 'Pending' } } });
    later();
    const checked = await c.status('103', date);
    expect(checked).toMatchObject({
      kind: 'answer',
      reply: { status: { status: 'Success', raw: '3' }, message: 'Transaction Successful', refId: '103' },
    });
    expect(checked.kind === 'answer' && checked.reply.txnId).toBe(pending.kind === 'answer' && pending.reply.txnId);
    // The txn id came from inside the status's text by the profile's capture: `Ref <id> Bal Rs <balance>`.
    expect(checked.kind === 'answer' && checked.raw).toMatch(/^STATUS=3&REMARK=Transaction\+Successful&.*INFO=Ref\+\w+\+Bal\+Rs\.?\+?\d/);
  });

  it('a failure confirmed by the message, and a refund after a success', async () => {
    const { c, later } = await setup();
    await c.recharge({ number: '9000000000', amountRupees: 100, operator: 'JIO', refId: '102' });
    await c.recharge({ number: '9000003333', amountRupees: 60, operator: 'AT', refId: '104' });
    later();
    expect(await c.status('102', date)).toMatchObject({ kind: 'answer', reply: { status: { status: 'Failure', raw: '3' } } });
    expect(await c.status('104', date)).toMatchObject({ kind: 'answer', reply: { status: { status: 'Refunded', raw: '3' } } });
  });

  it('a refusal is not processed with the provider’s code; a used reference is unknown, never a failure', async () => {
    const { c } = await setup({ balance: 5 });
    expect(await c.recharge({ number: '9000005555', amountRupees: 10, operator: 'AT', refId: '201' })).toMatchObject({
      kind: 'rejected',
      code: '128',
    });
    const { c: c2 } = await setup();
    await c2.recharge({ number: '9000005555', amountRupees: 10, operator: 'AT', refId: '300' });
    expect(await c2.recharge({ number: '9000000000', amountRupees: 10, operator: 'AT', refId: '300' })).toMatchObject({ kind: 'unknown' });
  });

  it('the balance is read from inside the message', async () => {
    const { c } = await setup();
    expect(await c.balance()).toMatchObject({ kind: 'answer', buyer: 100000 });
  });
});
