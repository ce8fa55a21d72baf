import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { Ledger } from '../../../../src/main/core/ledger/ledger';
import { ShopSql, type KeptShopRow, type ShopGroup } from '../../../../src/main/core/ledger/shop-sql';
import { shopReport } from '../../../../src/main/core/shop-ledger/shop-report';
import { istDayStart } from '../../../../src/shared/ist-date';
import { ledgerDb } from '../../../support/ledger-db';
import { tempDir } from '../../../support/temp-dir';
import { buildFixture } from '../../../fixtures/make-ledger-fixture';
import { rebuildLedger } from '../../../../src/main/core/ledger/rebuild';

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Midnight India time: rows and ranges are put on it, a millisecond each side, and mid-day. */
const T0 = istDayStart('2026-10-01');
const SPAN_DAYS = 9;
const ME = { prefix: 'AAAA', name: 'Front desk', nameOf: (id: string) => (id === 'main' ? 'Main here' : id) };
const STATUSES = ['Success', 'Success', 'Success', 'Failure', 'Pending', 'Refunded', 'Error', 'Unknown'];
const PEERS = ['BBBB', 'CCCC'];

/**
 * The whole-shop report as it was before migration 33: every row of the range grouped, this
 * counter's in txns and the others' in shop_rows. The reference the day totals must equal.
 */
class RowByRowShopSql extends ShopSql {
  constructor(private readonly raw: ReturnType<typeof ledgerDb>) {
    super(raw);
  }

  override ownGroups(me: { prefix: string; name: string }, range: { from: number; to: number }): ShopGroup[] {
    return this.raw
      .prepare(
        `SELECT @prefix AS counter, @name AS counterName, status, account_id AS accountId, '' AS accountName,
           attempt_no = 1 AS first, count(*) AS n, coalesce(sum(amount), 0) AS amount
         FROM txns WHERE created_at >= @from AND created_at < @to GROUP BY status, account_id, attempt_no = 1`,
      )
      .all({ ...range, prefix: me.prefix, name: me.name }) as ShopGroup[];
  }

  override otherGroups(range: { from: number; to: number }): ShopGroup[] {
    return this.raw
      .prepare(
        `SELECT counter, max(counter_name) AS counterName, status, account_id AS accountId, max(account_name) AS accountName,
           attempt_no = 1 AS first, count(*) AS n, coalesce(sum(amount), 0) AS amount
         FROM shop_rows INDEXED BY shop_rows_created WHERE created_at >= @from AND created_at < @to
         GROUP BY counter, status, account_id, attempt_no = 1`,
      )
      .all(range) as ShopGroup[];
  }
}

/** A seeded generator (mulberry32): a failing case is the same case when run again. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A time in the span: often on a day's edge (midnight India time, a millisecond either side), else anywhere. */
function someTime(r: () => number): number {
  const day = T0 + Math.floor(r() * SPAN_DAYS) * DAY;
  const edge = r();
  if (edge < 0.15) return day;
  if (edge < 0.25) return day - 1;
  if (edge < 0.3) return day + 1;
  return day + Math.floor(r() * DAY);
}

const ledgers: Ledger[] = [];
afterEach(() => {
  for (const l of ledgers.splice(0)) l.close();
});

function openLedger(): Ledger {
  const ledger = Ledger.open(join(tempDir('shop-report-totals'), 'ledger.db'), T0);
  ledgers.push(ledger);
  return ledger;
}

/**
 * Sales at this counter and two others, written the way each path writes them: this counter's
 * rows inserted and their status moved (a failover's second attempt, a changed answer, a
 * refund, a row that closes), the others' kept through the pull's own upsert, some pulled again
 * unchanged, some with a changed status, amount, name or time.
 */
