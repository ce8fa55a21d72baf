import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { z } from 'zod';
import postgres from 'postgres';
import { Ledger } from '../../../../src/main/core/ledger/ledger';
import { replayKhata } from '../../../../src/main/core/ledger/khata-sql';
import { rebuildLedger } from '../../../../src/main/core/ledger/rebuild';
import { KhataService } from '../../../../src/main/core/khata/khata-service';
import { settingsSchema } from '../../../../src/shared/settings-schema';
import { outcomeText } from '../../../../src/shared/words/outcome-text';
import { istDate } from '../../../../src/shared/ist-date';
import { startPostgres, type PostgresServer } from '../../../support/postgres-server';
import { ledgerDb } from '../../../support/ledger-db';
import { tempDir } from '../../../support/temp-dir';
import { openShopCounter, type ShopCounter } from '../../../support/shop-counter';

// Issue 37 part 1: one khata for the shop. Two counters, each its own real SQLite file, on one
// real PostgreSQL shop ledger; payments taken through the khata service as the counter takes them.
let pg: PostgresServer;
let dir: string;
type Counter = ShopCounter & { khata: KhataService };
const open: Counter[] = [];
const settings = settingsSchema.parse({ version: 1, installPrefix: 'AAAA', shop: { name: 'Gupta Mobile' } });
const RAM = '9876501234';
const T0 = Date.now() - 3600_000;

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

function counterOn(url: string, prefix: string, name: string, password = pg.password): Counter {
  const shop = openShopCounter({ file: join(dir, `${prefix}.db`), url, password, prefix, name });
  const khata = new KhataService({ ledger: shop.ledger, now: Date.now, settings: () => settings, shopSeenAt: () => shop.sync.lastSyncAt });
  const c = { ...shop, khata };
  open.push(c);
  return c;
}

function creditSale(ledger: Ledger, refId: string, rupees: number, at = T0, number = RAM): void {
  ledger.insertSubmitting({
    refId,
    number,
    operator: 'JIO',
    amount: rupees * 100,
    rechargeDate: istDate(at),
    now: at,
    sale: { saleRef: null, method: 'credit', cash: 0, upi: 0, credit: rupees * 100 },
  });
}

async function shopOf2() {
  dir = tempDir('shop-khata');
  const url = pg.newDatabase();
  const a = counterOn(url, 'AAAA', 'Counter 1');
  const b = counterOn(url, 'BBBB', 'Counter 2');
  return { url, db: new URL(url).pathname.slice(1), a, b };
}

async function syncAll(...cs: Counter[]): Promise<void> {
  // Twice round: what one counter pushes in the first round, the others pull in the second.
  for (let i = 0; i < 2; i++) for (const c of cs) await c.sync.syncNow();
}

/** The due kept by the khata table's triggers (what the dues list reads) beside the formula's. */
const kept = (c: Counter, number = RAM) =>
  z.object({ due: z.number() }).optional().parse(ledgerDb(c.ledger).prepare('SELECT due FROM khata WHERE number = ?').get(number))?.due ??
  0;
const count = (text: string) => z.coerce.number().int().parse(text.trim());

