import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { z } from 'zod';
import { Ledger } from '../../../../src/main/core/ledger/ledger';
import { ShopSync } from '../../../../src/main/core/shop-ledger/shop-sync';
import type { ShopDb } from '../../../../src/main/core/shop-ledger/shop-db';
import { openPostgresShopDb } from '../../../../src/main/adapters/postgres/postgres-shop-db';
import { DoubleFlags } from '../../../../src/main/core/routing/double-flags';
import { shopHistory } from '../../../../src/main/core/shop-ledger/shop-history';
import { outcomeText } from '../../../../src/shared/words/outcome-text';
import { istDate } from '../../../../src/shared/ist-date';
import { startPostgres, type PostgresServer } from '../../../support/postgres-server';
import { ledgerDb } from '../../../support/ledger-db';
import { tempDir } from '../../../support/temp-dir';
import { closeShopCounters, openShopCounter, type Refused, type ShopCounter } from '../../../support/shop-counter';

// Issue 37: the owner's "checked" on a possible double recharge travels. Two counters, each its
// own real SQLite file, on one real PostgreSQL shop ledger; checks made as the owner makes them.
let pg: PostgresServer;
const open: ShopCounter[] = [];
const T0 = Date.now() - 3600_000;
const SALE = 'AAAA000000000001';

beforeAll(async () => {
  pg = await startPostgres();
}, 60_000);
afterAll(() => pg?.stop());
afterEach(() => closeShopCounters(open));

type Counter = ShopCounter & { doubles: DoubleFlags; name: string; prefix: string };

function counterOn(dir: string, url: string, prefix: string, name: string, now: () => number): Counter {
  const shop = openShopCounter({ file: join(dir, `${prefix}.db`), url, password: pg.password, prefix, name });
  open.push(shop);
  return { ...shop, name, prefix, doubles: new DoubleFlags({ ledger: shop.ledger, nameOf: (id) => id, now }) };
}

async function shopOf2() {
  const dir = tempDir('shop-flag-checks');
  const url = pg.newDatabase();
  let clock = Date.now();
  const now = () => (clock += 1000);
  const a = counterOn(dir, url, 'AAAA', 'Counter 1', now);
  return { url, dir, db: new URL(url).pathname.slice(1), a, b: counterOn(dir, url, 'BBBB', 'Counter 2', now) };
}

async function syncAll(...cs: Counter[]): Promise<void> {
  for (let i = 0; i < 2; i++) for (const c of cs) await c.sync.syncNow();
}

/** One attempt of a sale, charged (Success) or not (Failure). */
function attempt(ledger: Ledger, refId: string, o: { saleId?: string; attemptNo?: number; status?: 'Success' | 'Failure' } = {}) {
  ledger.insertSubmitting({
    refId,
    number: '9876501234',
    operator: 'JIO',
    amount: 23_900,
    rechargeDate: istDate(T0),
    now: T0,
    ...(o.saleId ? { saleId: o.saleId, attemptNo: o.attemptNo ?? 2 } : {}),
  });
  ledger.update(refId, { status: o.status ?? 'Success', nextCheckAt: null }, 'reply', T0 + 1000);
}

/** Counter 1's sale that two provider accounts both charged, flagged there as the router flags it. */
function doubleAt(c: Counter, saleId = SALE, second = 'AAAA000000000002') {
  attempt(c.ledger, saleId);
  attempt(c.ledger, second, { saleId });
  c.doubles.keep(c.ledger.get(saleId)!, c.ledger.get(second)!);
}

const historyOf = (c: Counter) => shopHistory(c.ledger, { prefix: c.prefix, name: c.name }, { limit: 50 });
const checkedOf = (c: Counter, saleId = SALE) => historyOf(c).find((t) => t.saleId === saleId && t.possibleDouble)?.checked ?? null;
const peerChecks = (c: Counter) =>
  z.coerce.number().parse(ledgerDb(c.ledger).prepare('SELECT count(*) FROM peer_flag_checks').pluck().get());