function seed(ledger: Ledger, r: () => number, sales: number) {
  const db = ledgerDb(ledger);
  const own = db.prepare(
    `INSERT INTO txns (ref_id, number, operator, amount, status, message, recharge_date, created_at, updated_at, sale_id, attempt_no, account_id)
     VALUES (@ref, @number, 'JIO', @amount, @status, '', '2026-10-01', @at, @at, @sale, @no, @account)`,
  );
  const setOwn = db.prepare('UPDATE txns SET status = ? WHERE ref_id = ?');
  const movedOwn = db.prepare('UPDATE txns SET created_at = ?, account_id = ? WHERE ref_id = ?');
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const kept: KeptShopRow[] = [];
  const ownRefs: string[] = [];
  for (let i = 0; i < sales; i++) {
    const at = someTime(r);
    const amount = (10 + Math.floor(r() * 500)) * 100;
    const attempts = r() < 0.2 ? 2 + Math.floor(r() * 2) : 1;
    const peer = r() < 0.6 ? pick(PEERS) : null;
    const refOf = (no: number) => `${peer ?? 'AAAA'}${String(i * 4 + no).padStart(12, '0')}`;
    const sale = refOf(1);
    for (let no = 1; no <= attempts; no++) {
      const ref = refOf(no);
      // A failover's earlier attempts failed; its last may have gone, or be a possible double.
      const status = no < attempts ? (r() < 0.8 ? 'Failure' : 'Success') : pick(STATUSES);
      const account = no === 1 ? 'main' : pick(['spare', 'third']);
      const t = at + (no - 1) * Math.floor(r() * 3 * HOUR);
      if (peer) {
        const name = r() < 0.1 ? `Counter ${peer} (old)` : `Counter ${peer}`;
        kept.push({
          refId: ref,
          counter: peer,
          counterName: name,
          number: '9812345678',
          operator: 'AT',
          amount,
          status,
          message: '',
          createdAt: t,
          updatedAt: t,
          saleId: sale,
          attemptNo: no,
          accountId: account,
          accountName: r() < 0.5 ? `${account} provider` : '',
          changedByCheck: false,
          walletKey: null,
          margin: null,
        });
      } else {
        own.run({ ref, number: '9876543210', amount, status, at: t, sale: no === 1 ? null : sale, no, account });
        ownRefs.push(ref);
      }
    }
  }
  ledger.shop.keepPulled(kept, 1);
  // Pulled again: the same rows unchanged, and some of them changed (a Failure the provider later
  // called a Success, a refund, a counter renamed, an amount or a time corrected).
  const again = kept.map((row) => {
    const change = r();
    if (change < 0.1) return { ...row, status: row.status === 'Failure' ? 'Success' : 'Refunded' };
    if (change < 0.14) return { ...row, counterName: `${row.counter} renamed`, accountName: 'Renamed provider' };
    if (change < 0.17) return { ...row, amount: row.amount + 100 };
    if (change < 0.2) return { ...row, createdAt: someTime(r) };
    return row;
  });
  ledger.shop.keepPulled(again, 2);
  // This counter's answers change too: a Failure that went after all, a Success refunded, a row
  // that closes; and a row a restore wrote again with another time and account.
  for (const ref of ownRefs) {
    const change = r();
    if (change < 0.08) setOwn.run('Success', ref);
    else if (change < 0.14) setOwn.run('Refunded', ref);
    else if (change < 0.18) setOwn.run('Failure', ref);
    else if (change < 0.2) movedOwn.run(someTime(r), 'spare', ref);
  }
}

/** A range: from whole India days to a few hours, starting and ending on a day's edge, a millisecond off it, or mid-day. */
function someRange(r: () => number): { from: number; to: number } {
  const a = someTime(r);
  const b = r() < 0.3 ? a + Math.floor(r() * 30 * HOUR) : someTime(r);
  return { from: Math.min(a, b), to: Math.max(a, b) };
}

