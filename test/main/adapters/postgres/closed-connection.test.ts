import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import postgres from 'postgres';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { startPostgres, type PostgresServer } from '../../../support/postgres-server';

let pg: PostgresServer;
beforeAll(async () => {
  pg = await startPostgres();
});
afterAll(() => pg?.stop());

/**
 * postgres 3.4.9 throws from a setImmediate when a connection closes with a write still buffered
 * (upstream issue #1208): nothing can catch that, and in the app it would end the main process
 * whenever the shop's server goes away. patches/postgres+3.4.9.patch settles the query instead.
 */
describe('the PostgreSQL client when its server connection dies', () => {
  it('runs with the guard in place, in every build of the client the app may load (ESM, CommonJS)', () => {
    // The race itself was seen once, in the kill -9 test of shared-counters.test.ts; it depends on
    // a write landing between a socket's close and the next tick, which no test here forces.
    // The CommonJS entry is cjs/src/index.js: two folders up is the package.
    const root = dirname(dirname(dirname(createRequire(import.meta.url).resolve('postgres'))));
    for (const build of ['src', 'cjs/src']) {
      expect(readFileSync(join(root, build, 'connection.js'), 'utf8')).toContain('RechargeDesk patch, upstream issue #1208');
    }
  });

  it('a query on a connection whose backend was killed is refused as CONNECTION_CLOSED, and the process goes on', async () => {
    const uncaught: unknown[] = [];
    const onUncaught = (e: unknown) => uncaught.push(e);
    process.on('uncaughtException', onUncaught);
    const sql = postgres(pg.url.replace('rd@', `rd:${encodeURIComponent(pg.password)}@`), { max: 1, onnotice: () => {} });
    try {
      const reserved = await sql.reserve();
      const [row] = await reserved<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
      const pid = row?.pid;
      pg.psql(`SELECT pg_terminate_backend(${Number(pid)})`);
      // The next queries find the socket gone: each must reject, none may throw out of a timer.
      const outcomes = await Promise.allSettled([0, 1, 2].map(async () => reserved`SELECT 1`));
      await new Promise((r) => setTimeout(r, 100));
      for (const o of outcomes) expect(o.status).toBe('rejected');
      expect(uncaught).toEqual([]);
      reserved.release();
    } finally {
      process.off('uncaughtException', onUncaught);
      await sql.end({ timeout: 1 });
    }
  });
});
