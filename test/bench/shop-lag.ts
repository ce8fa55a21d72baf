import { join } from 'node:path';
import { z } from 'zod';
import { closeShopCounters, openShopCounter, type ShopCounter } from '../support/shop-counter';
import { istDate } from '../../src/shared/ist-date';
import { settingsSchema } from '../../src/shared/settings-schema';
import { KhataService } from '../../src/main/core/khata/khata-service';
import { startPostgres } from '../support/postgres-server';
import { percentile, round } from './stats';
import { ledgerDb } from '../support/ledger-db';
import { makeTempDir, removeTempDir } from '../support/temp-folder';
import { seedLedger } from '../support/seed-ledger';
import type { Ledger } from '../../src/main/core/ledger/ledger';
import { DoubleFlags } from '../../src/main/core/routing/double-flags';
import { shopHistory } from '../../src/main/core/shop-ledger/shop-history';
import { caughtUp, fillShopLedger } from './shop-fill';

/**
 * One shared kind's trip: `write` does at counter 1 what the app does (the ledger's own write, then
 * the sync kicked only where the session kicks it) and returns the check, at counter 2, of the place
 * its screen reads it.
 */
interface LagKind {
  readonly key: string;
  write(from: ShopCounter, to: ShopCounter, i: number): () => boolean;
}

const khataOf = (c: ShopCounter) =>
  new KhataService({ ledger: c.ledger, now: Date.now, settings: () => settingsSchema.parse({ version: 1, installPrefix: 'AAAA' }) });
const numberOf = (i: number) => `98${String(i).padStart(8, '0')}`;

/** A recharge, as the recharge service writes it: its Submitting row; its onChange kicks the sync too. */
function recharge(from: ShopCounter, i: number, credit = false) {
  const refId = `AAAA${String(i).padStart(12, '0')}`;
  const now = Date.now();
  const amount = 19900;
  from.ledger.insertSubmitting({
    refId,
    number: numberOf(i),
    operator: 'JIO',
    amount,
    rechargeDate: istDate(now),
    now,
    ...(credit ? { sale: { saleRef: null, method: 'credit', cash: 0, upi: 0, credit: amount } } : {}),
  });
  from.sync.kick();
  return refId;
}

const KINDS: readonly LagKind[] = [
  {
    // In counter 2's whole-shop history (shop_rows, what shop:history reads).
    key: 'shared_lag',
    write(from, to, i) {
      const seen = ledgerDb(to.ledger).prepare('SELECT 1 FROM shop_rows WHERE ref_id = ?').pluck();
      const refId = recharge(from, i);
      return () => z.number().optional().parse(seen.get(refId)) !== undefined;
    },
  },
  {
    // A credit sale, its parts through the records channel: in counter 2's khata statement of the number.
    key: 'shared_lag_sale',
    write(from, to, i) {
      const refId = recharge(from, i, true);
      const khata = khataOf(to);
      return () => khata.view(numberOf(i), 20).lines.some((l) => l.kind === 'sale' && l.refId === refId);
    },
  },
  {
    // A khata payment (money_entry credit_payment) taken at counter 1 on a due it made, as the Khata
    // tab's pay writes it (its write kicks the sync), in counter 2's statement.
    key: 'shared_lag_payment',
    write(from, to, i) {
      const number = numberOf(i - 1);
      const paid = khataOf(from).pay(number, 50, 'cash');
      const id = Math.max(...paid.lines.filter((l) => l.kind === 'credit_payment').map((l) => l.id ?? 0));
      const khata = khataOf(to);
      return () => khata.view(number, 20).lines.some((l) => l.kind === 'credit_payment' && l.id === id && l.counter !== null);
    },
  },
  // The possible-double flag and the owner's "checked" (branch i37-flags) add their kind here:
  // `shared_lag_flag`, written as the sale router raises it, read where counter 2's Flags list reads.
];

/** p50, p95 and max of each key's lags, the unit and `suffix` (the shop ledger's size) after it. */
const summary = (lags: ReadonlyMap<string, number[]>, suffix: string) =>
  Object.fromEntries(
    [...lags].flatMap(([key, l]) => [
      [`${key}_p50_ms${suffix}`, round(percentile(l, 50))],
      [`${key}_p95_ms${suffix}`, round(percentile(l, 95))],
      [`${key}_max_ms${suffix}`, round(Math.max(...l))],
    ]),
  );