describe('the owner’s “checked” on a possible double travels (real PostgreSQL, two real SQLite counters)', () => {
  it('checked at counter 1, its double shows checked at counter 2, with the counter and the time; pulled twice changes nothing', async () => {
    const { a, b } = await shopOf2();
    doubleAt(a);
    await syncAll(a, b);
    expect(historyOf(b).filter((t) => t.possibleDouble)).toHaveLength(2);
    expect(checkedOf(b)).toBeNull();

    const [flag] = a.doubles.markSeen(SALE);
    await syncAll(a, b);
    expect(checkedOf(b)).toEqual({ counterName: 'Counter 1', at: flag!.seenAt });
    expect(historyOf(b).filter((t) => t.checked !== null)).toHaveLength(2);
    expect(checkedOf(a)).toEqual({ counterName: 'Counter 1', at: flag!.seenAt });

    // Pulled again from the first change: kept once, nothing refused.
    b.ledger.shopRecords.rewindPull();
    await syncAll(a, b);
    expect(peerChecks(b)).toBe(1);
    expect(b.told).toEqual([]);
    expect(checkedOf(b)).toEqual({ counterName: 'Counter 1', at: flag!.seenAt });
  }, 60_000);

  it('checked at counter 2 (counter 1’s sale), it shows checked at counter 1: in its flags list and its history, no longer told', async () => {
    const { a, b } = await shopOf2();
    doubleAt(a);
    await syncAll(a, b);
    // Counter 2 has no flag of its own for it: the check is counter 2's record, naming counter 1's sale.
    expect(b.doubles.markSeen(SALE)).toEqual([]);
    const atB = checkedOf(b);
    expect(atB).toEqual({ counterName: 'Counter 2', at: expect.any(Number) });
    await syncAll(a, b);
    expect(a.doubles.list()).toEqual([expect.objectContaining({ saleId: SALE, seenAt: atB!.at, checkedAt: 'Counter 2' })]);
    expect(a.ledger.saleFlags.unseen()).toEqual([]);
    expect(checkedOf(a)).toEqual({ counterName: 'Counter 2', at: atB!.at });
    expect([...a.told, ...b.told]).toEqual([]);
    // Checked again at counter 1 later: the first check stays what both show.
    a.doubles.markSeen(SALE);
    await syncAll(a, b);
    expect(checkedOf(a)).toEqual({ counterName: 'Counter 2', at: atB!.at });
    expect(checkedOf(b)).toEqual({ counterName: 'Counter 2', at: atB!.at });
  }, 60_000);

  it('refuses forged checks by name (another counter’s sale prefix, a sale that is no double, an unknown sale, a changed body) and marks nothing', async () => {
    const { a, b, db } = await shopOf2();
    doubleAt(a);
    attempt(a.ledger, 'AAAA000000000003');
    attempt(a.ledger, 'AAAA000000000004', { saleId: 'AAAA000000000003', status: 'Failure' });
    await syncAll(a, b);
    const at = Date.now() - 60_000;
    const check = (saleId: string, saleCounter: string, when = at) =>
      `('CCCC', 'flag_checked', '${saleId}', '{"saleId":"${saleId}","saleCounter":"${saleCounter}","at":${when}}', ${when})`;
    pg.psql(
      `INSERT INTO shop_counters (prefix, name) VALUES ('CCCC', 'Counter 3');
       INSERT INTO shop_records (counter, kind, local_id, body, version) VALUES
         ${check(SALE, 'CCCC')},
         ${check('AAAA000000000003', 'AAAA')},
         ${check('AAAA000000000077', 'AAAA')},
         ('CCCC', 'flag_checked', 'AAAA000000000009', '{"saleId":"${SALE}","saleCounter":"AAAA","at":${at}}', ${at}),
         ${check('AAAA000000000005', 'AAAA', Date.now() + 3 * 86_400_000)};`,
      db,
    );
    await syncAll(a, b);
    for (const c of [a, b]) {
      expect(c.told.map((t) => [t.refId, t.counter, t.reason])).toEqual([
        ['flag_checked#AAAA000000000001', 'Counter 3', 'not_its_counter'],
        ['flag_checked#AAAA000000000003', 'Counter 3', 'not_a_double'],
        ['flag_checked#AAAA000000000077', 'Counter 3', 'no_such_sale'],
        ['flag_checked#AAAA000000000009', 'Counter 3', 'bad_values'],
        ['flag_checked#AAAA000000000005', 'Counter 3', 'date_outside'],
      ]);
      expect(peerChecks(c)).toBe(0);
      expect(checkedOf(c)).toBeNull();
    }
    expect(a.doubles.list()[0]).toMatchObject({ seenAt: null, checkedAt: null });
    const told = { code: 'shop_row_refused' as const, params: b.told[1]! };
    expect(outcomeText('en', told)).toContain('no two provider accounts charged');
    expect(outcomeText('hi', told)).toContain('दो प्रोवाइडर खातों');

    // A true check from counter 2, then its body changed on the server: refused, the kept one stays.
    b.doubles.markSeen(SALE);
    await syncAll(a, b);
    const first = checkedOf(a);
    expect(first).toMatchObject({ counterName: 'Counter 2' });
    pg.psql(
      `UPDATE shop_records SET body = jsonb_set(body, '{at}', '${at + 5}'), version = version + 1 WHERE counter = 'BBBB' AND kind = 'flag_checked'`,
      db,
    );
    await syncAll(a, b);
    expect(a.told.at(-1)).toMatchObject({
      refId: 'flag_checked#AAAA000000000001',
      counter: 'Counter 2',
      reason: 'exists_with_different_content',
    });
    expect(checkedOf(a)).toEqual(first);
  }, 60_000);

  it('a check met before the rows that make its sale a double waits for them, and is kept once they come', async () => {
    const { a, url, dir } = await shopOf2();
    // Counter 2's rows are read, then counter 1 sends its double and its check before counter 2
    // reads the records: the check is numbered after every row counter 2 has.
    const real = openPostgresShopDb({ url, tls: 'disable', password: pg.password });
    let race = false;
    const db: ShopDb = Object.assign(Object.create(real) as ShopDb, {
      pull: async (counter: string, after: number, limit: number) => {
        const rows = await real.pull(counter, after, limit);
        if (race) {
          race = false;
          await a.sync.syncNow();
        }
        return rows;
      },
    });
    const ledger = Ledger.open(join(dir, 'CCCC.db'));
    const told: Refused[] = [];
    const sync = new ShopSync({
      db,
      ledger,
      counter: { prefix: 'CCCC', name: 'Counter 3' },
      shopKey: url,
      now: Date.now,
      onRefused: (r) => told.push(r),
    });
    const c = {
      ledger,
      sync,
      told,
      name: 'Counter 3',
      prefix: 'CCCC',
      doubles: new DoubleFlags({ ledger, nameOf: (id) => id, now: Date.now }),
    };
    open.push(c);
    await syncAll(a, c);
    doubleAt(a);
    a.doubles.markSeen(SALE);
    race = true;
    await c.sync.syncNow();
    expect(race).toBe(false);
    // Not refused as a sale unknown here: it waited, and the same sync went round once more (the wait asks for it).
    expect(c.told).toEqual([]);
    expect(checkedOf(c)).toMatchObject({ counterName: 'Counter 1' });
  }, 60_000);
});
