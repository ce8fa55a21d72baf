import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { KhataService } from '../../../../src/main/core/khata/khata-service';
import { ReportService } from '../../../../src/main/core/reports/report-service';
import { DayCloseService } from '../../../../src/main/core/dayclose/day-close-service';
import { actingAs } from '../../../../src/main/core/people/acting-person';
import { shopDay } from '../../../../src/main/core/shop-ledger/shop-day';
import { checkRecord } from '../../../../src/main/core/shop-ledger/shop-records';
import { settingsSchema } from '../../../../src/shared/settings-schema';
import { ownRecords } from '../../../../src/main/core/shop-ledger/shop-records-out';
import { istDate, istDayStart } from '../../../../src/shared/ist-date';
import type { ShopDay } from '../../../../src/shared/ipc/shop-day-schemas';
import { startPostgres, type PostgresServer } from '../../../support/postgres-server';
import { tempDir } from '../../../support/temp-dir';
import { closeShopCounters, openShopCounter, type ShopCounter } from '../../../support/shop-counter';

// Issue 37 item 3: the day's closings travel, and every counter's whole-shop day adds up the same.
// Three counters, each its own real SQLite file, on one real PostgreSQL shop ledger; sales written
// as the counter writes them, payments through the khata, closes through the close-the-day service.
let pg: PostgresServer;
let dir: string;
type Counter = ShopCounter & { prefix: string; name: string; khata: KhataService; close: DayCloseService };
const open: ShopCounter[] = [];
const settings = settingsSchema.parse({ version: 1, installPrefix: 'AAAA', shop: { name: 'Gupta Mobile' } });
const RAM = '9876501234';
// A minute ago, but never yesterday: the sales and the closes (made now) must share a day.
const AT = Math.max(Date.now() - 60_000, istDayStart(istDate(Date.now())) + 1000);
const DAY = istDate(AT);
let seq = 0;

beforeAll(async () => {
  pg = await startPostgres();
}, 60_000);
afterAll(() => pg?.stop());
afterEach(() => closeShopCounters(open));

function counterOn(url: string, prefix: string, name: string): Counter {
  const shop = openShopCounter({ file: join(dir, `${prefix}.db`), url, password: pg.password, prefix, name });
  open.push(shop);
  const { ledger } = shop;
  const khata = new KhataService({ ledger, now: Date.now, settings: () => settings, shopSeenAt: () => shop.sync.lastSyncAt });
  const reports = new ReportService({ ledger, now: Date.now, language: () => 'en' });
  const close = new DayCloseService({ ledger, reports, now: Date.now, upiSet: () => true });
  return { ...shop, prefix, name, khata, close };
}

type Method = 'cash' | 'upi' | 'credit' | 'split';
/** A sale as the counter writes it, its recharge answered `status`; a UPI part marked received. */
function sale(
  c: Counter,
  method: Method,
  parts: { cash?: number; upi?: number; credit?: number },
  status: 'Success' | 'Failure' = 'Success',
) {
  const p = { cash: (parts.cash ?? 0) * 100, upi: (parts.upi ?? 0) * 100, credit: (parts.credit ?? 0) * 100 };
  const refId = `${c.prefix}${String(++seq).padStart(12, '0')}`;
  const amount = p.cash + p.upi + p.credit;
  const number = method === 'credit' ? RAM : '9812340000';
  c.ledger.insertSubmitting({ refId, number, operator: 'JIO', amount, rechargeDate: DAY, now: AT, sale: { saleRef: null, method, ...p } });
  c.ledger.update(refId, { status, nextCheckAt: null }, 'reply', AT + 1000);
  if (p.upi > 0 && status === 'Success') c.ledger.sales.markReceived(refId, AT + 2000, DAY);
  return refId;
}

async function syncAll(cs: Counter[]): Promise<void> {
  // Twice round: what one counter pushes in the first round, the others pull in the second.
  for (let i = 0; i < 2; i++) for (const c of cs) await c.sync.syncNow();
}

