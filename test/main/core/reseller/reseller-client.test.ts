import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSandbox, type Sandbox, type StartOptions } from '../../../../src/sandbox';
import { ResellerClient, DEFAULT_TIMEOUTS, type ClientTimeouts } from '../../../../src/main/core/reseller/reseller-client';
import { istDate } from '../../../../src/shared/ist-date';

const TOKEN = 'client-test-token-XYZ';
let sandbox: Sandbox | undefined;
let client: ResellerClient | undefined;
let stub: Server | undefined;

afterEach(async () => {
  await client?.close();
  await sandbox?.close();
  await new Promise<void>((r) => (stub ? stub.close(() => r()) : r()));
  sandbox = client = stub = undefined;
});

async function setup(o: StartOptions = {}, timeouts: Partial<ClientTimeouts> = {}) {
  sandbox = await startSandbox({ token: TOKEN, pendingMs: 60_000, ...o });
  const s = sandbox;
  client = new ResellerClient(() => ({ baseUrl: s.url, username: s.credentials.username, token: TOKEN }), {
    ...DEFAULT_TIMEOUTS,
    ...timeouts,
  });
  return { s, c: client };
}

const today = () => istDate(Date.now());
const noToken = (o: unknown) => expect(JSON.stringify(o)).not.toContain(TOKEN);

describe('reseller client against the sandbox', () => {
  it('recharge Success: status, ids and exact paise', async () => {
    const { c } = await setup({ balance: 1000 });
    const o = await c.recharge({ number: '9000005555', amountRupees: 199, operator: 'JIO', refId: 'R1' });
    expect(o.kind).toBe('answer');
    if (o.kind !== 'answer') return;
    expect(o.reply.status.status).toBe('Success');
    expect(o.reply).toMatchObject({ amount: 19900, margin: 497, balance: 80597, refId: 'R1', operator: 'JIO' });
    expect(o.reply.txnId).toMatch(/^RT/);
    noToken(o);
  });

  it('Pending, Failure, and every letter case map to canonical statuses', async () => {
    const { c, s } = await setup({ statusCase: 'upper' });
    const p = await c.recharge({ number: '9000001111', amountRupees: 10, operator: 'JIO', refId: 'P' });
    const f = await c.recharge({ number: '9000000000', amountRupees: 10, operator: 'JIO', refId: 'F' });
    expect(p.kind === 'answer' && p.reply.status).toEqual({ status: 'Pending', raw: 'PENDING' });
    expect(f.kind === 'answer' && f.reply.status.status).toBe('Failure');
    await s.close();
    const low = await setup({ statusCase: 'lower', accepted: true });
    const a = await low.c.recharge({ number: '9000001111', amountRupees: 10, operator: 'JIO', refId: 'A' });
    expect(a.kind === 'answer' && a.reply.status.status).toBe('Accepted');
  });

  it('Error in a 200 body is a rejection with the provider words', async () => {
    const { c } = await setup({ balance: 5 });
    const o = await c.recharge({ number: '9000005555', amountRupees: 10, operator: 'JIO', refId: 'E' });
    expect(o).toMatchObject({ kind: 'rejected', code: '128', message: 'Insufficient Fund' });
  });

  it('HTTP 4xx with FAILURE and an error code is a rejection too; text/html bodies are still read', async () => {
    const { c } = await setup({ errorStyle: 'http', htmlContentType: true, balance: 5 });
    expect(await c.recharge({ number: '9000005555', amountRupees: 10, operator: 'JIO', refId: 'E' })).toMatchObject({
      kind: 'rejected',
      code: '128',
    });
    const ok = await c.recharge({ number: '9000005555', amountRupees: 1, operator: 'JIO', refId: 'E2' });
    expect(ok).toMatchObject({ kind: 'rejected', code: '104' });
    expect((await c.balance()).kind).toBe('answer');
  });

  it('a duplicate ref_id rejection (109) is unknown, never "nothing moved"', async () => {
    const { c } = await setup();
    await c.recharge({ number: '9000005555', amountRupees: 10, operator: 'JIO', refId: 'D' });
    expect(await c.recharge({ number: '9000005555', amountRupees: 10, operator: 'JIO', refId: 'D' })).toMatchObject({
      kind: 'unknown',
      reason: 'provider_unsure',
    });
  });

  it('a replayed duplicate ("duplicate": true) is the original transaction', async () => {
    const { c } = await setup({ duplicateRefId: 'replay' });
    const first = await c.recharge({ number: '9000005555', amountRupees: 10, operator: 'JIO', refId: 'D' });
    const again = await c.recharge({ number: '9000005555', amountRupees: 10, operator: 'JIO', refId: 'D' });
    expect(again.kind === 'answer' && again.reply.duplicate).toBe(true);
    expect(again.kind === 'answer' && first.kind === 'answer' && again.reply.txnId === first.reply.txnId).toBe(true);
  });

  describe('faults: the outcome is unknown and the recharge was sent exactly once', () => {
    const cases: [string, StartOptions['faults'], string][] = [
      ['no reply', { noReply: 1 }, 'timeout'],
      ['reset after processing', { resetAfter: 1 }, 'network'],
      ['garbage body', { garbage: 1 }, 'unreadable'],
      ['HTML error page', { htmlError: 1 }, 'http_error'],
      ['502 before processing', { badGateway: 1 }, 'http_error'],
    ];
    for (const [name, faults, reason] of cases) {
      it(name, async () => {
        const { c, s } = await setup({ faults }, { headersMs: 400, totalMs: 1500 });
        const o = await c.recharge({ number: '9000005555', amountRupees: 10, operator: 'JIO', refId: 'X' });
        expect(o).toMatchObject({ kind: 'unknown', reason });
        expect(s.admin.submissionCount('X')).toBeLessThanOrEqual(1);
        noToken(o);
      });
    }
  });

  it('a provider that cannot be reached at all: not sent', async () => {
    const { c, s } = await setup();
    await s.close();
    sandbox = undefined;
    expect(await c.recharge({ number: '9000005555', amountRupees: 10, operator: 'JIO', refId: 'N' })).toMatchObject({ kind: 'not_sent' });
  });

  it('status check: answer, or lookup failed for the wrong date (which says nothing of the recharge)', async () => {
    const { c } = await setup();
    await c.recharge({ number: '9000001111', amountRupees: 10, operator: 'JIO', refId: 'S1' });
    const o = await c.status('S1', today());
    expect(o.kind === 'answer' && o.reply.status.status).toBe('Pending');
    expect(await c.status('S1', '2020-01-01')).toMatchObject({ kind: 'lookup_failed', code: '111' });
  });

  it('status and balance are retried through transient faults', async () => {
    const { c, s } = await setup({ seed: 4 });
    await c.recharge({ number: '9000005555', amountRupees: 10, operator: 'JIO', refId: 'RR' });
    s.admin.setFaults({ badGateway: 0.5 });
    // Half the requests fail before reaching the provider; one try would answer about 5 of 10.
    let answered = 0;
    for (let i = 0; i < 10; i++) if ((await c.status('RR', today())).kind === 'answer') answered++;
    expect(answered).toBeGreaterThanOrEqual(8);
  }, 20_000);

  it('balance in exact paise, and a complaint id', async () => {
    const { c } = await setup({ balance: 1234 });
    expect(await c.balance()).toMatchObject({ kind: 'answer', buyer: 123400, seller: 0, lien: 0 });
    const r = await c.recharge({ number: '9000005555', amountRupees: 10, operator: 'JIO', refId: 'C' });
    const txnId = r.kind === 'answer' ? r.reply.txnId : '';
    expect(await c.complain(txnId, 'Recharge not received')).toMatchObject({ kind: 'answer', complainId: expect.stringMatching(/^CM/) });
  });

  it('bad credentials are a rejection and never echo the token', async () => {
    const { s } = await setup();
    const bad = new ResellerClient(() => ({ baseUrl: s.url, username: s.credentials.username, token: 'wrong-token-123' }));
    const o = await bad.balance();
    expect(o).toMatchObject({ kind: 'rejected', code: '145' });
    expect(JSON.stringify(o)).not.toContain('wrong-token-123');
    await bad.close();
  });
});

