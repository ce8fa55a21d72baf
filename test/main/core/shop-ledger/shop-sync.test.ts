import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { z } from 'zod';
import { Ledger } from '../../../../src/main/core/ledger/ledger';
import { ShopSync } from '../../../../src/main/core/shop-ledger/shop-sync';
import { shopHistory } from '../../../../src/main/core/shop-ledger/shop-history';
import { openPostgresShopDb } from '../../../../src/main/adapters/postgres/postgres-shop-db';
import type { ShopDb } from '../../../../src/main/core/shop-ledger/shop-db';
import { istDate } from '../../../../src/shared/ist-date';
import { seedLedger } from '../../../support/seed-ledger';
import { startPostgres, type PostgresServer } from '../../../support/postgres-server';
import { ledgerDb } from '../../../support/ledger-db';
import { tempDir } from '../../../support/temp-dir';

let pg: PostgresServer;
let dir: string;
const open: { ledger: Ledger; sync: ShopSync }[] = [];

beforeAll(async () => {
  pg = await startPostgres();
}, 60_000);
afterAll(() => pg?.stop());
afterEach(async () => {
  for (const o of open.splice(0)) {
    await o.sync.stop();
    o.ledger.close();
  }
});

function counterOn(
  url: string,
  prefix: string,
  name: string,
  file = join(dir, `${prefix}.db`),
  o: { db?: ShopDb; intervalMs?: number } = {},
): { ledger: Ledger; sync: ShopSync } {
  const ledger = Ledger.open(file);
  const sync = new ShopSync({
    db: o.db ?? openPostgresShopDb({ url, tls: 'disable', password: pg.password }),
    ledger,
    counter: { prefix, name },
    shopKey: url,
    now: Date.now,
    intervalMs: o.intervalMs,
  });
  const c = { ledger, sync };
  open.push(c);
  return c;
}

const count = (text: string) => z.coerce.number().int().parse(text.trim());
const rowsIn = (ledger: Ledger) => z.number().int().parse(ledgerDb(ledger).prepare('SELECT count(*) FROM shop_rows').pluck().get());

