import { describe, expect, it } from 'vitest';
import type { ResellerClient } from '../../../../src/main/core/reseller/reseller-client';
import { createEngine, type ProfileEngine } from '../../../../src/shared/profiles/profile-engine';
import type { LibraryProfileId } from '../../../../src/shared/profiles/library/library-profiles';
import { dialectDays } from '../../../support/dialect-day';
import { otherCredentials, ownersEngine, ownersVersion, shopCredentials } from '../../../support/library-account';

// A shop day against the sandbox speaking a real provider's dialect, learned from the same library
// profile the counter reads it with, each host on its own port, through the real client. A profile
// with more credentials than an id and a token (APILogin's checksum key) has them all on both sides.
const TOKEN = 'library-dialect-token';
const openDay = dialectDays();

type Refusal = 'failure' | 'rejected' | 'unknown';
const DAYS: {
  id: LibraryProfileId;
  operators: Record<string, string>;
  refusal: Refusal;
  balanceCall: boolean;
  dth?: string;
  /** The document has no word for a pending recharge: it stays open until the check says success. */
  noPendingWord?: true;
}[] = [
  // No refusal word in the document: its provider says FAIL, and nothing was charged.
  { id: 'rechargeexchange', operators: { AT: 'A', JIO: 'RJ', VI: 'V' }, refusal: 'failure', balanceCall: true },
  { id: 'joloapi', operators: {}, refusal: 'failure', balanceCall: false },
  // error other than 0: not processed, send again.
  { id: 'rechargkit', operators: { AT: '2', TATASKY: '24' }, refusal: 'rejected', balanceCall: true, dth: 'TATASKY' },
  { id: 'rechapi', operators: { AT: '1' }, refusal: 'failure', balanceCall: false },
  // The document shows no refusal or failure word for recharges: left unknown, the status check decides.
  { id: 'pinwallet', operators: {}, refusal: 'unknown', balanceCall: false },
  // Member id, token and a checksum key: every credential the profile declares, on both sides.
  { id: 'apilogin', operators: { AT: 'AT' }, refusal: 'unknown', balanceCall: false, noPendingWord: true },
  // XML <Data> replies; only SUCCESS is in the document, and the check asks by both ids (OrderId and meroid).
  { id: 'rechargekarlo', operators: { AT: '9' }, refusal: 'unknown', balanceCall: false, noPendingWord: true },
  // One address for the recharge and the check; the check asks by our own id (csagentid).
  { id: 'roundpay', operators: { AT: 'A' }, refusal: 'failure', balanceCall: false },
];

async function setup(profile: unknown, o: { balance?: number; garbage?: number; shopsOthers?: string; shopsToken?: string } = {}) {
  const engine: ProfileEngine = ownersEngine(profile);
  const day = await openDay(
    {
      token: TOKEN,
      credentialValues: otherCredentials(engine),
      dialectEngine: createEngine(profile, 'check'),
      balance: o.balance ?? 1000,
      faults: { garbage: o.garbage ?? 0 },
    },
    engine,
    (s) =>
      shopCredentials(engine, o.shopsToken ?? TOKEN, { url: s.url, username: s.credentials.username, hostUrls: s.hostUrls }, o.shopsOthers),
  );
  return { ...day, engine };
}

const date = () => '2026-11-22';

/** What the counter keeps open for the status check: no answer, or an answer no rule reads. */
const unknown = (o: Awaited<ReturnType<ResellerClient['recharge'] | ResellerClient['status']>>) =>
  o.kind === 'unknown' || (o.kind === 'answer' && o.reply.status.status === 'Unknown');

