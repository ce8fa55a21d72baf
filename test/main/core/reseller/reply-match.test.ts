import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox, type StartOptions } from '../../../../src/sandbox';
import { ResellerClient, DEFAULT_TIMEOUTS } from '../../../../src/main/core/reseller/reseller-client';
import { builtinEngine } from '../../../../src/shared/profiles/builtin-profiles';
import { createEngine, type ProfileEngine } from '../../../../src/shared/profiles/profile-engine';
import { BUILTIN_PROFILE_IDS } from '../../../../src/shared/profiles/profile-ids';
import document from '../../../../src/shared/profiles/builtin/document.json';
import { startScriptedProvider } from '../../../support/scripted-provider';
import { istDate } from '../../../../src/shared/ist-date';

// Issue 35 item 3, at the client: every reply is held against what was sent. The sandbox carries
// each recharge out as planned and then answers with a reply that is not about it (src/sandbox/submit-lies.ts).
const TOKEN = 'reply-match-token-XYZ';
let sandbox: Sandbox | undefined;
let client: ResellerClient | undefined;
const closers: (() => Promise<void>)[] = [];

afterEach(async () => {
  await client?.close();
  await sandbox?.close();
  for (const close of closers.splice(0)) await close();
  sandbox = client = undefined;
});

async function setup(o: StartOptions = {}, engine: ProfileEngine = builtinEngine()) {
  sandbox = await startSandbox({ token: TOKEN, pendingMs: 60_000, ...o });
  const s = sandbox;
  client = new ResellerClient(() => ({ baseUrl: s.url, username: s.credentials.username, token: TOKEN }), DEFAULT_TIMEOUTS, engine);
  return { s, c: client };
}

const JIO_SALE = { number: '9000005555', amountRupees: 199, operator: 'JIO', refId: 'RM1' };

describe('a recharge reply about another request is unknown, whatever it says', () => {
  it('a refusal naming another ref_id: unknown, and the provider did carry ours out', async () => {
    const { c, s } = await setup({ script: ['refused-other-ref'] });
    const o = await c.recharge(JIO_SALE);
    expect(o).toMatchObject({
      kind: 'unknown',
      reason: 'not_ours',
      said: 'Error',
      mismatches: [{ field: 'ref', sent: 'RM1', said: 'RM0' }],
    });
    expect(await c.status('RM1', istDate(Date.now()))).toMatchObject({ kind: 'answer', reply: { status: { status: 'Success' } } });
    expect(s.admin.submissionCount('RM1')).toBe(1);
  });

  it('an HTTP 429 with a refusal body: unknown, the document declares no refusal at 429', async () => {
    const { c } = await setup({ script: ['refused-429'] });
    expect(await c.recharge(JIO_SALE)).toMatchObject({ kind: 'unknown', reason: 'http_error' });
  });

  it('a gateway\'s HTTP 504 with {"errorcode":"504"}: unknown, even to a profile that reads that code as a refusal', async () => {
    const sloppy = structuredClone(document) as typeof document & { id: string };
    sloppy.id = 'sloppy';
    sloppy.calls.recharge.rules.unshift({ when: [{ field: 'errorCode', is: 'equals', value: '504' }], means: 'not_processed' } as never);
    // The profile check refuses it first (it closes a gateway's reply of the silence corpus)...
    expect(() => createEngine(sloppy)).toThrow(/closes_silence/);
    // ...and were it let through, the HTTP status alone still keeps the reply unknown.
    const { c } = await setup({ script: ['gateway-504'] }, createEngine(sloppy, 'known'));
    expect(await c.recharge(JIO_SALE)).toMatchObject({ kind: 'unknown', reason: 'http_error' });
  });

  it.each([
    ['success-other-number', { field: 'number', sent: '9000005555', said: '9000005550' }],
    ['success-other-amount', { field: 'amount', sent: '19900', said: '20000' }],
    ['success-other-operator', { field: 'operator', sent: 'JIO', said: 'AT' }],
  ] as const)('%s: a Success that is not this sale, named as such', async (plan, mismatch) => {
    const { c } = await setup({ script: [plan] });
    expect(await c.recharge(JIO_SALE)).toMatchObject({ kind: 'unknown', reason: 'not_ours', said: 'Success', mismatches: [mismatch] });
  });

  it('a profile with two operators swapped sends a Jio sale as AT: the reply naming AT is Airtel, not this sale', async () => {
    const swapped = structuredClone(document) as typeof document & { id: string };
    swapped.id = 'swapped';
    swapped.operators = { ...swapped.operators, JIO: 'AT', AT: 'JIO' };
    const { c, s } = await setup({}, createEngine(swapped));
    const o = await c.recharge(JIO_SALE);
    expect(s.admin.allTransactions()[0]).toMatchObject({ refId: 'RM1', operator: 'AT' });
    expect(o).toMatchObject({ kind: 'unknown', reason: 'not_ours', said: 'Success', mismatches: [{ field: 'operator', said: 'AT' }] });
  });
});

