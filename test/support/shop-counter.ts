import { Ledger } from '../../src/main/core/ledger/ledger';
import { ShopSync } from '../../src/main/core/shop-ledger/shop-sync';
import { openPostgresShopDb } from '../../src/main/adapters/postgres/postgres-shop-db';
import type { Refusal } from '../../src/main/core/shop-ledger/shop-rows';

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
