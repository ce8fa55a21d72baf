import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSandbox, type Sandbox, type StartOptions } from '../../src/sandbox';
import { recharge } from './client';
import { fakeClock } from './client';

interface Received {
  method: string;
  path: string;
  query: Record<string, string>;
  body: string;
}

let listener: Server | undefined;
let sandbox: Sandbox | undefined;

afterEach(async () => {
  await sandbox?.close();
  await new Promise<void>((r) => (listener ? listener.close(() => r()) : r()));
  sandbox = undefined;
  listener = undefined;
});

/** A real HTTP receiver on loopback, answering with the given status codes in turn. */
async function receiver(statuses: number[] = [200]) {
  const got: Received[] = [];
  listener = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const u = new URL(req.url ?? '/', 'http://x');
      got.push({ method: req.method ?? '', path: u.pathname, query: Object.fromEntries(u.searchParams), body });
      res.statusCode = statuses[Math.min(got.length - 1, statuses.length - 1)] ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((r) => listener!.listen(0, '127.0.0.1', () => r()));
  return { got, base: `http://127.0.0.1:${(listener!.address() as AddressInfo).port}` };
}

async function start(o: StartOptions) {
  sandbox = await startSandbox({ pendingMs: 60_000, ...o });
  return sandbox;
}

describe('callbacks to the reseller', () => {
  it('GET with exactly the document names, for every status update', async () => {
    const rx = await receiver();
    const clock = fakeClock();
    const s = await start({ callbackUrl: `${rx.base}/hook?shop=1`, now: clock.now, pendingMs: 1000 });
    const r = await recharge(s, '9000001111', 100, 'CB1');
    expect(rx.got).toHaveLength(0); // Pending sends nothing
    clock.advance(1000);
    s.admin.tick();
    await s.admin.callbacks();
    expect(rx.got).toHaveLength(1);
    const cb = rx.got[0]!;
    expect(cb.method).toBe('GET');
    expect(cb.path).toBe('/hook');
    expect(Object.keys(cb.query).sort()).toEqual(
      ['shop', 'number', 'amount', 'txnId', 'refId', 'status', 'operatorId', 'operatorCode', 'balance', 'margin_amount'].sort(),
    );
    expect(cb.query).toMatchObject({
      number: '9000001111',
      amount: '100',
      txnId: r.json['txn_id'],
      refId: 'CB1',
      status: 'Success',
      operatorCode: 'JIO',
      balance: '4902.50',
      margin_amount: '2.50',
    });
    expect(cb.query['operatorId']).toMatch(/^OP\d{10}$/);
  });

  it('sends Success, Failure and Refunded, including at submit, and records every delivery', async () => {
    const rx = await receiver();
    const clock = fakeClock();
    const s = await start({ callbackUrl: `${rx.base}/cb`, now: clock.now, pendingMs: 10 });
    await recharge(s, '9000005555', 10, 'S');
    await recharge(s, '9000000000', 10, 'F');
    await recharge(s, '9000003333', 10, 'R');
    clock.advance(10);
    s.admin.tick();
    const deliveries = await s.admin.callbacks();
    expect(rx.got.map((g) => `${g.query['refId']}:${g.query['status']}`).sort()).toEqual([
      'F:Failure',
      'R:Refunded',
      'R:Success',
      'S:Success',
    ]);
    expect(deliveries.every((d) => d.httpStatus === 200 && d.attempt === 1 && d.error === null)).toBe(true);
  });

  it('POST JSON with the same names when the deployment does that', async () => {
    const rx = await receiver();
    const s = await start({ callbackUrl: `${rx.base}/cb`, callbackMethod: 'POST' });
    await recharge(s, '9000005555', 10, 'P');
    await s.admin.callbacks();
    expect(rx.got[0]?.method).toBe('POST');
    expect(JSON.parse(rx.got[0]!.body)).toMatchObject({ refId: 'P', status: 'Success', operatorCode: 'JIO', margin_amount: '0.25' });
  });

  it('sent once by default (no retry), retried when configured', async () => {
    const rx = await receiver([500, 500, 200]);
    const s = await start({ callbackUrl: `${rx.base}/cb` });
    await recharge(s, '9000005555', 10, 'ONCE');
    expect((await s.admin.callbacks()).map((d) => d.httpStatus)).toEqual([500]);
    await s.close();
    rx.got.length = 0;
    const s2 = await start({ callbackUrl: `${rx.base}/cb`, callbackRetries: 2 });
    await recharge(s2, '9000005555', 10, 'RETRY');
    expect((await s2.admin.callbacks()).map((d) => [d.attempt, d.httpStatus])).toEqual([
      [1, 500],
      [2, 500],
      [3, 200],
    ]);
  });

  it('generates the callback URL in the document shape from a callback host', async () => {
    const rx = await receiver();
    const s = await start({ callbackHost: rx.base });
    expect(s.admin.account(s.credentials.username).callbackUrl).toBe(`${rx.base}/api/webhook/callback/1`);
    await recharge(s, '9000005555', 10, 'G');
    await s.admin.callbacks();
    expect(rx.got[0]?.path).toBe('/api/webhook/callback/1');
  });

  it('records an unreachable receiver as a failed delivery without disturbing the recharge', async () => {
    const s = await start({ callbackUrl: 'http://127.0.0.1:9/cb', callbackTimeoutMs: 500 });
    expect((await recharge(s, '9000005555', 10, 'DOWN')).json['status']).toBe('Success');
    const [d] = await s.admin.callbacks();
    expect(d).toMatchObject({ httpStatus: null, attempt: 1 });
    expect(d?.error).toBeTruthy();
  });
});
