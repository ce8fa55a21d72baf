import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { z } from 'zod';
import { Ledger } from '../../../../src/main/core/ledger/ledger';
import { shopHistory } from '../../../../src/main/core/shop-ledger/shop-history';
import { shopReport } from '../../../../src/main/core/shop-ledger/shop-report';
import { seedLedger } from '../../../support/seed-ledger';
import { startPostgres, type PostgresServer } from '../../../support/postgres-server';
import { ledgerDb } from '../../../support/ledger-db';
import { tempDir } from '../../../support/temp-dir';
import { openShopCounter, type ShopCounter } from '../../../support/shop-counter';
import postgres from 'postgres';
import Database from 'better-sqlite3';
import { buildFixture } from '../../../fixtures/make-ledger-fixture';

// Issue 27 item 5: the shop ledger is a server other people run, and each counter's login may be
// used by someone at that counter. Real PostgreSQL, real SQLite files.
let pg: PostgresServer;
let dir: string;
const open: ShopCounter[] = [];

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

function counterOn(url: string, prefix: string, name: string, password = pg.password) {
  const c = openShopCounter({ file: join(dir, `${prefix}.db`), url, password, prefix, name });
  open.push(c);
  return c;
}

/** A new shop ledger with this counter (AAAA) on it, synced once; `db` names its database for psql. */
async function freshShop() {
  dir = tempDir('peers');
  const url = pg.newDatabase();
  const a = counterOn(url, 'AAAA', 'Front desk');
  await a.sync.syncNow();
  return { url, db: dbOf(url), a };
}

const kept = (ledger: Ledger) =>
  z.array(z.string()).parse(ledgerDb(ledger).prepare('SELECT ref_id FROM shop_rows ORDER BY ref_id').pluck().all());
const pulledSeq = (ledger: Ledger) => z.number().parse(ledgerDb(ledger).prepare('SELECT pulled_seq FROM shop_outbox').pluck().get());
const dbOf = (url: string) => new URL(url).pathname.slice(1);
const now = Date.now();
const row = (ref: string, counter: string, status = 'Success', message = 'ok') =>
  `('${ref}', '${counter}', '9876500001', 'JIO', 19900, '${status}', '${message}', '2026-11-23', ${now}, ${now}, 1)`;
const insert = (rows: string[]) =>
  `INSERT INTO shop_txns (ref_id, counter, number, operator, amount, status, message, recharge_date, created_at, updated_at, last_event_id) VALUES ${rows.join(', ')}`;

describe('the pull cursor moves only over rows read in order', () => {
  it('one row with a huge change sequence does not freeze the shop: later rows still arrive, and it is refused and told once', async () => {
    const { db, a } = await freshShop();
    pg.psql(`INSERT INTO shop_counters (prefix, name) VALUES ('CCCC', 'Counter 3');` + insert([row('CCCC000000000001', 'CCCC')]), db);
    // A hostile server (or its superuser) numbers one row far ahead of the sequence.
    pg.psql(
      `ALTER TABLE shop_txns DISABLE TRIGGER USER;
       ${insert([row('CCCC000000000666', 'CCCC')])};
       UPDATE shop_txns SET change_seq = 9000000000000000 WHERE ref_id = 'CCCC000000000666';
       ALTER TABLE shop_txns ENABLE TRIGGER USER;`,
      db,
    );
    await a.sync.syncNow();
    expect(kept(a.ledger)).toEqual(['CCCC000000000001']);
    expect(pulledSeq(a.ledger)).toBeLessThan(1000);
    // Counter 3 goes on recharging: its next rows reach this counter.
    pg.psql(insert([row('CCCC000000000002', 'CCCC'), row('CCCC000000000003', 'CCCC')]), db);
    await a.sync.syncNow();
    await a.sync.syncNow();
    expect(kept(a.ledger)).toEqual(['CCCC000000000001', 'CCCC000000000002', 'CCCC000000000003']);
    expect(a.sync.refused).toBe(1);
    expect(a.told).toEqual([{ rows: 1, refId: 'CCCC000000000666', counter: 'Counter 3', reason: 'seq_ahead' }]);
  }, 60_000);

  it('a cursor already carried past the shop ledger (by the old code) comes back and pulls what it missed', async () => {
    const { url, a } = await freshShop();
    ledgerDb(a.ledger).prepare('UPDATE shop_outbox SET pulled_seq = 9000000000000000').run();
    pg.psql(
      `INSERT INTO shop_counters (prefix, name) VALUES ('CCCC', 'Counter 3');` + insert([row('CCCC000000000001', 'CCCC')]),
      dbOf(url),
    );
    await a.sync.syncNow();
    expect(kept(a.ledger)).toEqual(['CCCC000000000001']);
  }, 60_000);

  it('a row that breaks the money rules (Failure made Success, a ref_id not of our shape) is refused, the good ones after it kept', async () => {
    const { db, a } = await freshShop();
    pg.psql(
      `INSERT INTO shop_counters (prefix, name) VALUES ('CCCC', 'Counter 3');` + insert([row('CCCC000000000001', 'CCCC', 'Failure')]),
      db,
    );
    await a.sync.syncNow();
    // The same recharge turned into a Success afterwards, and a row with an invented short ref_id.
    pg.psql(
      `UPDATE shop_txns SET status = 'Success' WHERE ref_id = 'CCCC000000000001';` +
        insert([row('CCCC1', 'CCCC'), row('CCCC000000000002', 'CCCC')]),
      db,
    );
    await a.sync.syncNow();
    expect(kept(a.ledger)).toEqual(['CCCC000000000001', 'CCCC000000000002']);
    const shown = shopHistory(a.ledger, { prefix: 'AAAA', name: 'Front desk' }, { limit: 10 });
    expect(shown.find((t) => t.refId === 'CCCC000000000001')?.status).toBe('Failure');
    expect(a.told.map((t) => [t.refId, t.reason])).toEqual([
      ['CCCC000000000001', 'status_move'],
      ['CCCC1', 'bad_values'],
    ]);
  }, 60_000);
});