const dayAt = (c: Counter): ShopDay => shopDay(c.ledger, c, c.close.figures(DAY), DAY);
const owner = { id: 0, name: 'Mr Gupta', role: 'owner' as const };
const ca = (count: number, rupees: number) => ({ count, amount: rupees * 100 });
const none = ca(0, 0);

/** The hand-computed day of each counter (rupees in, paise out), as every counter must show it. */
const WANT = {
  AAAA: {
    counterName: 'Counter 1',
    sales: { cash: ca(1, 100), upi: ca(1, 200), credit: ca(1, 500), split: none },
    payments: { cash: 0, upi: 0 },
    givenBack: { cash: 0, upi: 0 },
    expected: { cash: 10_000, upi: 20_000 },
  },
  BBBB: {
    counterName: 'Counter 2',
    // ₹150 cash for a recharge that failed (handed back), and ₹300 split ₹100 cash + ₹200 UPI.
    sales: { cash: ca(1, 150), upi: none, credit: none, split: ca(1, 300) },
    // ₹300 cash towards Ram's due made at counter 1.
    payments: { cash: 30_000, upi: 0 },
    givenBack: { cash: 15_000, upi: 0 },
    expected: { cash: 15_000 + 10_000 + 30_000 - 15_000, upi: 20_000 },
  },
  CCCC: {
    counterName: 'Counter 3',
    sales: { cash: ca(1, 50), upi: none, credit: ca(1, 100), split: none },
    payments: { cash: 0, upi: 0 },
    givenBack: { cash: 0, upi: 0 },
    expected: { cash: 5_000, upi: 0 },
  },
};

async function shopOf3() {
  dir = tempDir('shop-closings');
  const url = pg.newDatabase();
  const a = counterOn(url, 'AAAA', 'Counter 1');
  const b = counterOn(url, 'BBBB', 'Counter 2');
  const c = counterOn(url, 'CCCC', 'Counter 3');
  sale(a, 'cash', { cash: 100 });
  sale(a, 'upi', { upi: 200 });
  sale(a, 'credit', { credit: 500 });
  sale(c, 'cash', { cash: 50 });
  sale(c, 'credit', { credit: 100 });
  sale(b, 'split', { cash: 100, upi: 200 });
  const failed = sale(b, 'cash', { cash: 150 }, 'Failure');
  b.ledger.moneyFollow.settle(failed, 'given_back', AT + 3000, DAY);
  await syncAll([a, b, c]);
  // The due was made at counter 1; counter 2 takes a payment towards it.
  actingAs(owner, () => b.khata.pay(RAM, 300, 'cash'));
  // Counter 1 counts ₹1 short; counter 2 counts right; counter 3 does not close.
  const closeA = actingAs(owner, () => a.close.close({ date: DAY, counted: 9_900, upiCounted: 20_000, note: 'short ₹1', recount: false }));
  const closeB = actingAs({ id: 3, name: 'Asha', role: 'staff' }, () =>
    b.close.close({ date: DAY, counted: 40_000, upiCounted: 20_000, note: '', recount: false }),
  );
  await syncAll([a, b, c]);
  return { url, db: new URL(url).pathname.slice(1), a, b, c, closeA, closeB };
}

