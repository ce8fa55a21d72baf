import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { z } from 'zod';
import { shopHistory } from '../../../../src/main/core/shop-ledger/shop-history';
import { closeShopCounters, openShopCounter, type ShopCounter } from '../../../support/shop-counter';
import { seedLedger } from '../../../support/seed-ledger';
import { startPostgres, type PostgresServer } from '../../../support/postgres-server';
import { tempDir } from '../../../support/temp-dir';
import { istDate } from '../../../../src/shared/ist-date';

// Issue 37 item 4: the shop ledger's server hung (SIGSTOP, connections open, nothing answered) and a
// counter whose clock is an hour wrong. Each ends with every counter's books equal, nothing doubled.
let pg: PostgresServer;
let dir: string;
const open: ShopCounter[] = [];

beforeAll(async () => {
  pg = await startPostgres();
}, 60_000);
afterAll(() => pg?.stop());
afterEach(async () => {
  pg.resume();
  await closeShopCounters(open);
});

function counterOn(url: string, prefix: string, name: string, now: () => number = Date.now) {
  const c = openShopCounter({ file: join(dir, `${prefix}.db`), url, password: pg.password, prefix, name, now, intervalMs: 100 });
  open.push(c);
  return c;
}

const count = (text: string) => z.coerce.number().int().parse(text.trim());
const until = async (what: () => boolean, ms: number, label: string) => {
  const end = Date.now() + ms;
  while (!what()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${label}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};
const me = { prefix: 'AAAA', name: 'Front desk' };

describe('shop ledger faults (real PostgreSQL, real SQLite)', () => {
  it('a server that hangs for a minute: the counter says it is not reachable, since when, and how much waits; after, every row once', async () => {
    dir = tempDir('shop-faults');
    const url = pg.newDatabase();
    const db = new URL(url).pathname.slice(1);
    seedLedger(join(dir, 'BBBB.db'), 50, Date.now() - 3600_000, 'BBBB000000');
    const a = counterOn(url, 'AAAA', 'Front desk');
    const b = counterOn(url, 'BBBB', 'Back room');
    await a.sync.syncNow();
    await b.sync.syncNow();
    expect(b.sync.unsent()).toBe(0);
    a.sync.start();
    b.sync.start();

    pg.pause();
    const pausedAt = Date.now();
    // Fifty more of counter 2's recharges while the server hangs (written beside the open counter, as its sales are).
    seedLedger(join(dir, 'BBBB.db'), 50, Date.now(), 'BBBB000001');
    b.sync.kick();
    // The counter learns the server does not answer within seconds, not when the server comes back.
    await until(() => b.sync.online === false, 20_000, 'counter 2 to say the shop ledger is not reachable');
    expect(b.sync.offlineSince).toBeGreaterThanOrEqual(pausedAt - 1000);
    expect(b.sync.unsent()).toBe(100);
    // A recharge's duplicate check never waits on the hung server longer than its own bound.
    const asked = Date.now();
    expect((await b.sync.guard({ number: '9876500001', amount: 19900, refId: 'BBBB0000000099A1', since: 0, force: false })).kind).toBe(
      'offline',
    );
    expect(Date.now() - asked).toBeLessThan(2000);

    await new Promise((r) => setTimeout(r, Math.max(0, pausedAt + 60_000 - Date.now())));
    pg.resume();
    await until(() => b.sync.online === true && b.sync.unsent() === 0, 30_000, 'counter 2 to catch up');
    expect(count(pg.psql(`SELECT count(*) FROM shop_txns WHERE counter = 'BBBB'`, db))).toBe(100);
    expect(count(pg.psql(`SELECT count(*) FROM shop_events WHERE counter = 'BBBB'`, db))).toBe(200);
    await until(() => shopHistory(a.ledger, me, { limit: 500 }).length === 100, 30_000, 'counter 1 to see all of counter 2');
  }, 150_000);

  it('a counter whose clock is an hour ahead: the other counter still gets every row, once, filed at the time that counter wrote', async () => {
    dir = tempDir('shop-faults');
    const url = pg.newDatabase();
    const hour = 3600_000;
    const a = counterOn(url, 'AAAA', 'Front desk');
    // Counter 2's rows carry its own (wrong) clock; the pull goes by the server's change numbers, not by time.
    seedLedger(join(dir, 'BBBB.db'), 30, Date.now() + hour - 30 * 60_000, 'BBBB000000');
    const b = counterOn(url, 'BBBB', 'Back room', () => Date.now() + hour);
    await a.sync.syncNow();
    await b.sync.syncNow();
    await a.sync.syncNow();
    const seen = shopHistory(a.ledger, me, { limit: 500 });
    expect(seen).toHaveLength(30);
    expect(new Set(seen.map((t) => t.refId)).size).toBe(30);
    // Counter 1's own later sync after its clock moves on still finds nothing new, and nothing twice.
    await a.sync.syncNow();
    expect(shopHistory(a.ledger, me, { limit: 500 })).toHaveLength(30);
  }, 60_000);

  it('quitting sends what the counter wrote since its last sync, so the others see the last sale before the next start', async () => {
    dir = tempDir('shop-faults');
    const url = pg.newDatabase();
    const db = new URL(url).pathname.slice(1);
    const a = counterOn(url, 'AAAA', 'Front desk');
    await a.sync.syncNow();
    const now = Date.now();
    a.ledger.insertSubmitting({
      refId: 'AAAA000000000777',
      number: '9876545555',
      operator: 'JIO',
      amount: 23_900,
      rechargeDate: istDate(now),
      now,
    });
    await a.sync.stop({ flush: true });
    expect(pg.psql(`SELECT ref_id FROM shop_txns WHERE counter = 'AAAA'`, db).trim()).toBe('AAAA000000000777');
    expect(a.sync.unsent()).toBe(0);
  }, 60_000);

  it('quitting while the server hangs waits no longer than its bound; the rows go at the next start', async () => {
    dir = tempDir('shop-faults');
    const url = pg.newDatabase();
    const a = counterOn(url, 'AAAA', 'Front desk');
    await a.sync.syncNow();
    const now = Date.now();
    a.ledger.insertSubmitting({
      refId: 'AAAA000000000778',
      number: '9876545555',
      operator: 'JIO',
      amount: 23_900,
      rechargeDate: istDate(now),
      now,
    });
    pg.pause();
    const asked = Date.now();
    await a.sync.stop({ flush: true });
    expect(Date.now() - asked).toBeLessThan(3000);
    // Still waiting on disk (read before the resumed server can answer the cut-short push).
    expect(a.sync.unsent()).toBe(1);
    pg.resume();
  }, 60_000);
});
