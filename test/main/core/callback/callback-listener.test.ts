import { afterEach, describe, expect, it } from 'vitest';
import { Pool } from 'undici';
import { startCallbackListener, type CallbackListener } from '../../../../src/main/core/callback/callback-listener';

let listener: CallbackListener | undefined;
afterEach(async () => {
  await listener?.close();
  listener = undefined;
});

describe('callback listener', () => {
  it('refuses an oversized callback and still answers the next one on the same connection', async () => {
    const hints: string[] = [];
    listener = await startCallbackListener({ host: '127.0.0.1', port: 0, onHint: (r) => hints.push(r), log: () => {} });
    const url = new URL(listener.url);
    const pool = new Pool(url.origin, { connections: 1 });
    try {
      const big = await pool.request({
        path: `${url.pathname}1`,
        method: 'POST',
        body: JSON.stringify({ refId: 'BIG', pad: 'x'.repeat(200_000) }),
        headers: { 'content-type': 'application/json' },
      });
      expect(big.statusCode).toBe(413);
      await big.body.dump();
      const next = await Promise.race([
        pool.request({ path: `${url.pathname}1?refId=NEXT`, method: 'GET' }).then(async (r) => (await r.body.dump(), r.statusCode)),
        new Promise((r) => setTimeout(() => r('no answer'), 2000)),
      ]);
      expect(next).toBe(200);
      expect(hints).toEqual(['NEXT']);
    } finally {
      await pool.close();
    }
  });
});