describe('text from peers', () => {
  it('control and bidirectional characters never reach the screen or a refusal', async () => {
    const { db, a } = await freshShop();
    pg.psql(
      `INSERT INTO shop_counters (prefix, name) VALUES ('CCCC', E'Counter\\u202E3 \\n(owner)');` +
        insert([row('CCCC000000000001', 'CCCC', 'Pending', 'paid\\u2066 in full\\r\\nRefund ₹5000')]).replace("'paid", "E'paid"),
      db,
    );
    await a.sync.syncNow();
    const [t] = shopHistory(a.ledger, { prefix: 'AAAA', name: 'Front desk' }, { limit: 10 });
    expect(t?.counterName).toBe('Counter 3 (owner)');
    expect(t?.message).toBe('paid in full Refund ₹5000');
    const guard = await a.sync.guard({
      number: '9876500001',
      amount: 19900,
      refId: 'AAAA0000000000A1',
      since: now - 180_000,
      force: false,
    });
    expect(guard).toMatchObject({ kind: 'conflict', conflict: { counterName: 'Counter 3 (owner)' } });
  }, 60_000);
});

describe('one login per counter, with row-level security', () => {
  it('each counter writes only its own rows; both still see each other and sync', async () => {
    dir = tempDir('peers');
    const url = pg.newDatabase();
    const db = dbOf(url);
    // The owner's login makes the schema (the first counter on it, as today).
    const owner = counterOn(url, 'OOOO', 'Owner');
    await owner.sync.syncNow();
    // What docs/shared-ledger.md tells the owner to run, once per counter.
    pg.psql(
      `DROP ROLE IF EXISTS counter_aaaa; DROP ROLE IF EXISTS counter_bbbb;
       CREATE ROLE counter_aaaa LOGIN PASSWORD 'pw-aaaa'; SELECT shop_grant_counter('counter_aaaa', 'AAAA');
       CREATE ROLE counter_bbbb LOGIN PASSWORD 'pw-bbbb'; SELECT shop_grant_counter('counter_bbbb', 'BBBB');`,
      db,
    );
    const as = (login: string) => url.replace('//rd@', `//${login}@`);
    seedLedger(join(dir, 'AAAA.db'), 3, now - 600_000, 'AAAA000000');
    seedLedger(join(dir, 'BBBB.db'), 2, now - 600_000, 'BBBB000000');
    const a = counterOn(as('counter_aaaa'), 'AAAA', 'Counter 1', 'pw-aaaa');
    const b = counterOn(as('counter_bbbb'), 'BBBB', 'Counter 2', 'pw-bbbb');
    await a.sync.syncNow();
    await b.sync.syncNow();
    await a.sync.syncNow();
    expect(a.sync.online).toBe(true);
    expect(b.sync.online).toBe(true);
    expect(kept(a.ledger)).toHaveLength(2);
    expect(kept(b.ledger)).toHaveLength(3);
    expect(await b.sync.guard({ number: '9876599999', amount: 100, refId: 'BBBB0000000000C1', since: now, force: false })).toEqual({
      kind: 'clear',
    });

    // Counter 2's login trying to write as Counter 1: every way is refused by the server.
    const bb = postgres(as('counter_bbbb'), { password: 'pw-bbbb', max: 1, onnotice: () => {} });
    try {
      await expect(bb.unsafe(insert([row('AAAA000000000099', 'AAAA')]))).rejects.toThrow(/row-level security/);
      await expect(bb.unsafe(insert([row('AAAA000000000098', 'BBBB')]))).rejects.toThrow(/row-level security/);
      const changed = await bb.unsafe(`UPDATE shop_txns SET status = 'Failure', amount = 1 WHERE counter = 'AAAA'`);
      expect(changed.count).toBe(0);
      const deleted = await bb.unsafe(`DELETE FROM shop_txns WHERE counter = 'AAAA'`).catch((e: Error) => e);
      expect(deleted).toBeInstanceOf(Error);
      await expect(
        bb.unsafe(
          `INSERT INTO shop_events (counter, event_id, ref_id, at, to_status, source) VALUES ('AAAA', 999, 'AAAA000000000001', 1, 'Success', 'poll')`,
        ),
      ).rejects.toThrow(/row-level security/);
      await expect(bb.unsafe(`UPDATE shop_counters SET name = 'Thief' WHERE prefix = 'AAAA'`)).resolves.toHaveProperty('count', 0);
      // Its own row, numbered far ahead: the server numbers it again.
      await bb.unsafe(`UPDATE shop_txns SET change_seq = 9000000000000000 WHERE ref_id = 'BBBB000000000001'`);
    } finally {
      await bb.end();
    }
    const seqs = z.coerce.number().parse(pg.psql(`SELECT max(change_seq) FROM shop_txns`, db).trim());
    expect(seqs).toBeLessThan(1000);
    expect(
      z.coerce
        .number()
        .parse(pg.psql(`SELECT count(*) FROM shop_txns WHERE counter = 'AAAA' AND status <> 'Failure' AND amount = 19900`, db).trim()),
    ).toBe(3);
  }, 60_000);
});

