import type Database from 'better-sqlite3';
import * as z from 'zod';
import { PAYMENT_METHODS } from '../../../shared/payment/payment-parts';
import { TXN_STATUSES, type TxnStatus } from '../../../shared/status';
import { MONEY_BACK_KINDS } from '../../../shared/money-law/money-entry-law';
import { FlagCheckSql, type PeerFlagCheck } from './flag-check-sql';
import { ShopClosesSql, type PeerClose } from './shop-closes-sql';
import { NameWordsSql } from './name-words-sql';

/** A kind of record the shop ledger's records channel carries (docs/shared-ledger.md). */
export const RECORD_KINDS = ['sale', 'money_entry', 'customer', 'flag_checked', 'day_close'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

const int = z.number().int();
const MONEY_BACK_SQL = `(${MONEY_BACK_KINDS.map((k) => `'${k}'`).join(', ')})`;
const saleRows = z.array(
  z.object({
    id: int,
    refId: z.string(),
    number: z.string(),
    method: z.string(),
    cash: int,
    upi: int,
    credit: int,
    saleDate: z.string(),
    createdAt: int,
  }),
);
export type OwnSale = z.infer<typeof saleRows>[number];
const entryRows = z.array(
  z.object({
    id: int,
    kind: z.string(),
    refId: z.string().nullable(),
    number: z.string().nullable(),
    method: z.string().nullable(),
    amount: int,
    corrects: int.nullable(),
    entryDate: z.string(),
    at: int,
  }),
);
export type OwnEntry = z.infer<typeof entryRows>[number];
const customerRows = z.array(z.object({ id: int, number: z.string(), name: z.string(), creditLimit: int.nullable(), updatedAt: int }));
export type OwnCustomer = z.infer<typeof customerRows>[number];
const pushRow = z.object({ at: int, id: int }).optional();
const pulledRow = z.object({ pulled: int });
const peerSaleRow = z
  .object({ counter: z.string(), localId: int, number: z.string(), method: z.enum(PAYMENT_METHODS), cash: int, upi: int, credit: int })
  .optional();
const keptSaleRow = saleRows.element.omit({ id: true }).optional();
const keptEntryRow = entryRows.element.omit({ id: true }).optional();
const peerEntryRow = z.object({ number: z.string().nullable(), kind: z.string(), amount: int }).optional();
const sumRow = z.object({ n: int });
const attemptRows = z.array(z.object({ status: z.enum(TXN_STATUSES), changedByCheck: z.number().transform((n) => n === 1) }));
const appliedRow = z.object({ name: z.string() }).optional();

/** Another counter's sale as kept here, checked before it gets here. */
export interface PeerSale {
  counter: string;
  localId: number;
  counterName: string;
  refId: string;
  number: string;
  method: string;
  cash: number;
  upi: number;
  credit: number;
  saleDate: string;
  createdAt: number;
}

/** Another counter's money entry as kept here. */
export interface PeerEntry {
  counter: string;
  localId: number;
  counterName: string;
  kind: string;
  refId: string | null;
  number: string | null;
  method: string | null;
  amount: number;
  corrects: number | null;
  entryDate: string;
  at: number;
}

export interface PeerCustomer {
  counter: string;
  number: string;
  name: string;
  creditLimit: number | null;
  updatedAt: number;
}

/** Who is pulling, for the customers' tie (the same instant at two counters: the greater prefix wins, everywhere). */
export interface KeepContext {
  ours: string;
  now: number;
}

/** What one pull keeps, applied with the cursor's move in one transaction. */
export interface PulledRecords {
  sales: PeerSale[];
  entries: PeerEntry[];
  customers: PeerCustomer[];
  flagChecks: PeerFlagCheck[];
  closes: PeerClose[];
}

/**
 * The records channel's side of this counter's file (migration 27): each kind's push cursor over
 * this counter's own tables, the one pull cursor, and the peer tables the other counters' sales,
 * money entries and customers are kept in. Inserts into the peer tables are OR IGNORE on (counter,
 * local id): a record pulled twice moves the khata once (its trigger fires on the first insert only).
 */
export class ShopRecordsSql {
  private readonly s;
  /** The owner's "checked" on possible doubles, this counter's and the others' (flag_checked). */
  readonly flags: FlagCheckSql;
  /** The day closings' part (migration 29). */
  readonly closes: ShopClosesSql;
  private readonly words;

  constructor(private readonly db: Database.Database) {
    this.flags = new FlagCheckSql(db);
    this.closes = new ShopClosesSql(db);
    this.words = new NameWordsSql(db);
    this.s = {
      pushCursor: db.prepare('SELECT at, id FROM shop_record_push WHERE kind = ?'),
      markPushed: db.prepare(
        `INSERT INTO shop_record_push (kind, at, id) VALUES (@kind, @at, @id)
         ON CONFLICT (kind) DO UPDATE SET at = excluded.at, id = excluded.id`,
      ),
      sales: db.prepare(
        `SELECT id, ref_id AS refId, number, method, cash, upi, credit, sale_date AS saleDate, created_at AS createdAt
         FROM sales WHERE id > ? ORDER BY id LIMIT ?`,
      ),
      // A money-back entry waits while an event of its sale's attempts is not pushed yet (the
      // failure it follows is written in the same transaction as a trigger's reversal): a peer
      // holds it to those attempts' statuses (shop-records.ts), so they must reach it first.
      entries: db.prepare(
        `SELECT m.id, m.kind, m.ref_id AS refId, m.number, m.method, m.amount, m.corrects, m.entry_date AS entryDate, m.at,
           CASE WHEN m.kind IN ${MONEY_BACK_SQL} THEN EXISTS (
             SELECT 1 FROM txns t JOIN txn_events e ON e.ref_id = t.ref_id
             WHERE (t.sale_id = m.ref_id OR t.ref_id = m.ref_id) AND e.id > (SELECT pushed_event_id FROM shop_outbox WHERE id = 1)
           ) ELSE 0 END AS waits
         FROM money_entries m WHERE m.id > ? ORDER BY m.id LIMIT ?`,
      ),
      // Only what the shop shares of a customer, and only this counter's own edits of it (a name or
      // limit set here, a name cleared here too), dated by the edit, not by the last sale (migration 31).
      customers: db.prepare(
        `SELECT id, number, name, credit_limit AS creditLimit, shop_at AS updatedAt FROM customers INDEXED BY customers_own_edits
         WHERE shop_from = '' AND (shop_at > @at OR (shop_at = @at AND id > @id))
         ORDER BY shop_at, id LIMIT @limit`,
      ),
      unsent: db.prepare(
        `SELECT (SELECT count(*) FROM sales WHERE id > @sale) + (SELECT count(*) FROM money_entries WHERE id > @entry)
           + (SELECT count(*) FROM customers INDEXED BY customers_own_edits
                WHERE shop_from = '' AND (shop_at > @at OR (shop_at = @at AND id > @id))) AS n`,
      ),
      pulled: db.prepare('SELECT records_pulled AS pulled FROM shop_outbox WHERE id = 1'),
      movePulled: db.prepare('UPDATE shop_outbox SET records_pulled = ? WHERE id = 1 AND records_pulled < ?'),
      rewind: db.prepare('UPDATE shop_outbox SET records_pulled = 0 WHERE id = 1'),
      resetPush: db.prepare('DELETE FROM shop_record_push'),
      entryAfter: db.prepare('SELECT 1 FROM money_entries WHERE id > ? LIMIT 1'),
      peerAttempts: db.prepare('SELECT status, changed_by_check AS changedByCheck FROM shop_rows WHERE sale_id = ?'),
      peerSale: db.prepare('SELECT counter, local_id AS localId, number, method, cash, upi, credit FROM peer_sales WHERE ref_id = ?'),
      keptSale: db.prepare(
        `SELECT ref_id AS refId, number, method, cash, upi, credit, sale_date AS saleDate, created_at AS createdAt
         FROM peer_sales WHERE counter = ? AND local_id = ?`,
      ),
      keptEntry: db.prepare(
        `SELECT kind, ref_id AS refId, number, method, amount, corrects, entry_date AS entryDate, at
         FROM peer_money_entries WHERE counter = ? AND local_id = ?`,
      ),
      peerEntry: db.prepare('SELECT number, kind, amount FROM peer_money_entries WHERE counter = ? AND local_id = ?'),
      peerCorrected: db.prepare(
        `SELECT coalesce(sum(amount), 0) AS n FROM peer_money_entries WHERE counter = @counter AND kind = 'correction'
           AND number = @number AND (corrects = @id OR (@id IS NULL AND corrects IS NULL AND ref_id = @refId))`,
      ),
      addSale: db.prepare(
        `INSERT OR IGNORE INTO peer_sales (counter, local_id, counter_name, ref_id, number, method, cash, upi, credit, sale_date, created_at)
         VALUES (@counter, @localId, @counterName, @refId, @number, @method, @cash, @upi, @credit, @saleDate, @createdAt)`,
      ),
      addEntry: db.prepare(
        `INSERT OR IGNORE INTO peer_money_entries (counter, local_id, counter_name, kind, ref_id, number, method, amount, corrects, entry_date, at)
         VALUES (@counter, @localId, @counterName, @kind, @refId, @number, @method, @amount, @corrects, @entryDate, @at)`,
      ),
      // Newer wins, for that counter's own row of the customer.
      putCustomer: db.prepare(
        `INSERT INTO peer_customers (counter, number, name, credit_limit, updated_at)
         VALUES (@counter, @number, @name, @creditLimit, @updatedAt)
         ON CONFLICT (counter, number) DO UPDATE SET name = excluded.name, credit_limit = excluded.credit_limit,
           updated_at = excluded.updated_at WHERE excluded.updated_at > peer_customers.updated_at`,
      ),
      // The book takes a peer's edit when it is newer than the one it holds (this counter's own
      // counts as from @ours): by time, then by prefix, so every counter picks the same one. A
      // customer the book has not met comes in with no sale of its own (updated_at: the pull's time).
      applyCustomer: db.prepare(
        `INSERT INTO customers (number, name, credit_limit, updated_at, shop_at, shop_from)
         VALUES (@number, @name, @creditLimit, @now, @updatedAt, @counter)
         ON CONFLICT (number) DO UPDATE SET name = excluded.name, credit_limit = excluded.credit_limit,
           updated_at = max(customers.updated_at, excluded.updated_at), shop_at = excluded.shop_at, shop_from = excluded.shop_from
         WHERE customers.shop_at IS NULL OR excluded.shop_at > customers.shop_at
           OR (excluded.shop_at = customers.shop_at AND excluded.shop_from > CASE customers.shop_from WHEN '' THEN @ours ELSE customers.shop_from END)
         RETURNING name`,
      ),
    };
  }

  /** Where the push of `kind` has come to: the last id sent (and, for customers, its updated_at). */
  pushCursor(kind: RecordKind): { at: number; id: number } {
    return pushRow.parse(this.s.pushCursor.get(kind)) ?? { at: 0, id: 0 };
  }

  markPushed(kind: RecordKind, at: number, id: number): void {
    this.s.markPushed.run({ kind, at, id });
  }

  salesAfter(id: number, limit: number): OwnSale[] {
    return saleRows.parse(this.s.sales.all(id, limit));
  }

  /** Whether this counter has a money entry after `id` (one not pushed yet, or waiting for its sale's events). */
  hasEntryAfter(id: number): boolean {
    return this.s.entryAfter.get(id) !== undefined;
  }

  /** This counter's entries after the cursor, up to the first that must wait for its sale's events. */
  entriesAfter(id: number, limit: number): OwnEntry[] {
    const rows = z.array(z.object({ waits: int }).passthrough()).parse(this.s.entries.all(id, limit));
    const stop = rows.findIndex((r) => r.waits === 1);
    return entryRows.parse((stop < 0 ? rows : rows.slice(0, stop)).map(({ waits: _waits, ...r }) => r));
  }

  customersAfter(cursor: { at: number; id: number }, limit: number): OwnCustomer[] {
    return customerRows.parse(this.s.customers.all({ ...cursor, limit }));
  }

  /** How many of this counter's records wait to be sent, every kind after its cursor. */
  unsent(): number {
    const sale = this.pushCursor('sale').id;
    const entry = this.pushCursor('money_entry').id;
    const checks = this.flags.unsent(this.pushCursor('flag_checked').id);
    const records = sumRow.parse(this.s.unsent.get({ sale, entry, ...this.pushCursor('customer') })).n;
    return records + checks + this.closes.unsentAfter(this.pushCursor('day_close').id);
  }

  pulled(): number {
    return pulledRow.parse(this.s.pulled.get()).pulled;
  }

  /** The pull starts again (the cursor was past the shop ledger itself): kept records are kept once. */
  rewindPull(): void {
    this.s.rewind.run();
  }

  /** Another shop ledger: everything is sent and pulled again (idempotent); the peer rows stay. */
  reset(): void {
    this.db.transaction(() => {
      this.s.resetPush.run();
      this.s.rewind.run();
    })();
  }

  /** A peer's sale by its ref, as kept (for the checks of the entries that follow it). */
  peerSale(refId: string): z.infer<typeof peerSaleRow> {
    return peerSaleRow.parse(this.s.peerSale.get(refId));
  }

  /**
   * The attempts of another counter's sale as last pulled (shop_rows), each with its status and
   * whether its Success was a changed answer: what a money-back entry of that sale is held to.
   */
  peerSaleAttempts(saleId: string): { status: TxnStatus; changedByCheck: boolean }[] {
    return attemptRows.parse(this.s.peerAttempts.all(saleId));
  }

  /** A peer's sale as kept under its counter and local id, field for field as it was pulled. */
  keptSale(counter: string, localId: number): z.infer<typeof keptSaleRow> {
    return keptSaleRow.parse(this.s.keptSale.get(counter, localId));
  }

  /** A peer's money entry as kept under its counter and local id. */
  keptEntry(counter: string, localId: number): z.infer<typeof keptEntryRow> {
    return keptEntryRow.parse(this.s.keptEntry.get(counter, localId));
  }

  peerEntry(counter: string, localId: number): z.infer<typeof peerEntryRow> {
    return peerEntryRow.parse(this.s.peerEntry.get(counter, localId));
  }

  /** The sum of a peer's corrections already naming its entry (or, id null, its sale's credit). */
  peerCorrectedBy(counter: string, number: string, id: number | null, refId: string | null): number {
    return sumRow.parse(this.s.peerCorrected.get({ counter, number, id, refId })).n;
  }

  /**
   * Runs one pull's checks and keeps in one transaction: a record checked against one kept earlier
   * in the same batch (a payment's sale) sees it, and a crash keeps all of the batch or none.
   */
  batch<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }

  /**
   * Keeps one checked record (inside `batch`). A customer's edit is kept as its counter's, and
   * becomes the book's name and limit (and search words) when it is the shop's newest.
   */
  keep(records: Partial<PulledRecords>, at: KeepContext): void {
    for (const s of records.sales ?? []) this.s.addSale.run(s);
    for (const e of records.entries ?? []) this.s.addEntry.run(e);
    for (const c of records.customers ?? []) {
      this.s.putCustomer.run(c);
      const applied = appliedRow.parse(this.s.applyCustomer.get({ ...c, ...at }));
      if (applied) this.words.put(c.number, applied.name);
    }
    for (const f of records.flagChecks ?? []) this.flags.add(f);
    for (const c of records.closes ?? []) this.closes.add(c);
  }

  /** The pull cursor moves forward only (inside `batch`, with what it passed over). */
  movePulled(seq: number): void {
    this.s.movePulled.run(seq, seq);
  }
}
