import { join } from 'node:path';
import { afterEach } from 'vitest';
import { Ledger } from '../../src/main/core/ledger/ledger';
import { ShopSync } from '../../src/main/core/shop-ledger/shop-sync';
import { openPostgresShopDb } from '../../src/main/adapters/postgres/postgres-shop-db';
import type { Refusal } from '../../src/main/core/shop-ledger/shop-rows';
import { postgresPerFile } from './postgres-per-file';
import { tempDir } from './temp-dir';

export type Refused = { rows: number; refId: string; counter: string; reason: Refusal };

/** One counter on a shop ledger as the session wires it: its own SQLite file, a sync to PostgreSQL. */
export interface ShopCounter {
  ledger: Ledger;
  sync: ShopSync;
  /** Every row or record the sync refused, as the notice is told of them. */
  told: Refused[];
}

export function openShopCounter(o: {
  file: string;
  url: string;
  password: string;
  prefix: string;
  name: string;
  now?: () => number;
  intervalMs?: number;
}): ShopCounter {
  const ledger = Ledger.open(o.file);
  const told: Refused[] = [];
  const sync = new ShopSync({
    db: openPostgresShopDb({ url: o.url, tls: 'disable', password: o.password }),
    ledger,
    counter: { prefix: o.prefix, name: o.name },
    shopKey: o.url,
    now: o.now ?? Date.now,
    intervalMs: o.intervalMs,
    onRefused: (r) => told.push(r),
  });
  return { ledger, sync, told };
}

/** Stops each counter's sync, then closes its file (the sync reads the file until it stops). */
export async function closeShopCounters(counters: ShopCounter[]): Promise<void> {
  for (const c of counters.splice(0)) {
    await c.sync.stop();
    c.ledger.close();
  }
}

/**
 * A real PostgreSQL for one test file (started before its tests, stopped after), and per test a new
 * shop database whose counters (each its own SQLite file in a temp folder) are closed after it.
 */
export function shopLedgerPerTest(name: string) {
  const server = postgresPerFile();
  const open: ShopCounter[] = [];
  afterEach(() => closeShopCounters(open));
  return {
    server,
    /** A new shop database: `counter` opens a counter on it; `db` is its name for psql. */
    shop() {
      const dir = tempDir(name);
      const url = server().newDatabase();
      const counter = (prefix: string, counterName: string): ShopCounter => {
        const c = openShopCounter({ file: join(dir, `${prefix}.db`), url, password: server().password, prefix, name: counterName });
        open.push(c);
        return c;
      };
      return { url, db: new URL(url).pathname.slice(1), counter };
    },
  };
}
