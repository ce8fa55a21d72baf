import type Database from 'better-sqlite3';
import * as z from 'zod';
import { ShopSql } from './shop-sql';

const int = z.number().int();
const ownRows = z.array(z.object({ id: int, saleId: z.string(), at: int, saleCounter: z.string().nullable(), waits: int }));
export type OwnCheck = Omit<z.infer<typeof ownRows>[number], 'waits'>;
const keptRow = z.object({ saleId: z.string(), saleCounter: z.string(), at: int }).optional();
const checkRows = z.array(z.object({ saleId: z.string(), counterName: z.string().nullable(), at: int }));
const countRow = z.object({ n: int });
const knownRow = z.object({ own: int, rows: int });

/** Another counter's "checked" on a possible double, as kept here (checked before it gets here). */
export interface PeerFlagCheck {
  counter: string;
  counterName: string;
  saleId: string;
  saleCounter: string;
  at: number;
}

/** Who checked a sale's double first, and when: `counterName` null when it was this counter. */
export interface FlagCheck {
  counterName: string | null;
  at: number;
}

/**
 * The owner's "checked" on possible doubles across the shop (migration 28): this counter's own
 * checks (`flag_checks`, its sales' from sale_flags by trigger, and others' sales checked here),
 * pushed by id, and the other counters' checks as pulled (`peer_flag_checks`), kept once each.
 */
export class FlagCheckSql {
  private readonly s;
  private shopSql: ShopSql | null = null;

  constructor(private readonly db: Database.Database) {
    this.s = {
      // A check of this counter's own sale waits until every event of the sale's attempts is pushed:
      // a peer then has the rows that make it a double before it meets the check.
      own: db.prepare(
        `SELECT c.id, c.sale_id AS saleId, c.at,
           (SELECT r.counter FROM shop_rows r WHERE r.sale_id = c.sale_id LIMIT 1) AS saleCounter,
           EXISTS (SELECT 1 FROM txns t JOIN txn_events e ON e.ref_id = t.ref_id
             WHERE (t.sale_id = c.sale_id OR t.ref_id = c.sale_id)
               AND e.id > (SELECT pushed_event_id FROM shop_outbox WHERE id = 1)) AS waits
         FROM flag_checks c WHERE c.id > ? ORDER BY c.id LIMIT ?`,
      ),
      unsent: db.prepare('SELECT count(*) AS n FROM flag_checks WHERE id > ?'),
      kept: db.prepare('SELECT sale_id AS saleId, sale_counter AS saleCounter, at FROM peer_flag_checks WHERE counter = ? AND sale_id = ?'),
      add: db.prepare(
        `INSERT OR IGNORE INTO peer_flag_checks (counter, sale_id, counter_name, sale_counter, at)
         VALUES (@counter, @saleId, @counterName, @saleCounter, @at)`,
      ),
      known: db.prepare(
        `SELECT EXISTS (SELECT 1 FROM txns WHERE sale_id = @saleId OR ref_id = @saleId) AS own,
           EXISTS (SELECT 1 FROM shop_rows WHERE sale_id = @saleId AND counter = @counter) AS rows`,
      ),
      checkHere: db.prepare('INSERT OR IGNORE INTO flag_checks (sale_id, at) VALUES (?, ?)'),
      // The first check of each sale, here or at another counter.
      checks: db.prepare(
        `WITH s(id) AS (SELECT DISTINCT value FROM json_each(@sales)),
           every(saleId, counterName, at) AS (
             SELECT c.sale_id, NULL, c.at FROM flag_checks c JOIN s ON s.id = c.sale_id
             UNION ALL SELECT p.sale_id, p.counter_name, p.at FROM peer_flag_checks p JOIN s ON s.id = p.sale_id)
         SELECT saleId, counterName, min(at) AS at FROM every GROUP BY saleId`,
      ),
    };
  }

  private get shop(): ShopSql {
    return (this.shopSql ??= new ShopSql(this.db));
  }

  /**
   * This counter's checks after the push cursor, in order, up to the first that must wait for its
   * sale's events to reach the shop ledger. `saleCounter` is null for this counter's own sales.
   */
  ownAfter(id: number, limit: number): OwnCheck[] {
    const rows = ownRows.parse(this.s.own.all(id, limit));
    const stop = rows.findIndex((r) => r.waits === 1);
    return (stop < 0 ? rows : rows.slice(0, stop)).map(({ waits: _waits, ...r }) => r);
  }

  unsent(id: number): number {
    return countRow.parse(this.s.unsent.get(id)).n;
  }

  /** A peer's check as kept under its counter and sale, field for field as it was pulled. */
  kept(counter: string, saleId: string): z.infer<typeof keptRow> {
    return keptRow.parse(this.s.kept.get(counter, saleId));
  }

  /** Is the sale known here as `counter`'s: its attempts in this counter's own ledger (`own`), else pulled. */
  known(saleId: string, counter: string, own: boolean): boolean {
    const k = knownRow.parse(this.s.known.get({ saleId, counter }));
    return own ? k.own === 1 : k.rows === 1;
  }

  /** Two attempts of the sale or more charged, as this counter sees the shop. */
  isDouble(saleId: string): boolean {
    return this.shop.doubleSales([saleId]).has(saleId);
  }

  add(c: PeerFlagCheck): void {
    this.s.add.run(c);
  }

  /**
   * The owner checked another counter's possible double here: kept as this counter's check (it
   * names the other counter's sale) and pushed. False when the sale is no double as seen here.
   */
  checkHere(saleId: string, at: number): boolean {
    if (!this.isDouble(saleId)) return false;
    this.s.checkHere.run(saleId, at);
    return true;
  }

  /** Of these sales, the first check of each (here or at another counter). */
  checks(sales: readonly string[]): Map<string, FlagCheck> {
    const rows = checkRows.parse(this.s.checks.all({ sales: JSON.stringify(sales) }));
    return new Map(rows.map((r) => [r.saleId, { counterName: r.counterName, at: r.at }]));
  }
}