/**
 * Each shared kind written at `a` and timed until `b` reads it, kinds in turn (a payment always
 * follows the credit sale it pays), `samples` of each, the counters' syncs already running.
 */
async function kindLags(a: ShopCounter, b: ShopCounter, samples: number) {
  const lags = new Map<string, number[]>(KINDS.map((k) => [k.key, []]));
  for (let i = 0; i < samples * KINDS.length; i++) {
    const kind = KINDS[i % KINDS.length]!;
    const t0 = performance.now();
    const readable = kind.write(a, b, i);
    while (!readable()) {
      if (performance.now() - t0 > 10_000) throw new Error(`${kind.key} #${i} did not reach counter 2 in 10 s`);
      await new Promise((r) => setTimeout(r, 1));
    }
    lags.get(kind.key)!.push(performance.now() - t0);
    // Writes at a counter come seconds apart; a short random gap keeps the timers out of step.
    await new Promise((r) => setTimeout(r, 20 + Math.random() * 80));
  }
  return lags;
}

/** Three counters on a new database of a real PostgreSQL started for the bench, each synced once. */
async function threeCounters(name: string) {
  const pg = await startPostgres();
  const dir = makeTempDir(name);
  const url = pg.newDatabase();
  const counter = (prefix: string, counterName: string) =>
    openShopCounter({ file: join(dir, `${prefix}.db`), url, password: pg.password, prefix, name: counterName });
  const counters = [counter('AAAA', 'Counter 1'), counter('BBBB', 'Counter 2'), counter('CCCC', 'Counter 3')];
  const close = async () => {
    await closeShopCounters(counters);
    removeTempDir(dir);
    pg.stop();
  };
  try {
    for (const c of counters) await c.sync.syncNow();
  } catch (e) {
    await close();
    throw e;
  }
  return { pg, url, counters: counters as [ShopCounter, ShopCounter, ShopCounter], close };
}

/** As provider-session wires them: every committed write the shop shares kicks the sync, on the app's timer. */
function startSyncing(counters: readonly ShopCounter[]) {
  for (const c of counters) c.ledger.onWritten(() => c.sync.kick());
  for (const c of counters) c.sync.start();
}

/**
 * shared_lag_*_p95_ms: from each shared kind written at counter 1 to it readable at counter 2 where
 * its screen reads it, three counters syncing to a real PostgreSQL with the app's own timer.
 */
export async function shopLag(samples = 150) {
  const { counters, close } = await threeCounters('bench-shop');
  try {
    startSyncing(counters);
    return summary(await kindLags(counters[0], counters[1], samples), '');
  } finally {
    await close();
  }
}

/**
 * shared_lag_*_p95_ms_3m, shared_flag_lag_*_ms_3m: the same kinds and the owner's check, with the
 * shop ledger first filled with `perCounter` recharges of each of the three counters, their events,
 * sales and khata payments (shop-fill.ts), the counters starting caught up with it: the steady
 * state of a shop with years of history, not a first catch-up. The check goes from counter 3 (its
 * own doubles, so its ref_ids meet none of counter 1's) to counter 2.
 */
export async function shopLagAtSize(perCounter = 1_000_000, samples = 150, flagSamples = 100) {
  const { pg, url, counters, close } = await threeCounters('bench-shop-size');
  try {
    const fill = fillShopLedger(pg, url, ['AAAA', 'BBBB', 'CCCC'], perCounter);
    console.log(`filled ${perCounter} × 3 in ${round(fill.insertSeconds, 1)} s, vacuumed in ${round(fill.vacuumSeconds, 1)} s`);
    await caughtUp(counters, fill.lastSeq);
    startSyncing(counters);
    const [a, b, c] = counters;
    const lags = await kindLags(a, b, samples);
    lags.set('shared_flag_lag', await flagLags(c, b, flagSamples, ['CCCC', 'BBBB']));
    const size = `_${(3 * perCounter) / 1_000_000}m`;
    return { ...summary(lags, size), [`shop_lag_fill_s${size}`]: round(fill.insertSeconds + fill.vacuumSeconds, 1) };
  } finally {
    await close();
  }
}

/**
 * shop_catch_up_s_10k: a counter that was offline for an hour with 10,000 recharges (their rows and
 * events, as the app writes them) comes back: from its first sync to every one of them readable in
 * the other counter's whole-shop history, through a real PostgreSQL, in the app's batches.
 */