describe('each refusal of the document and the field notes, as the client reads it', () => {
  for (const errorStyle of ['body', 'http'] as const) {
    it(`errors ${errorStyle === 'body' ? 'in a 200 body' : 'as HTTP 4xx'}: refusals of this request are definite, 110 is not, 109 is unknown`, async () => {
      const { c, s } = await setup({ errorStyle, balance: 300, sameNumberWindowMs: 60_000 });
      const sale = (refId: string, o: Partial<typeof JIO_SALE> = {}) => c.recharge({ ...JIO_SALE, refId, ...o });
      expect(await sale('A1')).toMatchObject({ kind: 'answer' });
      // The same number and amount again: refused, but about the recharge just made.
      expect(await sale('A2')).toMatchObject({ kind: 'rejected', code: '110', definite: false });
      expect(await sale('A1', { number: '9000015555' })).toMatchObject({ kind: 'unknown', reason: 'provider_unsure' });
      expect(await sale('A3', { amountRupees: 500, number: '9000025555' })).toMatchObject({
        kind: 'rejected',
        code: '128',
        definite: true,
      });
      expect(await sale('A4', { amountRupees: 1, number: '9000035555' })).toMatchObject({ kind: 'rejected', code: '104', definite: true });
      expect(await sale('A5', { number: '12', amountRupees: 10 })).toMatchObject({ kind: 'rejected', definite: true });
      s.admin.suspend(s.credentials.username, true);
      expect(await sale('A6', { number: '9000045555', amountRupees: 10 })).toMatchObject({ kind: 'rejected', code: '106', definite: true });
      s.admin.suspend(s.credentials.username, false);
      s.admin.setToken(s.credentials.username, 'another-token-123');
      expect(await sale('A7', { number: '9000055555', amountRupees: 10 })).toMatchObject({ kind: 'rejected', code: '145', definite: true });
    });
  }

  it('a profile that declares no refusal status: a 4xx refusal is unknown', async () => {
    const plain = structuredClone(document) as Partial<typeof document> & { id: string };
    plain.id = 'plain';
    delete plain.refusalHttpStatuses;
    const { c } = await setup({ errorStyle: 'http', balance: 5 }, createEngine(plain));
    expect(await c.recharge({ ...JIO_SALE, amountRupees: 10 })).toMatchObject({ kind: 'unknown', reason: 'http_error' });
  });
});

describe('a status check about another request is unknown', () => {
  async function scripted(body: Record<string, unknown>) {
    const p = await startScriptedProvider(() => ({ body }));
    closers.push(() => p.close());
    client = new ResellerClient(() => ({ baseUrl: p.url, username: '9000000001', token: TOKEN }));
    return client;
  }
  const sent = { number: '9000005555', amount: 19_900, operator: 'JIO' };
  const truth = { status: 'Success', number: '9000005555', amount: '199', operator: 'JIO', ref_id: 'RM1', txn_id: 'T1' };

  it('a Success naming another number, amount or operator than the recharge sent', async () => {
    const c = await scripted({ ...truth, number: '9000005556', amount: '299' });
    expect(await c.status('RM1', '2026-11-28', undefined, '', sent)).toMatchObject({
      kind: 'unknown',
      reason: 'not_ours',
      said: 'Success',
      mismatches: [{ field: 'number' }, { field: 'amount', sent: '19900', said: '29900' }],
    });
  });

  it('a lookup refusal naming another ref_id says nothing of ours (it never counts toward "not sent")', async () => {
    const c = await scripted({ status: 'Error', errorcode: '111', message: 'No such ref_id', ref_id: 'RM9' });
    expect(await c.status('RM1', '2026-11-28', undefined, '', sent)).toMatchObject({ kind: 'unknown', reason: 'not_ours', said: 'Error' });
  });

  it('the same reply about our recharge is an answer', async () => {
    const c = await scripted(truth);
    expect(await c.status('RM1', '2026-11-28', undefined, '', sent)).toMatchObject({
      kind: 'answer',
      reply: { status: { status: 'Success' } },
    });
  });
});

describe.each(BUILTIN_PROFILE_IDS)('the %s dialect', (dialect) => {
  it('a matching reply and status check are answers; a refusal naming another ref is unknown', async () => {
    const engine = builtinEngine(dialect);
    const { c } = await setup({ dialect, script: ['success', 'refused-other-ref', 'success-other-amount'] }, engine);
    const sale = { number: '9000005555', amountRupees: 100, operator: 'AT', refId: '201' };
    expect(await c.recharge(sale)).toMatchObject({ kind: 'answer', reply: { status: { status: 'Success' } } });
    const sent = { number: sale.number, amount: 10_000, operator: 'AT' };
    expect(await c.status('201', istDate(Date.now()), undefined, engine.tag, sent)).toMatchObject({ kind: 'answer' });
    expect(await c.recharge({ ...sale, refId: '202', number: '9000015555' })).toMatchObject({ kind: 'unknown', reason: 'not_ours' });
    const carriesAmount = engine.profile.calls.recharge.reply.fields.amount !== undefined;
    expect(await c.recharge({ ...sale, refId: '203', number: '9000025555' })).toMatchObject(
      carriesAmount ? { kind: 'unknown', reason: 'not_ours', said: 'Success' } : { kind: 'answer' },
    );
  });
});
