import { expect } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import type { TestHarness } from '../main/core/flow/harness-client';
import { openE2E, type E2ESession } from './e2e-session';
import { openLiveHarness } from './live-harness';
import { startPostgres, type PostgresServer } from './postgres-server';

/** Two counters of one shop on a real PostgreSQL: "Front desk" in Chromium, "Back room" through its bridge, both live on one sandbox. */
export interface ShopPair {
  pg: PostgresServer;
  sandbox: Sandbox;
  /** Counter 1, in Chromium. */
  e2e: E2ESession;
  /** Counter 2, through its bridge. */
  other: TestHarness;
}

export async function openShopPair(name: string, token: string): Promise<ShopPair> {
  const pair: Partial<ShopPair> = {};
  try {
    const pg = (pair.pg = await startPostgres());
    const sandbox = (pair.sandbox = await startSandbox({ token, balance: 100_000, sameNumberWindowMs: 0 }));
    const url = pg.newDatabase();
    const other = (pair.other = await openLiveHarness(sandbox, { shopSyncMs: 100 }));
    await other.ok('shop:configure', { url, tls: 'disable', counterName: 'Back room', password: pg.password });
    const e2e = (pair.e2e = await openE2E(name, { acceptWeakTokenProtection: true, shopSyncMs: 100 }));
    const dispatch = e2e.harness.core.router.dispatch;
    expect((await dispatch('auth:save', { baseUrl: sandbox.url, username: sandbox.credentials.username, token })).ok).toBe(true);
    expect((await dispatch('shop:configure', { url, tls: 'disable', counterName: 'Front desk', password: pg.password })).ok).toBe(true);
    return { pg, sandbox, e2e, other };
  } catch (e) {
    // What was started before the failure is stopped here: the caller never got it to stop.
    await closeShopPair(pair);
    throw e;
  }
}

export async function closeShopPair(pair: Partial<ShopPair>): Promise<void> {
  await pair.e2e?.close();
  await pair.other?.dispose();
  await pair.sandbox?.close();
  pair.pg?.stop();
}