describe('the whole-shop report from the day totals (migration 33)', () => {
  it('tells the same as every row grouped, on random sales with failovers, changed answers, refunds and rows pulled again', () => {
    for (const s of [1, 2, 3]) {
      const r = random(s);
      const ledger = openLedger();
      seed(ledger, r, 400);
      const reference = { shop: new RowByRowShopSql(ledgerDb(ledger)) };
      const ranges = [
        { from: T0 - DAY, to: T0 + (SPAN_DAYS + 1) * DAY },
        { from: T0, to: T0 + 3 * DAY },
        { from: T0 + 1, to: T0 + 3 * DAY - 1 },
        { from: T0 + 5 * HOUR, to: T0 + 5 * HOUR + 2 * DAY },
        { from: T0 + 5 * HOUR, to: T0 + 9 * HOUR },
        { from: T0 + 2 * DAY, to: T0 + 2 * DAY },
        { from: T0 + 2 * DAY, to: T0 + DAY },
        ...Array.from({ length: 60 }, () => someRange(r)),
      ];
      for (const range of ranges) {
        expect(ledger.shop.ownGroups(ME, range), JSON.stringify(range)).toEqual(reference.shop.ownGroups(ME, range));
        expect(ledger.shop.otherGroups(range), JSON.stringify(range)).toEqual(reference.shop.otherGroups(range));
        expect(shopReport(ledger, ME, range), JSON.stringify(range)).toEqual(shopReport(reference, ME, range));
      }
    }
  });

  it("keeps the totals equal to the rows through a change of shop ledger (the others' rows all go)", () => {
    const ledger = openLedger();
    seed(ledger, random(7), 200);
    ledger.shop.resetFor('another-shop');
    const db = ledgerDb(ledger);
    expect(db.prepare('SELECT count(*) AS n, coalesce(sum(amount), 0) AS amount FROM shop_day_totals WHERE count != 0').get()).toEqual({
      n: 0,
      amount: 0,
    });
    const range = { from: T0, to: T0 + SPAN_DAYS * DAY };
    expect(shopReport(ledger, ME, range)).toEqual(shopReport({ shop: new RowByRowShopSql(db) }, ME, range));
  });

  it('adds up the rows a shop kept before, once, when its ledger is upgraded', () => {
    const file = join(tempDir('shop-report-upgrade'), 'ledger.db');
    buildFixture(31, file);
    const ledger = Ledger.open(file, T0);
    ledgers.push(ledger);
    const db = ledgerDb(ledger);
    const byRows = db
      .prepare(
        `SELECT date(created_at / 1000.0, 'unixepoch', '+330 minutes') AS day, counter, status, account_id AS accountId,
           attempt_no = 1 AS first, count(*) AS count, sum(amount) AS amount FROM shop_rows GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`,
      )
      .all();
    expect(byRows.length).toBeGreaterThan(0);
    expect(
      db
        .prepare(
          `SELECT day, counter, status, account_id AS accountId, first, sum(count) AS count, sum(amount) AS amount FROM shop_day_totals
           WHERE count != 0 GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`,
        )
        .all(),
    ).toEqual(byRows);
    const own = db
      .prepare(
        `SELECT date(created_at / 1000.0, 'unixepoch', '+330 minutes') AS day, status, account_id AS accountId, attempt_no = 1 AS first,
           count(*) AS count, sum(amount) AS amount FROM txns GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
      )
      .all();
    expect(own.length).toBeGreaterThan(0);
    expect(
      db
        .prepare(
          `SELECT day, status, account_id AS accountId, first, count, amount FROM txn_shop_day_totals WHERE count != 0 ORDER BY 1, 2, 3, 4`,
        )
        .all(),
    ).toEqual(own);
  });

  it('a restore adds up the rows it copies once: the totals are made by the triggers, not copied beside them', () => {
    const dir = tempDir('shop-report-restore');
    const ledger = Ledger.open(join(dir, 'ledger.db'), T0);
    seed(ledger, random(11), 200);
    const range = { from: T0 + 5 * HOUR, to: T0 + 7 * DAY - HOUR };
    const before = shopReport(ledger, ME, range);
    ledger.close();
    expect(rebuildLedger(join(dir, 'ledger.db'), join(dir, 'restored.db'), 'backup.db').rejected).toEqual([]);
    const restored = Ledger.open(join(dir, 'restored.db'), T0);
    ledgers.push(restored);
    expect(shopReport(restored, ME, range)).toEqual(before);
    expect(before.counters.map((c) => c.all.count).every((n) => n > 0)).toBe(true);
  });
});
