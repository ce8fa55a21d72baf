import { afterEach, describe, expect, it } from 'vitest';
import { connect } from 'node:net';
import { request } from 'undici';
import type { Sandbox } from '../../../../src/sandbox';
import { openHarness, until, untilStatus, type TestHarness } from './harness-client';
import { saveSandboxAccount, testSandbox } from '../../../support/live-harness';
import { freePort } from '../../../support/free-port';

let sandbox: Sandbox | undefined;
let h: TestHarness | undefined;
afterEach(async () => {
  await h?.dispose();
  h = sandbox = undefined;
});

/** One request over a raw socket, so the request line is exactly what an attacker would send. */
function rawExchange(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(bytes));
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
    socket.setTimeout(3000, () => socket.destroy(new Error(`no answer to ${JSON.stringify(bytes.slice(0, 40))}`)));
  });
}

async function liveWithListener(method: 'GET' | 'POST') {
  const port = await freePort();
  h = await openHarness({ acceptWeakTokenProtection: true });
  // Polling is made slow so that only the callback can explain a quick resolution.
  await h.ok('settings:update', {
    poller: { firstCheckSeconds: 600 },
    callbackListener: { enabled: true, port },
  });
  const status = await h.ok('auth:status');
  expect(status.callbackUrl).toBe(`http://127.0.0.1:${port}/api/webhook/callback/`);
  sandbox = await testSandbox({ token: 'cb-token-123456', pendingMs: 100, callbackUrl: `${status.callbackUrl}1`, callbackMethod: method });
  await saveSandboxAccount(h, sandbox);
  return { h, sandbox, base: status.callbackUrl! };
}

describe('callback listener', () => {
  it('is off by default', async () => {
    h = await openHarness();
    expect((await h.ok('auth:status')).callbackUrl).toBeNull();
  });

  for (const method of ['GET', 'POST'] as const) {
    it(`a ${method} callback triggers an immediate status check`, async () => {
      const { h: t } = await liveWithListener(method);
      const r = await t.ok('recharge:submit', { number: '9876541111', operator: 'JIO', amount: 10 });
      expect(r.txn.status).toBe('Pending');
      const done = await untilStatus(t, r.txn.refId, 'Success');
      expect(done.events.at(-1)).toMatchObject({ toStatus: 'Success', source: 'callback' });
    });
  }

  it('a forged callback changes nothing by itself; garbage is answered and ignored', async () => {
    const { h: t, base } = await liveWithListener('GET');
    const r = await t.ok('recharge:submit', { number: '9876544444', operator: 'JIO', amount: 10 });
    const forged = await request(`${base}1?refId=${r.txn.refId}&status=Success&txnId=X&amount=10`);
    expect(forged.statusCode).toBe(200);
    await forged.body.dump();
    await until(async () => (await t.ok('txn:get', { refId: r.txn.refId })).txn.attempts >= 1);
    expect((await t.ok('txn:get', { refId: r.txn.refId })).txn.status).toBe('Pending');
    const broken = await request(`${base}1`, { method: 'POST', body: '{not json', headers: { 'content-type': 'application/json' } });
    expect(broken.statusCode).toBe(400);
    await broken.body.dump();
    for (const [path, init] of [
      [`${base}1?status=Success`, {}],
      [`${base}1?refId=NOT-OURS`, {}],
    ] as const) {
      const res = await request(path, init);
      expect(res.statusCode).toBe(200);
      await res.body.dump();
    }
    const wrongPath = await request(base.replace('/callback/', '/other/'));
    expect(wrongPath.statusCode).toBe(404);
    await wrongPath.body.dump();
  });

  it('a request line that breaks URL parsing gets 400 and the core keeps running and listening', async () => {
    const { h: t, base } = await liveWithListener('GET');
    const { port } = new URL(base);
    for (const line of ['GET http://[ HTTP/1.1', 'GET http://[::1 HTTP/1.1', 'POST %zz HTTP/1.1', 'GET * HTTP/1.1']) {
      const reply = await rawExchange(Number(port), `${line}\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n`);
      expect(reply, line).toMatch(/^HTTP\/1\.1 400 /);
    }
    expect((await t.ok('app:info')).mode).toBe('live');
    // Only our own callback below can now explain a quick resolution.
    sandbox!.admin.setCallbackUrl(sandbox!.credentials.username, null);
    const r = await t.ok('recharge:submit', { number: '9876541111', operator: 'JIO', amount: 10 });
    await new Promise((res) => setTimeout(res, 250));
    const hint = await request(`${base}1?refId=${r.txn.refId}`);
    expect(hint.statusCode).toBe(200);
    await hint.body.dump();
    const done = await untilStatus(t, r.txn.refId, 'Success');
    expect(done.events.at(-1)).toMatchObject({ toStatus: 'Success', source: 'callback' });
  });

  it('the shopkeeper can check a transaction now', async () => {
    const { h: t } = await liveWithListener('GET');
    sandbox!.admin.setCallbackUrl(sandbox!.credentials.username, null);
    const r = await t.ok('recharge:submit', { number: '9876541111', operator: 'JIO', amount: 10 });
    await new Promise((res) => setTimeout(res, 200));
    const checked = await t.ok('txn:check', { refId: r.txn.refId });
    expect(checked.txn.status).toBe('Success');
    expect((await t.ok('txn:get', { refId: r.txn.refId })).events.at(-1)?.source).toBe('manual');
    expect(await t.call('txn:check', { refId: 'NOPE' })).toMatchObject({ ok: false, error: { code: 'txn_not_found' } });
  });
});