describe('reseller client against replies the sandbox cannot make', () => {
  async function stubReply(status: number, body: string) {
    stub = createServer((_req, res) => {
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(body);
    });
    await new Promise<void>((r) => stub!.listen(0, '127.0.0.1', () => r()));
    const url = `http://127.0.0.1:${(stub!.address() as AddressInfo).port}`;
    client = new ResellerClient(() => ({ baseUrl: url, username: '9876543210', token: TOKEN }));
    return client;
  }

  it('an unrecognised status word is an answer with an Unknown status, never a failure', async () => {
    const c = await stubReply(200, '{"status":"Processing","ref_id":"Q","txn_id":"T1"}');
    const o = await c.recharge({ number: '9000005555', amountRupees: 10, operator: 'JIO', refId: 'Q' });
    expect(o.kind === 'answer' && o.reply.status).toEqual({ status: 'Unknown', raw: 'Processing' });
  });

  it('a reply about another ref_id is not trusted', async () => {
    const c = await stubReply(200, '{"status":"Success","ref_id":"SOMEONE-ELSE"}');
    expect(await c.recharge({ number: '9000005555', amountRupees: 10, operator: 'JIO', refId: 'Q' })).toMatchObject({ kind: 'unknown' });
  });

  it('an empty body, a JSON array or a 500 with an error body are unknown for a recharge', async () => {
    for (const [status, body] of [
      [200, ''],
      [200, '[]'],
      [500, '{"status":"FAILURE","errorcode":"128","message":"Insufficient Fund"}'],
    ] as const) {
      const c = await stubReply(status, body);
      expect((await c.recharge({ number: '9000005555', amountRupees: 10, operator: 'JIO', refId: 'Q' })).kind).toBe('unknown');
      await c.close();
      await new Promise<void>((r) => stub!.close(() => r()));
      stub = undefined;
    }
    client = undefined;
  });
});