describe("the day's closings and the whole-shop day book (real PostgreSQL, three real SQLite counters)", () => {
  it('every counter shows the same whole-shop day, equal to the hand-computed figures and to each counter’s own close', async () => {
    const { a, b, c, closeA, closeB } = await shopOf3();
    // Each counter's own close says what its own screen said: the figures it is checked against.
    expect(closeA).toMatchObject({ expected: 10_000, counted: 9_900, difference: -100, upiExpected: 20_000, upiDifference: 0 });
    expect(closeB).toMatchObject({ expected: 40_000, counted: 40_000, difference: 0, upiExpected: 20_000, upiDifference: 0 });
    const closes = {
      AAAA: { revision: 1, closedAt: closeA.closedAt, counted: 9_900, upiCounted: 20_000, expected: 10_000, upiExpected: 20_000 },
      BBBB: { revision: 1, closedAt: closeB.closedAt, counted: 40_000, upiCounted: 20_000, expected: 40_000, upiExpected: 20_000 },
    };
    const want = (me: string) =>
      (['AAAA', 'BBBB', 'CCCC'] as const).map((k) => ({
        counter: k,
        ...WANT[k],
        own: k === me,
        close:
          k === 'AAAA'
            ? { ...closes.AAAA, difference: -100, upiDifference: 0, byName: 'Mr Gupta' }
            : k === 'BBBB'
              ? { ...closes.BBBB, difference: 0, upiDifference: 0, byName: 'Asha' }
              : null,
      }));
    const total = {
      sales: { cash: ca(3, 300), upi: ca(1, 200), credit: ca(2, 600), split: ca(1, 300) },
      payments: { cash: 30_000, upi: 0 },
      givenBack: { cash: 15_000, upi: 0 },
      expected: { cash: 55_000, upi: 40_000 },
      counted: { cash: 49_900, upi: 40_000 },
      closed: 2,
      difference: null,
    };
    for (const me of [a, b, c]) {
      const day = dayAt(me);
      // This counter first, then the others by prefix.
      const rows = [...day.counters].sort((x, y) => x.counter.localeCompare(y.counter));
      expect(rows, `at ${me.name}`).toEqual(want(me.prefix));
      expect(day.total, `at ${me.name}`).toEqual(total);
    }
    // The shop's expected is each counter's own: what its close expected, row for row.
    const atC = dayAt(c).counters;
    for (const [k, own] of [
      ['AAAA', closeA],
      ['BBBB', closeB],
    ] as const) {
      const row = atC.find((r) => r.counter === k)!;
      expect([row.expected.cash, row.expected.upi, row.close?.difference]).toEqual([own.expected, own.upiExpected, own.difference]);
    }

    // Counter 3 closes, counter 1 recounts: every counter sees both, the recount as the newest.
    const closeC = actingAs(owner, () => c.close.close({ date: DAY, counted: 5_000, upiCounted: 0, note: '', recount: false }));
    actingAs(owner, () => a.close.close({ date: DAY, counted: 10_000, upiCounted: 20_000, note: 'found ₹1', recount: true }));
    await syncAll([a, b, c]);
    for (const me of [a, b, c]) {
      const day = dayAt(me);
      expect(day.counters.find((r) => r.counter === 'AAAA')?.close).toMatchObject({ revision: 2, counted: 10_000, difference: 0 });
      expect(day.counters.find((r) => r.counter === 'CCCC')?.close).toMatchObject({ closedAt: closeC.closedAt, difference: 0 });
      expect(day.total).toMatchObject({ closed: 3, counted: { cash: 55_000, upi: 40_000 }, difference: { cash: 0, upi: 0 } });
    }
    // Pulled again from the start (a crash before the cursor moved): nothing is counted twice.
    for (const me of [a, b, c]) me.ledger.shopRecords.rewindPull();
    const before = dayAt(a);
    await syncAll([a, b, c]);
    expect(dayAt(a)).toEqual(before);
    for (const me of [a, b, c]) expect(me.told).toEqual([]);
  }, 90_000);

  it('a close waits for the entries written before it: it is never sent ahead of the money it counted', async () => {
    dir = tempDir('shop-closings');
    const a = counterOn(pg.newDatabase(), 'AAAA', 'Counter 1');
    await a.sync.syncNow();
    // A credit sale that failed: its reversal waits until the failure's event is pushed (shop-money-back).
    sale(a, 'credit', { credit: 500 }, 'Failure');
    actingAs(owner, () => a.close.close({ date: DAY, counted: 0, upiCounted: 0, note: '', recount: false }));
    const kinds = () => ownRecords(a.ledger.shopRecords, 100, 'AAAA').records.map((r) => r.kind);
    expect(kinds()).toEqual(['sale']);
    await a.sync.syncNow();
    // Everything went, in order: nothing is left to send.
    expect(kinds()).toEqual([]);
    expect(a.sync.unsent()).toBe(0);
  }, 60_000);

  it('refuses a forged close by name (this counter’s prefix, a day far off, a hidden name, a changed body), and a forged expected moves no total', async () => {
    const { a, b, db } = await shopOf3();
    const before = dayAt(a);
    const now = Date.now();
    const body = (date: string, o: Record<string, unknown> = {}) =>
      JSON.stringify({
        date,
        revision: 1,
        closedAt: now,
        expected: 0,
        counted: 0,
        upiExpected: null,
        upiCounted: null,
        successCount: 0,
        openCount: 0,
        note: '',
        byName: null,
        byRole: null,
        ...o,
      });
    const row = (counter: string, date: string, o?: Record<string, unknown>, localId = `${date}#1`) =>
      `('${counter}', 'day_close', '${localId}', '${body(date, o)}', 0)`;
    pg.psql(
      `INSERT INTO shop_counters (prefix, name) VALUES ('DDDD', 'Counter 4') ON CONFLICT DO NOTHING;
       INSERT INTO shop_records (counter, kind, local_id, body, version) VALUES
         ${row('dd1', '2026-01-02')},
         ${row('DDDD', '2031-01-01')},
         ${row('DDDD', '2019-12-30', { closedAt: Date.UTC(2020, 0, 1) })},
         ${row('DDDD', DAY, { byName: 'Asha\u202Eevil' }, `${DAY}#7`).replace('"revision":1', '"revision":7')},
         ${row('DDDD', DAY, {}, `${DAY}#9`)},
         ${row('DDDD', DAY, { counted: -5 }, `${DAY}#3`).replace('"revision":1', '"revision":3')},
         ${row('DDDD', DAY, { expected: 99_999_900, counted: 100 })};`,
      db,
    );
    // Counter 2's real close changed on the server after counter 1 kept it.
    pg.psql(`UPDATE shop_records SET body = jsonb_set(body, '{expected}', '1') WHERE counter = 'BBBB' AND kind = 'day_close'`, db);
    await a.sync.syncNow();
    await a.sync.syncNow();
    expect(a.told.map((t) => [t.refId, t.reason]).sort()).toEqual(
      [
        ['day_close#2026-01-02#1', 'bad_values'],
        ['day_close#2031-01-01#1', 'date_outside'],
        ['day_close#2019-12-30#1', 'date_outside'],
        [`day_close#${DAY}#7`, 'hidden_text'],
        [`day_close#${DAY}#9`, 'bad_values'],
        [`day_close#${DAY}#3`, 'bad_values'],
        [`day_close#${DAY}#1`, 'exists_with_different_content'],
      ].sort(),
    );
    const after = dayAt(a);
    // Counter 2's close stays as first kept; counter 4's forged expected is shown as its close said,
    // and the shop's expected cash and UPI are the records' sums, as before.
    expect(after.counters.find((r) => r.counter === 'BBBB')).toEqual(before.counters.find((r) => r.counter === 'BBBB'));
    expect(after.counters.find((r) => r.counter === 'DDDD')).toMatchObject({
      counterName: 'Counter 4',
      expected: { cash: 0, upi: 0 },
      close: { expected: 99_999_900, counted: 100, difference: 100 - 99_999_900 },
    });
    expect(after.total.expected).toEqual(before.total.expected);
    expect(after.total.sales).toEqual(before.total.sales);
    // The pull never brings a counter its own prefix's records; one that came anyway is refused by name.
    const mine = { counter: 'BBBB', counterName: 'Counter 2', kind: 'day_close', localId: `${DAY}#1`, body: JSON.parse(body(DAY)), seq: 1 };
    expect(checkRecord(mine, 'BBBB', { firstDay: '2020-01-01', until: now }, b.ledger.shopRecords)).toEqual({
      refused: 'claims_this_counter',
    });
  }, 90_000);
});
