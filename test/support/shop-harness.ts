import { afterEach } from 'vitest';
import { until, type TestHarness } from '../main/core/flow/harness-client';
import { postgresPerFile } from './postgres-per-file';

/**
 * A real PostgreSQL for one test file (started before its tests, stopped after), and whole counters
 * (harnesses, each a core) put on a shop database of it, disposed after each test.
 */
export function shopHarnessesPerTest() {
  const server = postgresPerFile();
  const counters: TestHarness[] = [];
  afterEach(async () => {
    for (const c of counters.splice(0)) await c.dispose();
  });
  return {
    server,
    /** Puts `h` on the shop ledger at `url` as `name`, as the owner does in Settings, and waits until it is online. */
    async join(h: TestHarness, url: string, name: string): Promise<TestHarness> {
      counters.push(h);
      const status = await h.ok('shop:configure', { url, tls: 'disable', counterName: name, password: server().password });
      if (!status.configured) throw new Error(`${name} was not configured`);
      await until(async () => (await h.ok('shop:status')).online === true, 10_000, `${name} to reach the shop ledger`);
      return h;
    },
  };
}
