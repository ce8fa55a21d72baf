import { describe, expect, it } from 'vitest';
import { builtinEngine } from '../../../../src/shared/profiles/builtin-profiles';
import { BUILTIN_PROFILE_IDS, type BuiltinProfileId } from '../../../../src/shared/profiles/profile-ids';
import { dialectDays } from '../../../support/dialect-day';

// Every built-in profile against the sandbox speaking that dialect: the client reads each kind of
// answer as the document's dialect would give it, so every rule above the client holds for all.
const TOKEN = 'dialect-test-token';
const openDay = dialectDays();

async function setup(dialect: BuiltinProfileId, o: { balance?: number; garbage?: number } = {}) {
  return openDay({ token: TOKEN, dialect, balance: o.balance ?? 1000, faults: { garbage: o.garbage ?? 0 } }, builtinEngine(dialect));
}

/** The sandbox's clock starts on this India date. */
const date = () => '2026-11-22';

describe.each(BUILTIN_PROFILE_IDS)('the %s dialect, end to end', (dialect) => {
  it('success, failure, pending then success, and a refund after success', async () => {
    const { c, later } = await setup(dialect);
    const ok = await c.recharge({ number: '9000005555', amountRupees: 100, operator: 'AT', refId: '101' });
    expect(ok).toMatchObject({ kind: 'answer', reply: { status: { status: 'Success' }, refId: '101', balance: 90250 } });
    const failed = await c.recharge({ number: '9000000000', amountRupees: 100, operator: 'JIO', refId: '102' });
    expect(failed).toMatchObject({ kind: 'answer', reply: { status: { status: 'Failure' } } });
    const pending = await c.recharge({ number: '9000001111', amountRupees: 50, operator: 'VI', refId: '103' });
    expect(pending.kind === 'answer' && ['Pending', 'Accepted']).toContain(pending.kind === 'answer' && pending.reply.status.status);
    const refunded = await c.recharge({ number: '9000003333', amountRupees: 60, operator: 'AT', refId: '104' });
    expect(refunded).toMatchObject({ kind: 'answer', reply: { status: { status: 'Success' } } });
    later();
    expect(await c.status('103', date())).toMatchObject({ kind: 'answer', reply: { status: { status: 'Success' } } });
    expect(await c.status('104', date())).toMatchObject({ kind: 'answer', reply: { status: { status: 'Refunded' } } });
  });

  it('a refusal is not processed with the document code; a used reference is unknown, never a failure', async () => {
    const { c } = await setup(dialect, { balance: 5 });
    expect(await c.recharge({ number: '9000005555', amountRupees: 10, operator: 'AT', refId: '201' })).toMatchObject({
      kind: 'rejected',
      code: '128',
    });
    const { c: c2 } = await setup(dialect);
    await c2.recharge({ number: '9000005555', amountRupees: 10, operator: 'AT', refId: '300' });
    expect(await c2.recharge({ number: '9000000000', amountRupees: 10, operator: 'AT', refId: '300' })).toMatchObject({ kind: 'unknown' });
    expect(await c2.status('NOPE', date())).toMatchObject({ kind: 'lookup_failed' });
  });

  it('the balance and a complaint', async () => {
    const { c } = await setup(dialect);
    expect(await c.balance()).toMatchObject({ kind: 'answer', buyer: 100000 });
    const ok = await c.recharge({ number: '9000006666', amountRupees: 100, operator: 'AT', refId: '401' });
    const txnId = ok.kind === 'answer' ? ok.reply.txnId : '';
    expect(txnId).not.toBe('');
    expect(await c.complain(txnId, 'not received')).toMatchObject({ kind: 'answer' });
  });

  it('a garbled reply is unknown: never a failure, never a resend', async () => {
    const { c } = await setup(dialect, { garbage: 1 });
    const o = await c.recharge({ number: '9000005555', amountRupees: 10, operator: 'AT', refId: '501' });
    // A text dialect reads any line, and finds no rule in it: an answer whose status is Unknown.
    expect(o.kind === 'unknown' || (o.kind === 'answer' && o.reply.status.status === 'Unknown'), JSON.stringify(o)).toBe(true);
  });
});

describe('a dialect’s reference limits are the sandbox’s too', () => {
  it('the numeric-json provider (14 digits) refuses a reference with letters or longer, and takes ours', async () => {
    const { c } = await setup('numeric-json');
    for (const refId of ['AB12CD', '123456789012345'])
      expect((await c.recharge({ number: '9000005555', amountRupees: 10, operator: 'AT', refId })).kind, refId).not.toBe('answer');
    expect(await c.recharge({ number: '9000005555', amountRupees: 10, operator: 'AT', refId: '12345678901234' })).toMatchObject({
      kind: 'answer',
      reply: { status: { status: 'Success' } },
    });
  });
});