export async function shopCatchUp(entries = 10_000) {
  const pg = await startPostgres();
  const dir = makeTempDir('bench-shop-catch-up');
  const url = pg.newDatabase();
  const counter = (prefix: string, name: string) =>
    openShopCounter({ file: join(dir, `${prefix}.db`), url, password: pg.password, prefix, name });
  // Its hour offline, written before it reconnects (16-character ref_ids, as the app makes them).
  seedLedger(join(dir, 'BBBB.db'), entries, Date.now() - 3600_000, 'BBBB000000');
  const a = counter('AAAA', 'Counter 1');
  const b = counter('BBBB', 'Counter 2');
  try {
    await a.sync.syncNow();
    const rows = ledgerDb(a.ledger).prepare('SELECT count(*) FROM shop_rows').pluck();
    const t0 = performance.now();
    await b.sync.syncNow();
    await a.sync.syncNow();
    const seconds = (performance.now() - t0) / 1000;
    const arrived = z.number().parse(rows.get());
    if (arrived !== entries || b.sync.unsent() !== 0) throw new Error(`caught up ${arrived} of ${entries}, ${b.sync.unsent()} unsent`);
    return { shop_catch_up_s_10k: round(seconds, 2) };
  } finally {
    await closeShopCounters([a, b]);
    removeTempDir(dir);
    pg.stop();
  }
}

/**
 * The owner's "I have checked this" on `from`'s possible doubles (its prefix first, then `to`'s) (the router's markSeen, then the
 * sync told, as the sale:doubleChecked handler does), each timed until `to`'s whole-shop history
 * shows the check. Its doubles are written and synced first; then both counters' timers run.
 */
async function flagLags(from: ShopCounter, to: ShopCounter, samples: number, [prefix, toPrefix]: [string, string]): Promise<number[]> {
  const doubles = new DoubleFlags({ ledger: from.ledger, nameOf: (id) => id, now: Date.now });
  const sales = Array.from({ length: samples }, (_, i) => doubleSale(from.ledger, prefix, i));
  for (const s of sales) doubles.keep(from.ledger.get(s.first)!, from.ledger.get(s.second)!);
  for (let i = 0; i < 2; i++) for (const c of [from, to]) await c.sync.syncNow();
  from.sync.start();
  to.sync.start();
  const lags: number[] = [];
  const me = { prefix: toPrefix, name: 'Counter 2' };
  for (const { first: saleId } of sales) {
    const t0 = performance.now();
    doubles.markSeen(saleId);
    from.sync.kick();
    while (shopHistory(to.ledger, me, { search: saleId, limit: 5 })[0]?.checked == null) {
      if (performance.now() - t0 > 10_000) throw new Error(`the check of ${saleId} did not reach counter 2 in 10 s`);
      await new Promise((r) => setTimeout(r, 1));
    }
    lags.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 20 + Math.random() * 80));
  }
  return lags;
}

/**
 * shared_flag_lag_p95_ms: the owner's check of counter 1's possible double shown in counter 2's
 * whole-shop history, through a real PostgreSQL, with the app's own sync timer.
 */
export async function shopFlagLag(samples = 100) {
  const pg = await startPostgres();
  const dir = makeTempDir('bench-shop-flags');
  const url = pg.newDatabase();
  const counter = (prefix: string, name: string) =>
    openShopCounter({ file: join(dir, `${prefix}.db`), url, password: pg.password, prefix, name });
  const a = counter('AAAA', 'Counter 1');
  const b = counter('BBBB', 'Counter 2');
  try {
    return summary(new Map([['shared_flag_lag', await flagLags(a, b, samples, ['AAAA', 'BBBB'])]]), '');
  } finally {
    await closeShopCounters([a, b]);
    removeTempDir(dir);
    pg.stop();
  }
}

/** A sale two accounts both charged: its first attempt and the one sent after it, both Success. */
function doubleSale(ledger: Ledger, prefix: string, i: number): { first: string; second: string } {
  const now = Date.now() - 3600_000;
  const first = `${prefix}${String(2 * i + 1).padStart(12, '0')}`;
  const second = `${prefix}${String(2 * i + 2).padStart(12, '0')}`;
  const number = `97${String(i).padStart(8, '0')}`;
  for (const [refId, sale] of [
    [first, {}],
    [second, { saleId: first, attemptNo: 2 }],
  ] as const) {
    ledger.insertSubmitting({ refId, number, operator: 'JIO', amount: 23_900, rechargeDate: istDate(now), now, ...sale });
    ledger.update(refId, { status: 'Success', nextCheckAt: null }, 'reply', now + 1000);
  }
  return { first, second };
}