describe.each(DAYS)('a shop day with $id', ({ id, operators, refusal, balanceCall, dth, noPendingWord }) => {
  const profile = ownersVersion(id, operators);

  it('a success, and a pending recharge the status check confirms', async () => {
    const { c, later } = await setup(profile);
    const ok = await c.recharge({ number: '9000005555', amountRupees: 100, operator: 'AT', refId: '101' });
    expect(ok).toMatchObject({ kind: 'answer', reply: { status: { status: 'Success' } } });
    const pending = await c.recharge({ number: '9000001111', amountRupees: 50, operator: 'AT', refId: '103' });
    if (noPendingWord) expect(unknown(pending), JSON.stringify(pending)).toBe(true);
    else expect(pending).toMatchObject({ kind: 'answer', reply: { status: { status: 'Pending' } } });
    // Some providers look a recharge up by their own id: the counter asks with what the reply gave.
    const txnId = pending.kind === 'answer' ? pending.reply.txnId : '';
    const about = { number: '9000001111', amount: 5000, operator: 'AT', txnId };
    const checked = await c.status('103', date(), undefined, '', about);
    if (noPendingWord) expect(unknown(checked), JSON.stringify(checked)).toBe(true);
    else expect(checked).toMatchObject({ kind: 'answer', reply: { status: { status: 'Pending' } } });
    later();
    expect(await c.status('103', date(), undefined, '', about)).toMatchObject({ kind: 'answer', reply: { status: { status: 'Success' } } });
  });

  it(`a refusal (wallet too low) is ${refusal === 'unknown' ? 'left open' : 'told as not done'}, and the provider charged nothing`, async () => {
    const { c, s } = await setup(profile, { balance: 5 });
    const refused = await c.recharge({ number: '9000005555', amountRupees: 10, operator: 'AT', refId: '201' });
    if (refusal === 'failure') expect(refused).toMatchObject({ kind: 'answer', reply: { status: { status: 'Failure' } } });
    if (refusal === 'rejected') expect(refused).toMatchObject({ kind: 'rejected' });
    if (refusal === 'unknown') expect(unknown(refused), JSON.stringify(refused)).toBe(true);
    expect(s.admin.account(s.credentials.username).buyerBalance).toBe(500);
  });

  it('a reference used already is unknown, never a failure: the first recharge may have gone', async () => {
    const { c } = await setup(profile);
    await c.recharge({ number: '9000005555', amountRupees: 10, operator: 'AT', refId: '300' });
    const again = await c.recharge({ number: '9000005555', amountRupees: 10, operator: 'AT', refId: '300' });
    expect(unknown(again), JSON.stringify(again)).toBe(true);
  });

  it('an unreadable reply is unknown: never a failure, and never sent again', async () => {
    const { c, s } = await setup(profile, { garbage: 1 });
    const o = await c.recharge({ number: '9000005555', amountRupees: 10, operator: 'AT', refId: '501' });
    expect(unknown(o), JSON.stringify(o)).toBe(true);
    expect(s.admin.submissions()['501']).toBe(1);
  });

  it(balanceCall ? 'reads the balance' : 'offers no balance call: the wallet comes from recharge replies', async () => {
    const { c, engine } = await setup(profile);
    if (balanceCall) expect(await c.balance()).toMatchObject({ kind: 'answer', buyer: 100000 });
    else expect(engine.profile.calls.balance).toBeUndefined();
  });

  it.runIf(dth !== undefined)('a DTH recharge goes to the DTH endpoint with the customer id', async () => {
    const { c, s } = await setup(profile);
    const sent = await c.recharge({ number: '1000005555', amountRupees: 300, operator: dth ?? '', refId: '601' });
    expect(sent).toMatchObject({ kind: 'answer', reply: { status: { status: 'Success' } } });
    expect(s.admin.allTransactions()).toMatchObject([{ refId: '601', number: '1000005555', operator: dth }]);
  });
});

describe('every credential a profile declares is checked', () => {
  it('APILogin with a wrong checksum key: nothing is sold and nothing charged', async () => {
    const { c, s } = await setup(ownersVersion('apilogin', { AT: 'AT' }), { shopsOthers: 'ffeeddccbbaa99887766554433221100' });
    const o = await c.recharge({ number: '9000005555', amountRupees: 10, operator: 'AT', refId: '701' });
    expect(o).not.toMatchObject({ kind: 'answer', reply: { status: { status: 'Success' } } });
    expect(s.admin.allTransactions()).toEqual([]);
    expect(s.admin.account(s.credentials.username).buyerBalance).toBe(100000);
  });

  it.each([
    ['rechargekarlo', { AT: '9' }],
    ['roundpay', { AT: 'A' }],
  ] as const)('%s with a wrong password: nothing is sold and nothing charged', async (id, operators) => {
    const { c, s } = await setup(ownersVersion(id, operators), { shopsToken: 'wrong-password-1' });
    const o = await c.recharge({ number: '9000005555', amountRupees: 10, operator: 'AT', refId: '702' });
    expect(o).not.toMatchObject({ kind: 'answer', reply: { status: { status: 'Success' } } });
    expect(s.admin.allTransactions()).toEqual([]);
    expect(s.admin.account(s.credentials.username).buyerBalance).toBe(100000);
  });
});

describe('what each document leaves undefined stays unknown at the counter', () => {
  it('RechargeExchange: a FAIL in a status check is not taken as a failed recharge', async () => {
    const engine = createEngine(ownersVersion('rechargeexchange', { AT: 'A' }), 'check');
    expect(engine.read('status', '{"status":"FAIL","message":"Invalid transid"}')?.meaning ?? null).toBeNull();
    expect(engine.read('recharge', '{"status":"FAIL","transid":"101"}')?.meaning).toBe('Failure');
  });

  it('JOLO: a check that failed (FAILED and a code) is not a failed recharge', async () => {
    const engine = createEngine(ownersVersion('joloapi', {}), 'check');
    expect(engine.read('status', 'FAILED,E011')?.meaning ?? null).toBeNull();
    expect(engine.read('status', 'FAILED,Z1,101,9000005555,10,11:42:40,0,')?.meaning).toBe('Failure');
  });

  it('RechargeKarlo: only SUCCESS closes a recharge; a PENDING or FAILURE it never documented is left to the check', async () => {
    const engine = createEngine(ownersVersion('rechargekarlo', { AT: '9' }), 'check');
    const data = (word: string) => `<Data><Status>${word}</Status><MerOid>101</MerOid><OrderId>4133</OrderId></Data>`;
    expect(engine.read('recharge', data('SUCCESS'))?.meaning).toBe('Success');
    for (const word of ['PENDING', 'FAILURE', 'FAILED'])
      for (const call of ['recharge', 'status'] as const)
        expect(engine.read(call, data(word))?.meaning ?? null, `${call} ${word}`).toBeNull();
  });

  it('RoundPay: a check answering FAILED without our AGENTID is not a failed recharge', async () => {
    const engine = createEngine(ownersVersion('roundpay', { AT: 'A' }), 'check');
    expect(engine.read('status', '{"STATUS":"FAILED","MSG":"Invalid Request"}')?.meaning ?? null).toBeNull();
    expect(engine.read('status', '{"STATUS":"FAILED","AGENTID":"101","MSG":"Transaction Failed"}')?.meaning).toBe('Failure');
  });
});