describe('the shop ledger sync (real PostgreSQL, real SQLite)', () => {
  it('a counter offline for a day catches up: every recharge of the day arrives once, and the other counter sees them', async () => {
    dir = tempDir('shop');
    const url = pg.newDatabase();
    const db = new URL(url).pathname.slice(1);
    const dayAgo = Date.now() - 24 * 3600_000;
    // A day of recharges, one a minute, made while the shop ledger could not be reached.
    seedLedger(join(dir, 'BBBB.db'), 1440, dayAgo, 'BBBB000000'); // ref_ids of 16 characters, as the app makes them
    const a = counterOn(url, 'AAAA', 'Front desk');
    const b = counterOn(url, 'BBBB', 'Back room');
    await a.sync.syncNow();
    expect(a.sync.online).toBe(true);

    pg.kill9();
    await b.sync.syncNow();
    expect(b.sync.online).toBe(false);
    expect(b.sync.offlineSince).not.toBeNull();
    expect(b.sync.unsent()).toBe(2880);

    pg.start();
    await b.sync.syncNow();
    expect(b.sync.online).toBe(true);
    expect(b.sync.unsent()).toBe(0);
    expect(count(pg.psql(`SELECT count(DISTINCT ref_id) FROM shop_txns WHERE counter = 'BBBB'`, db))).toBe(1440);
    expect(count(pg.psql(`SELECT count(*) FROM shop_events WHERE counter = 'BBBB'`, db))).toBe(2880);
    // Pending ones arrive as Pending, the rest as Success: the state, not only the row.
    expect(count(pg.psql(`SELECT count(*) FROM shop_txns WHERE counter = 'BBBB' AND status = 'Pending'`, db))).toBe(Math.ceil(1440 / 7));

    await a.sync.syncNow();
    expect(rowsIn(a.ledger)).toBe(1440);
    const hours = shopHistory(a.ledger, { prefix: 'AAAA', name: 'Front desk' }, { from: dayAgo, to: dayAgo + 3600_000, limit: 500 });
    expect(hours).toHaveLength(60);
    expect(hours.every((t) => t.counterName === 'Back room' && !t.own)).toBe(true);
    // The owner's filters apply to the other counters' rows too.
    const pending = shopHistory(a.ledger, { prefix: 'AAAA', name: 'Front desk' }, { statuses: ['Pending'], limit: 500 });
    expect(pending).toHaveLength(Math.ceil(1440 / 7));
    expect(shopHistory(a.ledger, { prefix: 'AAAA', name: 'Front desk' }, { operator: 'AT', limit: 500 })).toHaveLength(0);
    // Sending the same day again (a crash before the cursor moved) changes nothing.
    ledgerDb(b.ledger).prepare('UPDATE shop_outbox SET pushed_event_id = 0').run();
    await b.sync.syncNow();
    expect(count(pg.psql(`SELECT count(*) FROM shop_txns`, db))).toBe(1440);
    expect(count(pg.psql(`SELECT count(*) FROM shop_events`, db))).toBe(2880);
  }, 60_000);

  it('refuses hostile rows: wrong types, a ref_id of this counter filed by another, a ref_id not of its counter', async () => {
    dir = tempDir('shop');
    const url = pg.newDatabase();
    const db = new URL(url).pathname.slice(1);
    const a = counterOn(url, 'AAAA', 'Front desk');
    await a.sync.syncNow();
    const now = Date.now();
    const row = (ref: string, counter: string, number: string, amount: number, status: string) =>
      `('${ref}', '${counter}', '${number}', 'JIO', ${amount}, '${status}', 'ok', '2026-11-23', ${now}, ${now}, 1)`;
    pg.psql(
      `INSERT INTO shop_counters (prefix, name) VALUES ('CCCC', 'Counter 3');
       INSERT INTO shop_txns (ref_id, counter, number, operator, amount, status, message, recharge_date, created_at, updated_at, last_event_id) VALUES
       ${row('CCCC000000000001', 'CCCC', '9876500001', 19900, 'Success')},
       ${row('CCCC000000000002', 'CCCC', '98765abcde', -5, 'Hacked')},
       ${row('AAAA000000000009', 'CCCC', '9876500009', 19900, 'Success')},
       ${row('DDDD000000000003', 'CCCC', '9876500003', 19900, 'Success')},
       ${row('AAAA000000000010', 'AAAA', '9876500010', 19900, 'Success')}`,
      db,
    );
    await a.sync.syncNow();
    const kept = z.array(z.string()).parse(ledgerDb(a.ledger).prepare('SELECT ref_id FROM shop_rows').pluck().all());
    expect(kept).toEqual(['CCCC000000000001']);
    expect(a.sync.refused).toBe(3);
    const shown = shopHistory(a.ledger, { prefix: 'AAAA', name: 'Front desk' }, { limit: 100 });
    expect(shown.map((t) => t.refId)).toEqual(['CCCC000000000001']);
    expect(shown[0]?.counterName).toBe('Counter 3');

    // A forged claim on a number does not stop this counter; a real one from another counter warns.
    pg.psql(
      `INSERT INTO shop_claims (number, ref_id, counter, amount, claimed_at) VALUES
       ('9876500077', 'AAAA0000000000ZZ', 'CCCC', 19900, ${now}), ('9876500088', 'CCCC0000000000YY', 'CCCC', 19900, ${now})`,
      db,
    );
    const since = now - 180_000;
    const forged = await a.sync.guard({ number: '9876500077', amount: 19900, refId: 'AAAA0000000000A1', since, force: false });
    expect(forged.kind).toBe('clear');
    const real = await a.sync.guard({ number: '9876500088', amount: 19900, refId: 'AAAA0000000000A2', since, force: false });
    expect(real).toMatchObject({ kind: 'conflict', conflict: { kind: 'sending', counterName: 'Counter 3' } });
    // The duplicate window across counters: Counter 3's Success on 9876500001 a moment ago.
    const recent = await a.sync.guard({ number: '9876500001', amount: 19900, refId: 'AAAA0000000000A3', since, force: false });
    expect(recent).toMatchObject({ kind: 'conflict', conflict: { kind: 'recent', refId: 'CCCC000000000001' } });
  }, 60_000);

  it('a write kicked while a sync is ending is sent at once, not at the next timer', async () => {
    dir = tempDir('shop');
    const url = pg.newDatabase();
    const real = openPostgresShopDb({ url, tls: 'disable', password: pg.password });
    // The one fault: the records pull's answer held until the test lets it go, so the write and
    // its kick land at the instant the sync ends (its last step), before the kick's timer fires.
    let hold = false;
    let release = () => {};
    let reached = () => {};
    const atHold = new Promise<void>((r) => (reached = r));
    const db: ShopDb = {
      ...real,
      pullRecords: async (...args) => {
        const answer = await real.pullRecords(...args);
        if (hold) {
          hold = false;
          reached();
          await new Promise<void>((r) => (release = r));
        }
        return answer;
      },
    };
    const a = counterOn(url, 'AAAA', 'Front desk', undefined, { db, intervalMs: 60_000 });
    const b = counterOn(url, 'BBBB', 'Back room');
    await a.sync.syncNow();
    hold = true;
    a.sync.kick();
    await atHold;
    const now = Date.now();
    a.ledger.insertSubmitting({
      refId: 'AAAA000000000001',
      number: '9876500001',
      operator: 'JIO',
      amount: 19900,
      rechargeDate: istDate(now),
      now,
    });
    a.sync.kick();
    release();
    const t0 = Date.now();
    while (rowsIn(b.ledger) === 0 && Date.now() - t0 < 3000) {
      await b.sync.syncNow();
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(rowsIn(b.ledger)).toBe(1);
  }, 30_000);
});