describe('one khata for the shop (real PostgreSQL, two real SQLite counters)', () => {
  it('a ₹500 due made at counter 1 is ₹500 at counter 2, which takes ₹300; both show ₹200 and the statement names the counters', async () => {
    const { a, b } = await shopOf2();
    creditSale(a.ledger, 'AAAA000000000001', 500);
    await syncAll(a, b);
    expect(b.khata.due(RAM)).toBe(50_000);
    // The money law's above_due reads the shop's due: ₹300 is taken, ₹600 is not.
    expect(() => b.khata.pay(RAM, 600, 'cash')).toThrow();
    b.khata.pay(RAM, 300, 'upi');
    await syncAll(a, b);
    for (const c of [a, b]) {
      expect(c.khata.due(RAM)).toBe(20_000);
      expect(kept(c)).toBe(20_000);
      expect(c.ledger.khata.owing(10)).toEqual([expect.objectContaining({ number: RAM, due: 20_000 })]);
    }
    const atA = a.khata.view(RAM).lines;
    expect(atA.map((l) => [l.kind, l.delta, l.counter])).toEqual([
      ['credit_payment', -30_000, 'Counter 2'],
      ['sale', 50_000, null],
    ]);
    const atB = b.khata.view(RAM).lines;
    expect(atB.map((l) => [l.kind, l.delta, l.due, l.counter])).toEqual([
      ['credit_payment', -30_000, 20_000, null],
      ['sale', 50_000, 50_000, 'Counter 1'],
    ]);
    // The day's drawer stays each counter's own: counter 1's cash and UPI entries hold none of counter 2's payment.
    expect(ledgerDb(a.ledger).prepare('SELECT count(*) FROM money_entries').pluck().get()).toBe(0);
  }, 60_000);

  it('two counters taking the whole due at the same moment: both payments kept, the second an advance both show', async () => {
    const { a, b, db } = await shopOf2();
    creditSale(a.ledger, 'AAAA000000000001', 500);
    await syncAll(a, b);
    // Neither has seen the other's payment when it takes its own.
    a.khata.pay(RAM, 500, 'cash');
    b.khata.pay(RAM, 500, 'cash');
    await syncAll(a, b);
    for (const c of [a, b]) {
      expect(c.khata.due(RAM)).toBe(-50_000);
      expect(kept(c)).toBe(-50_000);
      expect(c.ledger.khata.advances(10)).toEqual([expect.objectContaining({ number: RAM, amount: 50_000 })]);
      expect(c.ledger.khata.owing(10)).toEqual([]);
    }
    // The same batches pushed and pulled again (a crash before the cursors moved) change nothing.
    const records = count(pg.psql('SELECT count(*) FROM shop_records', db));
    const seq = pg.psql('SELECT max(change_seq) FROM shop_records', db);
    for (const c of [a, b]) ledgerDb(c.ledger).exec('DELETE FROM shop_record_push; UPDATE shop_outbox SET records_pulled = 0');
    await syncAll(a, b);
    expect(count(pg.psql('SELECT count(*) FROM shop_records', db))).toBe(records);
    expect(pg.psql('SELECT max(change_seq) FROM shop_records', db)).toBe(seq);
    for (const c of [a, b]) {
      expect(c.khata.due(RAM)).toBe(-50_000);
      expect(kept(c)).toBe(-50_000);
    }
  }, 60_000);

  it('a counter offline while payments are taken catches up with nothing lost or doubled, and a rebuild of the khata agrees', async () => {
    const { a, b } = await shopOf2();
    creditSale(a.ledger, 'AAAA000000000001', 500);
    creditSale(a.ledger, 'AAAA000000000002', 200, T0 + 1000);
    await syncAll(a, b);
    expect(b.khata.view(RAM).shopSeenAt).toBe(b.sync.lastSyncAt);
    const seenBefore = b.sync.lastSyncAt;
    pg.kill9();
    try {
      // Offline, counter 2 still takes payments against the due it last saw.
      b.khata.pay(RAM, 100, 'cash');
      b.khata.pay(RAM, 250, 'upi');
      a.khata.pay(RAM, 50, 'cash');
      await b.sync.syncNow();
      expect(b.sync.online).toBe(false);
      // What waits to be sent counts the payments too: the screen's "changes wait to be sent".
      expect(b.sync.unsent()).toBe(2);
      expect(b.khata.due(RAM)).toBe(70_000 - 35_000);
      // The khata says how old its view of the other counters is: the last sync that reached them.
      expect(b.khata.view(RAM).shopSeenAt).toBe(seenBefore);
    } finally {
      pg.start();
    }
    await syncAll(a, b);
    await syncAll(a, b);
    const want = 70_000 - 35_000 - 5_000;
    expect(b.sync.unsent()).toBe(0);
    for (const c of [a, b]) {
      expect(c.khata.due(RAM)).toBe(want);
      expect(kept(c)).toBe(want);
      expect(c.khata.view(RAM).lines).toHaveLength(5);
      // A restore fills the khata again from every table, the peers' included: the same due.
      replayKhata(ledgerDb(c.ledger));
      expect(kept(c)).toBe(want);
    }
    // A restore of counter 2's file (every table copied by rowid, the khata replayed): nothing lost or doubled.
    const file = join(dir, 'BBBB.db');
    const restored = join(dir, 'restored.db');
    rebuildLedger(file, restored, 'backup');
    const back = Ledger.open(restored);
    try {
      expect(back.khata.due(RAM)).toBe(want);
      expect(back.khata.statement(RAM, 10).map((l) => l.counter)).toEqual(['Counter 1', null, null, 'Counter 1', 'Counter 1']);
      expect(ledgerDb(back).prepare('SELECT due FROM khata WHERE number = ?').pluck().get(RAM)).toBe(want);
    } finally {
      back.close();
    }
  }, 90_000);

  it('refuses hostile records by name (wrong types, another counter’s ref, other than the sale’s part, a bidi name) and keeps the good ones', async () => {
    const { a, db } = await shopOf2();
    await a.sync.syncNow();
    const now = Date.now();
    const day = istDate(now);
    const sale = (id: number, ref: string, credit: number) =>
      `('CCCC', 'sale', '${id}', '{"refId":"${ref}","number":"${RAM}","method":"credit","cash":0,"upi":0,"credit":${credit},"saleDate":"${day}","createdAt":${now}}', 0)`;
    const entry = (id: number, kind: string, ref: string | null, amount: number | string) =>
      `('CCCC', 'money_entry', '${id}', '{"kind":"${kind}","refId":${ref === null ? 'null' : `"${ref}"`},"number":"${RAM}","method":${kind === 'credit_payment' ? '"cash"' : 'null'},"amount":${amount},"corrects":null,"entryDate":"${day}","at":${now}}', 0)`;
    pg.psql(
      `INSERT INTO shop_counters (prefix, name) VALUES ('CCCC', 'Counter 3');
       INSERT INTO shop_records (counter, kind, local_id, body, version) VALUES
         ${sale(1, 'CCCC000000000001', 10_000)},
         ${entry(1, 'credit_payment', null, '"5000"')},
         ${entry(2, 'credit_reversed', 'AAAA000000000001', 10_000)},
         ${entry(3, 'credit_reversed', 'CCCC000000000001', 20_000)},
         ('CCCC', 'customer', '${RAM}', '{"number":"${RAM}","name":"Ram\u202Eu","creditLimit":null,"updatedAt":${now}}', ${now}),
         ${entry(4, 'credit_payment', null, 4_000)},
         ${entry(5, 'credit_reversed', 'CCCC000000000001', 5_000)};`,
      db,
    );
    await a.sync.syncNow();
    expect(a.told.map((t) => [t.refId, t.counter, t.reason])).toEqual([
      ['money_entry#1', 'Counter 3', 'bad_values'],
      ['AAAA000000000001', 'Counter 3', 'not_its_counter'],
      ['CCCC000000000001', 'Counter 3', 'not_sale_part'],
      ['customer#9876501234', 'Counter 3', 'hidden_text'],
      // Less than the sale's credit is no more the app's writing than more: the part is exact (sale-part.ts).
      ['CCCC000000000001', 'Counter 3', 'not_sale_part'],
    ]);
    // The good ones around them are kept: the sale's ₹100 less the ₹40 payment.
    expect(a.khata.due(RAM)).toBe(6_000);
    expect(kept(a)).toBe(6_000);
    // Told once each, at every later sync too; in both languages.
    await a.sync.syncNow();
    expect(a.told).toHaveLength(5);
    // A payment changed on the server after it was kept (₹40 made ₹1): refused by the law's name, the kept one stays.
    pg.psql(`UPDATE shop_records SET body = jsonb_set(body, '{amount}', '100'), version = 1 WHERE counter = 'CCCC' AND local_id = '4'`, db);
    await a.sync.syncNow();
    expect(a.told.at(-1)).toMatchObject({ refId: 'money_entry#4', reason: 'exists_with_different_content' });
    expect(a.khata.due(RAM)).toBe(6_000);
    const last = { code: 'shop_row_refused' as const, params: a.told[3]! };
    expect(outcomeText('en', last)).toContain('hidden characters');
    expect(outcomeText('hi', last)).toContain('छिपे अक्षर');
    expect(outcomeText('en', { ...last, params: { ...last.params, reason: 'not_sale_part' as const } })).toContain(
      'an amount other than the part of the sale',
    );
    expect(outcomeText('hi', { ...last, params: { ...last.params, reason: 'not_sale_part' as const } })).toContain('हिस्से');
  }, 60_000);

  it('a counter’s login cannot write another counter’s records', async () => {
    dir = tempDir('shop-khata');
    const url = pg.newDatabase();
    const db = new URL(url).pathname.slice(1);
    const owner = counterOn(url, 'OOOO', 'Owner');
    await owner.sync.syncNow();
    pg.psql(
      `DROP ROLE IF EXISTS counter_k_aaaa; DROP ROLE IF EXISTS counter_k_bbbb;
       CREATE ROLE counter_k_aaaa LOGIN PASSWORD 'pw-aaaa'; SELECT shop_grant_counter('counter_k_aaaa', 'AAAA');
       CREATE ROLE counter_k_bbbb LOGIN PASSWORD 'pw-bbbb'; SELECT shop_grant_counter('counter_k_bbbb', 'BBBB');`,
      db,
    );
    const as = (login: string) => url.replace('//rd@', `//${login}@`);
    const a = counterOn(as('counter_k_aaaa'), 'AAAA', 'Counter 1', 'pw-aaaa');
    const b = counterOn(as('counter_k_bbbb'), 'BBBB', 'Counter 2', 'pw-bbbb');
    creditSale(a.ledger, 'AAAA000000000001', 500);
    await syncAll(a, b);
    expect(b.khata.due(RAM)).toBe(50_000);
    b.khata.pay(RAM, 100, 'cash');
    await syncAll(a, b);
    expect(a.khata.due(RAM)).toBe(40_000);

    const bb = postgres(as('counter_k_bbbb'), { password: 'pw-bbbb', max: 1, onnotice: () => {} });
    try {
      await expect(
        bb.unsafe(`INSERT INTO shop_records (counter, kind, local_id, body, version) VALUES ('AAAA', 'money_entry', '99', '{}', 0)`),
      ).rejects.toThrow(/row-level security/);
      const changed = await bb.unsafe(`UPDATE shop_records SET body = '{}', version = 9 WHERE counter = 'AAAA'`);
      expect(changed.count).toBe(0);
      await expect(bb.unsafe(`DELETE FROM shop_records WHERE counter = 'AAAA'`)).rejects.toThrow();
    } finally {
      await bb.end();
    }
    expect(count(pg.psql(`SELECT count(*) FROM shop_records WHERE counter = 'AAAA'`, db))).toBe(1);
  }, 60_000);
});
