import { join } from 'node:path';
import { z } from 'zod';
import { closeShopCounters, openShopCounter } from '../support/shop-counter';
import { istDate } from '../../src/shared/ist-date';
import { startPostgres } from '../support/postgres-server';
import { percentile, round } from './stats';
import { ledgerDb } from '../support/ledger-db';
import { makeTempDir, removeTempDir } from '../support/temp-folder';
import { seedLedger } from '../support/seed-ledger';
import type { Ledger } from '../../src/main/core/ledger/ledger';
import { DoubleFlags } from '../../src/main/core/routing/double-flags';
import { shopHistory } from '../../src/main/core/shop-ledger/shop-history';

/**
 * shared_lag_p95_ms: from a recharge written on counter 1 (its ledger row, as the recharge service
 * writes it, then the sync is told, as the session does) to the row readable in counter 2's
 * whole-shop history, through a real PostgreSQL, with the app's own sync timer.
 */
export async function shopLag(samples = 200) {
  const pg = await startPostgres();
  const dir = makeTempDir('bench-shop');
  const url = pg.newDatabase();
  const counter = (prefix: string, name: string) =>
    openShopCounter({ file: join(dir, `${prefix}.db`), url, password: pg.password, prefix, name });
  const a = counter('AAAA', 'Counter 1');
  const b = counter('BBBB', 'Counter 2');
  try {
    await a.sync.syncNow();
    await b.sync.syncNow();
    a.sync.start();
    b.sync.start();
    const seen = ledgerDb(b.ledger).prepare('SELECT 1 FROM shop_rows WHERE ref_id = ?').pluck();
    const lags: number[] = [];
    for (let i = 0; i < samples; i++) {
      const refId = `AAAA${String(i).padStart(12, '0')}`;
      const t0 = performance.now();
      const now = Date.now();
      a.ledger.insertSubmitting({
        refId,
        number: `98${String(i).padStart(8, '0')}`,
        operator: 'JIO',
        amount: 19900,
        rechargeDate: istDate(now),
        now,
      });
      a.sync.kick();
      while (z.number().optional().parse(seen.get(refId)) === undefined) {
        if (performance.now() - t0 > 10_000) throw new Error(`${refId} did not reach counter 2 in 10 s`);
        await new Promise((r) => setTimeout(r, 1));
      }
      lags.push(performance.now() - t0);
      // Recharges at a counter come seconds apart; a short random gap keeps the timers out of step.
      await new Promise((r) => setTimeout(r, 20 + Math.random() * 80));
    }
    return {
      shared_lag_p50_ms: round(percentile(lags, 50)),
      shared_lag_p95_ms: round(percentile(lags, 95)),
      shared_lag_max_ms: round(Math.max(...lags)),
    };
  } finally {
    await closeShopCounters([a, b]);
    removeTempDir(dir);
    pg.stop();
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
 * shared_flag_lag_p95_ms: from the owner's "I have checked this" on counter 1's possible double (the
 * router's markSeen, then the sync told, as the sale:doubleChecked handler does) to the check shown
 * in counter 2's whole-shop history, through a real PostgreSQL, with the app's own sync timer.
 */
export async function shopFlagLag(samples = 100) {
  const pg = await startPostgres();
  const dir = makeTempDir('bench-shop-flags');
  const url = pg.newDatabase();
  const counter = (prefix: string, name: string) =>
    openShopCounter({ file: join(dir, `${prefix}.db`), url, password: pg.password, prefix, name });
  const a = counter('AAAA', 'Counter 1');
  const b = counter('BBBB', 'Counter 2');
  const doubles = new DoubleFlags({ ledger: a.ledger, nameOf: (id) => id, now: Date.now });
  try {
    const sales = Array.from({ length: samples }, (_, i) => doubleSale(a.ledger, i));
    for (const s of sales) doubles.keep(a.ledger.get(s.first)!, a.ledger.get(s.second)!);
    for (let i = 0; i < 2; i++) for (const c of [a, b]) await c.sync.syncNow();
    a.sync.start();
    b.sync.start();
    const lags: number[] = [];
    for (const { first: saleId } of sales) {
      const t0 = performance.now();
      doubles.markSeen(saleId);
      a.sync.kick();
      while (shopHistory(b.ledger, { prefix: 'BBBB', name: 'Counter 2' }, { search: saleId, limit: 5 })[0]?.checked == null) {
        if (performance.now() - t0 > 10_000) throw new Error(`the check of ${saleId} did not reach counter 2 in 10 s`);
        await new Promise((r) => setTimeout(r, 1));
      }
      lags.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 20 + Math.random() * 80));
    }
    return {
      shared_flag_lag_p50_ms: round(percentile(lags, 50)),
      shared_flag_lag_p95_ms: round(percentile(lags, 95)),
      shared_flag_lag_max_ms: round(Math.max(...lags)),
    };
  } finally {
    await closeShopCounters([a, b]);
    removeTempDir(dir);
    pg.stop();
  }
}

/** A sale two accounts both charged: its first attempt and the one sent after it, both Success. */
function doubleSale(ledger: Ledger, i: number): { first: string; second: string } {
  const now = Date.now() - 3600_000;
  const first = `AAAA${String(2 * i + 1).padStart(12, '0')}`;
  const second = `AAAA${String(2 * i + 2).padStart(12, '0')}`;
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
