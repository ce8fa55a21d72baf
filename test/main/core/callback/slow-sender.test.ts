import { afterEach, describe, expect, it } from 'vitest';
import { connect } from 'node:net';
import { startCallbackListener, type CallbackListener } from '../../../../src/main/core/callback/callback-listener';

let listener: CallbackListener | null = null;
afterEach(async () => {
  await listener?.close();
  listener = null;
});

/**
 * A sender on loopback that writes its first bytes, then one more every 400 ms for ever: how long
 * until the listener hangs up on it (ms).
 */
function trickle(port: number, head: string, drip: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const socket = connect(port, '127.0.0.1', () => socket.write(head));
    const timer = setInterval(() => socket.writable && socket.write(drip), 400);
    socket.on('close', () => {
      clearInterval(timer);
      resolve(performance.now() - t0);
    });
    socket.on('error', () => {});
    socket.on('data', () => {});
    setTimeout(() => {
      clearInterval(timer);
      socket.destroy();
      reject(new Error('still connected after 15 s'));
    }, 15_000).unref();
  });
}

describe('a slow sender is cut at the 5 s deadline', () => {
  it('headers or a body trickled a byte at a time: the connection is closed after 5 s, not ~23 s', async () => {
    const hints: string[] = [];
    listener = await startCallbackListener({ host: '127.0.0.1', port: 0, onHint: (r) => hints.push(r), log: () => {} });
    const port = Number(new URL(listener.url).port);
    const [headers, body] = await Promise.all([
      trickle(port, 'GET /api/webhook/callback/1?refId=SLOW1 HTTP/1.1\r\nHost: a\r\n', 'X-a: b\r\n'),
      trickle(
        port,
        'POST /api/webhook/callback/1 HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{"refId":"SLOW2"',
        ' ',
      ),
    ]);
    for (const ms of [headers, body]) {
      expect(ms).toBeGreaterThan(4_500);
      expect(ms).toBeLessThan(6_500);
    }
    expect(hints).toEqual([]);
  }, 20_000);

  it('a sender that keeps its connection for a second callback gets a fresh deadline for it', async () => {
    const hints: string[] = [];
    listener = await startCallbackListener({ host: '127.0.0.1', port: 0, onHint: (r) => hints.push(r), log: () => {} });
    const port = Number(new URL(listener.url).port);
    const socket = connect(port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    const req = (id: string) => `GET /api/webhook/callback/1?refId=${id} HTTP/1.1\r\nHost: a\r\n\r\n`;
    socket.write(req('K1'));
    await new Promise((r) => setTimeout(r, 3_000));
    socket.write(req('K2'));
    await new Promise((r) => setTimeout(r, 3_000));
    socket.write(req('K3'));
    await new Promise((r) => setTimeout(r, 200));
    socket.destroy();
    expect(hints).toEqual(['K1', 'K2', 'K3']);
  }, 20_000);
});
