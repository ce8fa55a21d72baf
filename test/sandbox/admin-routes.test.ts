import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { recharge } from './client';

let s: Sandbox;
beforeAll(async () => {
  s = await startSandbox({ balance: 1000, pendingMs: 60_000 });
});
afterAll(() => s.close());

async function admin(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) {
  const r = await request(`${s.url}/sandbox/${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: r.statusCode, json: (await r.body.json()) as Record<string, unknown> };
}

describe('sandbox admin over HTTP', () => {
  it('lists its own endpoints', async () => {
    const r = await admin('GET', '');
    expect(Object.keys(r.json['endpoints'] as object)).toContain('POST /sandbox/accounts/:username/topup');
  });

  it('reads an account and tops it up', async () => {
    expect((await admin('GET', 'accounts/9876543210')).json).toMatchObject({ buyerBalance: 100000, booksBalance: true });
    expect((await admin('POST', 'accounts/9876543210/topup', { amount: 500 })).json).toMatchObject({ buyerBalance: 150000, topups: 50000 });
    expect((await admin('GET', 'accounts/0000000000')).status).toBe(404);
  });

  it('lists transactions, forces a status, reads submissions', async () => {
    const r = await recharge(s, '9000004444', 10, 'ADM1');
    const list = await admin('GET', 'transactions?limit=5');
    expect(list.json).toMatchObject({ total: 1 });
    const forced = await admin('POST', `transactions/${String(r.json['txn_id'])}/status`, { status: 'Success' });
    expect(forced.json).toMatchObject({ status: 'Success', refId: 'ADM1' });
    expect((await admin('POST', `transactions/${String(r.json['txn_id'])}/status`, { status: 'Failure' })).status).toBe(409);
    expect((await admin('GET', 'submissions')).json).toEqual({ ADM1: 1 });
  });

  it('sets faults at run time and refuses bad bodies and unknown routes', async () => {
    expect((await admin('PUT', 'faults', { latencyMs: 5 })).json).toMatchObject({ latencyMs: 5, noReply: 0 });
    expect((await admin('PUT', 'faults', { noReply: 3 })).status).toBe(400);
    expect((await admin('PUT', 'faults', { bogus: 1 })).status).toBe(400);
    expect((await admin('POST', 'accounts/9876543210/topup', { amount: -1 })).status).toBe(400);
    expect((await admin('GET', 'nothing-here')).status).toBe(404);
    const raw = await request(`${s.url}/sandbox/faults`, { method: 'PUT', body: '{oops' });
    expect(raw.statusCode).toBe(400);
    await raw.body.dump();
    await admin('PUT', 'faults', { latencyMs: 0 });
  });

  it('sets and clears the callback URL, and rotates the token', async () => {
    expect((await admin('PUT', 'accounts/9876543210/callback', { url: 'http://127.0.0.1:1/cb' })).json).toMatchObject({
      callbackUrl: 'http://127.0.0.1:1/cb',
    });
    expect((await admin('PUT', 'accounts/9876543210/callback', { url: null })).json).toMatchObject({ callbackUrl: null });
    await admin('POST', 'accounts/9876543210/token', { token: 'rotated-token' });
    const r = await request(`${s.url}/webservices/api/balance?username=9876543210&api_token=${s.credentials.token}`);
    expect(((await r.body.json()) as { errorcode: string }).errorcode).toBe('145');
  });
});
