import { afterEach, describe, expect, it } from 'vitest';
import { connect } from 'node:net';
import { request } from 'undici';
import { startCallbackListener, type CallbackListener } from '../../../../src/main/core/callback/callback-listener';

// Everything a stranger on the network can send to the callback port. Each answer must be a 4xx,
// never a crash, never a hint; a well-formed callback afterwards must still get its 200 and hint.
let listener: CallbackListener | undefined;
let hints: string[];
afterEach(async () => {
  await listener?.close();
  listener = undefined;
});

async function start(host = '127.0.0.1') {
  hints = [];
  listener = await startCallbackListener({ host, port: 0, onHint: (r) => hints.push(r), log: () => {} });
  return new URL(listener.url);
}

function raw(url: URL, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname.replace(/^\[|\]$/g, ''), () => socket.end(bytes));
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
    socket.setTimeout(3000, () => socket.destroy(new Error('no answer')));
  });
}

const statusOf = (reply: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(reply)?.[1] ?? 0);

describe('callback listener under attack', () => {
  it('malformed request lines get 400 over a raw socket, and the listener keeps answering', async () => {
    const url = await start();
    for (const target of ['http://[', 'http://[::1', 'http://a:b:c/', '*', 'x', '%zz', `${url.pathname}1?refId=A%`]) {
      const reply = await raw(url, `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
      expect(statusOf(reply), target).toBe(400);
    }
    const ok = await request(`${url.origin}${url.pathname}1?refId=STILL-HERE`);
    expect(ok.statusCode).toBe(200);
    await ok.body.dump();
    await new Promise((r) => setImmediate(r));
    expect(hints).toEqual(['STILL-HERE']);
  });

  it('bad percent-escapes and broken UTF-8 are 400, not 500, in the query and in a form body', async () => {
    const url = await start();
    for (const query of ['refId=%ZZ', 'refId=%', 'refId=%E0%A4%A', 'refId=%C3%28', '%ZZ=1&refId=A', 'refId=A&status=%FF']) {
      const res = await request(`${url.origin}${url.pathname}1?${query}`);
      expect(res.statusCode, query).toBe(400);
      await res.body.dump();
    }
    const form = await request(`${url.origin}${url.pathname}1`, {
      method: 'POST',
      body: 'refId=%E0%A4%A',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBe(400);
    await form.body.dump();
    expect(hints).toEqual([]);
  });

  it('oversize query is 414, oversize body 413, oversize headers 431; nothing is hinted', async () => {
    const url = await start();
    const longQuery = await request(`${url.origin}${url.pathname}1?refId=A&pad=${'x'.repeat(3000)}`);
    expect(longQuery.statusCode).toBe(414);
    await longQuery.body.dump();
    const bigBody = await request(`${url.origin}${url.pathname}1`, {
      method: 'POST',
      body: JSON.stringify({ refId: 'BIG', pad: 'x'.repeat(100_000) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(bigBody.statusCode).toBe(413);
    await bigBody.body.dump();
    const bigHeaders = await raw(url, `GET ${url.pathname}1?refId=H HTTP/1.1\r\nHost: x\r\nX-Pad: ${'y'.repeat(20_000)}\r\n\r\n`);
    expect(statusOf(bigHeaders)).toBe(431);
    expect(hints).toEqual([]);
  });

  it('accepts GET, POST JSON, POST form and an unlabelled POST form; refuses other methods and types', async () => {
    const url = await start();
    const at = `${url.origin}${url.pathname}1`;
    const sends = [
      request(`${at}?refId=G1&status=Success`),
      request(at, {
        method: 'POST',
        body: '{"refId":"J1","status":"Success","amount":10}',
        headers: { 'content-type': 'application/json; charset=utf-8' },
      }),
      request(at, { method: 'POST', body: 'refId=F1&status=Success', headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
      request(at, { method: 'POST', body: 'refId=P+1' }),
    ];
    for (const res of await Promise.all(sends)) {
      expect(res.statusCode).toBe(200);
      await res.body.dump();
    }
    for (const [method, type] of [
      ['PUT', 'application/json'],
      ['DELETE', 'application/json'],
      ['POST', 'application/xml'],
    ] as const) {
      const res = await request(at, { method, body: '<refId>X</refId>', headers: { 'content-type': type } });
      expect(res.statusCode, `${method} ${type}`).toBe(method === 'POST' ? 415 : 405);
      await res.body.dump();
    }
    await new Promise((r) => setImmediate(r));
    expect(hints.sort()).toEqual(['F1', 'G1', 'J1', 'P 1']);
  });

  it('a "__proto__" field is just a field, and JSON that is not an object is 400', async () => {
    const url = await start();
    const at = `${url.origin}${url.pathname}1`;
    const polluted = await request(`${at}?__proto__=x&constructor=y&refId=OK1`);
    expect(polluted.statusCode).toBe(200);
    await polluted.body.dump();
    for (const body of ['[1,2]', '"refId"', 'null', '{"refId":']) {
      const res = await request(at, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
      expect(res.statusCode, body).toBe(400);
      await res.body.dump();
    }
    await new Promise((r) => setImmediate(r));
    expect(hints).toEqual(['OK1']);
    expect(({} as Record<string, unknown>)['x']).toBeUndefined();
  });

  it('answers within a few milliseconds, and a burst of 50 is all answered', async () => {
    const url = await start();
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      const res = await request(`${url.origin}${url.pathname}1?refId=S${i}`);
      await res.body.dump();
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    // Typically 1-3 ms here; the bound leaves room for a loaded CI machine.
    expect(times[10] ?? Infinity).toBeLessThan(50);
    const burst = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const res = await request(`${url.origin}${url.pathname}1?refId=R${i}`);
        await res.body.dump();
        return res.statusCode;
      }),
    );
    expect(burst.every((s) => s === 200)).toBe(true);
    await new Promise((r) => setImmediate(r));
    expect(hints.length).toBe(70);
  });

  it('binds only to the configured host: another loopback address of this computer is refused', async () => {
    const url = await start('127.0.0.1');
    await expect(raw(new URL(`http://127.0.0.2:${url.port}/`), 'GET / HTTP/1.1\r\n\r\n')).rejects.toThrow(/ECONNREFUSED/);
  });

  it('refuses to listen on every address, or on a host that is not one', async () => {
    for (const host of ['0.0.0.0', '::', '0', '127.0.0.1\r\nX-Evil: 1', 'a host', '[::1]']) {
      await expect(startCallbackListener({ host, port: 0, onHint: () => {}, log: () => {} }), host).rejects.toThrow(/refusing to listen/);
    }
  });
});