describe('each attempt travels with its sale and account (issue 37)', () => {
  const attempt = (ref: string, status: string, sale: string, no: number, account: string, name: string) =>
    `('${ref}', 'CCCC', '9876500001', 'JIO', 19900, '${status}', 'ok', '2026-11-23', ${now}, ${now}, 1, '${sale}', ${no}, '${account}', E'${name}')`;
  const insertAttempts = (rows: string[]) =>
    `INSERT INTO shop_txns (ref_id, counter, number, operator, amount, status, message, recharge_date, created_at, updated_at,
       last_event_id, sale_id, attempt_no, account_id, account_name) VALUES ${rows.join(', ')}`;
  const event = (ref: string, id: number, source: string) =>
    `INSERT INTO shop_events (counter, event_id, ref_id, at, from_status, to_status, source) VALUES ('CCCC', ${id}, '${ref}', ${now}, 'Failure', 'Success', '${source}');
     UPDATE shop_txns SET status = 'Success' WHERE ref_id = '${ref}';`;
  const sale = 'CCCC000000000001';
  const shown = (a: { ledger: Ledger }) => shopHistory(a.ledger, { prefix: 'AAAA', name: 'Front desk' }, { limit: 50 });

  it('an attempt names its sale and account; a wrong one is refused by name; an older counter’s row is a sale of its own on main', async () => {
    const { db, a } = await freshShop();
    pg.psql(
      `INSERT INTO shop_counters (prefix, name) VALUES ('CCCC', 'Counter 3');` +
        insertAttempts([
          attempt(sale, 'Failure', sale, 1, 'main', 'Main Provider'),
          attempt('CCCC000000000002', 'Success', sale, 2, 'spare', 'Spare\\u202E Provider'),
          // Another counter's sale, a fourth attempt, a first attempt of another sale, an account id we never write.
          attempt('CCCC000000000003', 'Success', 'DDDD000000000001', 2, 'spare', 'Spare'),
          attempt('CCCC000000000004', 'Success', sale, 4, 'spare', 'Spare'),
          attempt('CCCC000000000005', 'Success', sale, 1, 'main', 'Main'),
          attempt('CCCC000000000006', 'Success', 'CCCC000000000006', 1, 'Spare Account!', 'Spare'),
        ]) +
        ';' +
        insert([row('CCCC000000000007', 'CCCC')]),
      db,
    );
    await a.sync.syncNow();
    expect(a.told.map((t) => [t.refId, t.reason])).toEqual([
      ['CCCC000000000003', 'bad_sale'],
      ['CCCC000000000004', 'bad_sale'],
      ['CCCC000000000005', 'bad_sale'],
      ['CCCC000000000006', 'bad_account'],
    ]);
    const rows = shown(a).sort((x, y) => x.refId.localeCompare(y.refId));
    expect(rows.map((t) => [t.refId, t.saleId, t.attemptNo, t.accountId, t.accountName, t.possibleDouble])).toEqual([
      [sale, sale, 1, 'main', 'Main Provider', false],
      ['CCCC000000000002', sale, 2, 'spare', 'Spare Provider', false],
      ['CCCC000000000007', 'CCCC000000000007', 1, 'main', '', false],
    ]);
  }, 60_000);

  it('a changed answer (Failure to Success) travels when a status check made it, and the sale reads as a possible double', async () => {
    const { db, a } = await freshShop();
    pg.psql(
      `INSERT INTO shop_counters (prefix, name) VALUES ('CCCC', 'Counter 3');` +
        insertAttempts([
          attempt(sale, 'Failure', sale, 1, 'main', 'Main Provider'),
          attempt('CCCC000000000002', 'Success', sale, 2, 'spare', 'Spare Provider'),
          attempt('CCCC000000000003', 'Failure', 'CCCC000000000003', 1, 'main', 'Main Provider'),
        ]),
      db,
    );
    await a.sync.syncNow();
    // The provider's status check said Success for the sale's first attempt; the other was changed by a plain reply.
    pg.psql(event(sale, 1, 'poll') + event('CCCC000000000003', 2, 'reply'), db);
    await a.sync.syncNow();
    expect(a.told.map((t) => [t.refId, t.reason])).toEqual([['CCCC000000000003', 'status_move']]);
    const rows = shown(a).sort((x, y) => x.refId.localeCompare(y.refId));
    expect(rows.map((t) => [t.refId, t.status, t.possibleDouble])).toEqual([
      [sale, 'Success', true],
      ['CCCC000000000002', 'Success', true],
      ['CCCC000000000003', 'Failure', false],
    ]);
    const report = shopReport(a.ledger, { prefix: 'AAAA', name: 'Front desk' }, { from: now - 1000, to: now + 1000 });
    expect(report.counters.find((c) => c.counter === 'CCCC')).toMatchObject({
      success: { count: 2, amount: 39_800 },
      notCharged: { count: 1, amount: 19_900 },
      sales: { count: 2, amount: 39_800 },
      doubles: { count: 1, amount: 19_900 },
    });
    expect(report.accounts).toEqual([
      { accountId: 'main', accountName: 'Main Provider', all: { count: 2, amount: 39_800 }, success: { count: 1, amount: 19_900 } },
      { accountId: 'spare', accountName: 'Spare Provider', all: { count: 1, amount: 19_900 }, success: { count: 1, amount: 19_900 } },
    ]);
  }, 60_000);

  it('a changed answer an older version refused comes back when the ledger is upgraded: the pull starts again', async () => {
    const { db, url, a } = await freshShop();
    pg.psql(
      `INSERT INTO shop_counters (prefix, name) VALUES ('CCCC', 'Counter 3');` +
        insertAttempts([attempt(sale, 'Failure', sale, 1, 'main', 'Main Provider')]) +
        ';' +
        event(sale, 1, 'poll'),
      db,
    );
    await a.sync.stop();
    a.ledger.close();
    open.splice(0);
    // As the version before left it: the Failure kept, and the pull past the Success it refused.
    const file = join(dir, 'OLD.db');
    buildFixture(24, file);
    const old = new Database(file);
    const last = z.coerce.number().parse(pg.psql('SELECT last_value FROM shop_change_seq', db).trim());
    old.prepare('UPDATE shop_outbox SET shop_key = ?, pulled_seq = ?').run(url, last);
    old
      .prepare(
        `INSERT INTO shop_rows (ref_id, counter, counter_name, number, operator, amount, status, message, created_at, updated_at)
         VALUES (?, 'CCCC', 'Counter 3', '9876500001', 'JIO', 19900, 'Failure', 'ok', ?, ?)`,
      )
      .run(sale, now, now);
    old.close();
    const { ledger, sync } = openShopCounter({ file, url, password: pg.password, prefix: 'AAAA', name: 'Front desk' });
    open.push({ ledger, sync, told: [] });
    await sync.syncNow();
    const theirs = shown({ ledger }).filter((t) => !t.own);
    expect(theirs.map((t) => [t.refId, t.status, t.accountName])).toEqual([[sale, 'Success', 'Main Provider']]);
  }, 60_000);
});
