import type Database from 'better-sqlite3';
import * as z from 'zod';
import { PAYMENT_METHODS } from '../../../shared/payment/payment-parts';
import { MONEY_ENTRY_KINDS } from '../../../shared/payment/payment';

/** Paise a journal line may carry in one part or entry: the range a recharge keeps (money-rules.ts). */
const MAX_PAISE = 100_000_000;
const paise = z.number().int().min(0).max(MAX_PAISE);
const rowId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const time = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const ref = z.string().min(1).max(64);
const number = z.string().min(1).max(32);

type MoneyEntryKind = (typeof MONEY_ENTRY_KINDS)[number];

/** A sales row as journaled: the row as written, its id included (sales are keyed by ref_id on replay). */
const saleRowSchema = z.object({
  id: rowId,
  refId: ref,
  saleRef: z.string().min(1).max(64).nullable(),
  number,
  method: z.enum(PAYMENT_METHODS),
  cash: paise,
  upi: paise,
  credit: paise,
  saleDate: isoDate,
  createdAt: time,
});

/** A money_entries row as journaled, its id included (the replay's key). */
const moneyRowSchema = z.object({
  id: rowId,
  kind: z.enum(MONEY_ENTRY_KINDS),
  refId: ref.nullable(),
  number: number.nullable(),
  method: z.enum(['cash', 'upi']).nullable(),
  amount: z.number().int().min(-MAX_PAISE).max(MAX_PAISE),
  corrects: rowId.nullable(),
  entryDate: isoDate,
  at: time,
});
type MoneyRow = z.infer<typeof moneyRowSchema>;

export const saleLineSchema = z.object({ kind: z.literal('sale'), sale: saleRowSchema });
export const moneyLineSchema = z.object({ kind: z.literal('money'), entry: moneyRowSchema });
export type SaleLine = z.infer<typeof saleLineSchema>;
export type MoneyLine = z.infer<typeof moneyLineSchema>;

/** Kinds a sale has at most one of, whoever wrote it (migration 13's unique indexes; SaleSql's guard for UPI). */
const ONCE_PER_SALE: Readonly<Partial<Record<MoneyEntryKind, readonly [MoneyEntryKind, MoneyEntryKind]>>> = {
  upi_received: ['upi_received', 'upi_received'],
  credit_reversed: ['credit_reversed', 'credit_reversed'],
  given_back: ['given_back', 'kept_as_credit'],
  kept_as_credit: ['given_back', 'kept_as_credit'],
};

const SALE_SELECT = `id, ref_id AS refId, sale_ref AS saleRef, number, method, cash, upi, credit, sale_date AS saleDate, created_at AS createdAt`;
const MONEY_SELECT = `id, kind, ref_id AS refId, number, method, amount, corrects, entry_date AS entryDate, at`;
const maxRow = z.object({ s: z.number().int().nullable(), m: z.number().int().nullable() });

/**
 * The sales and money entries written since the last look, for the journal: read back by id after
 * each write, so the rows triggers write (a failed sale's credit_reversed) go too, exactly as
 * stored. Only committed rows are read (a caller inside a transaction waits for the next look).
 */
export class MoneyTail {
  private readonly s;
  private lastSale = 0;
  private lastEntry = 0;

  constructor(private readonly db: Database.Database) {
    this.s = {
      max: db.prepare('SELECT (SELECT max(id) FROM sales) AS s, (SELECT max(id) FROM money_entries) AS m'),
      sales: db.prepare(`SELECT ${SALE_SELECT} FROM sales WHERE id > ? ORDER BY id`),
      entries: db.prepare(`SELECT ${MONEY_SELECT} FROM money_entries WHERE id > ? ORDER BY id`),
    };
  }

  /** From now on: what is already written was journaled by the session that wrote it. */
  start(): void {
    const max = maxRow.parse(this.s.max.get());
    this.lastSale = max.s ?? 0;
    this.lastEntry = max.m ?? 0;
  }

  /** The rows written since the last call, sales first (an entry may name its sale). */
  read(): (SaleLine | MoneyLine)[] {
    if (this.db.inTransaction) return [];
    const lines: (SaleLine | MoneyLine)[] = [];
    // A row that does not fit the line (a kind this version does not know) is passed over: the
    // write it follows has committed, and the snapshot carries it.
    for (const row of this.s.sales.all(this.lastSale)) {
      const sale = saleRowSchema.safeParse(row);
      this.lastSale = Math.max(this.lastSale, idOf(row));
      if (sale.success) lines.push({ kind: 'sale', sale: sale.data });
    }
    for (const row of this.s.entries.all(this.lastEntry)) {
      const entry = moneyRowSchema.safeParse(row);
      this.lastEntry = Math.max(this.lastEntry, idOf(row));
      if (entry.success) lines.push({ kind: 'money', entry: entry.data });
    }
    return lines;
  }
}

/**
 * Puts journaled sales and money entries back, each at most once: a sale by its ref_id; an entry
 * by its id, or by the same facts under another id (the replay's own triggers may have taken the
 * id, e.g. a failure's credit_reversed), or, for a kind a sale has once, by that sale. A line that
 * would break a constraint is skipped, never the restore. The derived tables follow by triggers;
 * the khata is replayed after (khata-sql.ts replayKhata) by the caller.
 */
export class MoneyReplay {
  private readonly s;

  constructor(db: Database.Database) {
    this.s = {
      saleByRef: db.prepare('SELECT 1 FROM sales WHERE ref_id = ?'),
      saleRefTaken: db.prepare('SELECT 1 FROM sales WHERE sale_ref = ?'),
      saleIdTaken: db.prepare('SELECT 1 FROM sales WHERE id = ?'),
      insertSale: db.prepare(
        `INSERT INTO sales (id, ref_id, sale_ref, number, method, cash, upi, credit, sale_date, created_at)
         VALUES (@id, @refId, @saleRef, @number, @method, @cash, @upi, @credit, @saleDate, @createdAt)`,
      ),
      entryById: db.prepare(`SELECT ${MONEY_SELECT} FROM money_entries WHERE id = ?`),
      sameEntry: db.prepare(
        `SELECT 1 FROM money_entries WHERE kind = @kind AND ref_id IS @refId AND number IS @number AND method IS @method
           AND amount = @amount AND corrects IS @corrects AND entry_date = @entryDate AND at = @at`,
      ),
      insertEntry: db.prepare(
        `INSERT INTO money_entries (id, kind, ref_id, number, method, amount, corrects, entry_date, at)
         VALUES (@id, @kind, @refId, @number, @method, @amount, @corrects, @entryDate, @at)`,
      ),
      onceFor: db.prepare('SELECT 1 FROM money_entries WHERE ref_id = ? AND kind IN (?, ?)'),
    };
  }

  /** True when the line added a row. */
  sale({ sale }: SaleLine): boolean {
    if (this.s.saleByRef.get(sale.refId)) return false;
    if (sale.saleRef !== null && this.s.saleRefTaken.get(sale.saleRef)) return false;
    const id = this.s.saleIdTaken.get(sale.id) ? null : sale.id;
    return added(() => this.s.insertSale.run({ ...sale, id }).changes);
  }

  /** True when the line added a row. */
  entry({ entry }: MoneyLine): boolean {
    const byId = moneyRowSchema.safeParse(this.s.entryById.get(entry.id));
    if (byId.success && sameFacts(byId.data, entry)) return false;
    if (this.s.sameEntry.get(entry)) return false;
    const once = ONCE_PER_SALE[entry.kind];
    if (once && entry.refId !== null && this.s.onceFor.get(entry.refId, ...once)) return false;
    const id = this.s.entryById.get(entry.id) === undefined ? entry.id : null;
    return added(() => this.s.insertEntry.run({ ...entry, id }).changes);
  }
}

/** A failed insert is undone by SQLite alone (the statement, its triggers with it): the line is skipped. */
function added(insert: () => number): boolean {
  try {
    return insert() === 1;
  } catch {
    return false;
  }
}

const idRow = z.object({ id: z.number().int() });
const idOf = (row: unknown): number => idRow.parse(row).id;

function sameFacts(a: MoneyRow, b: MoneyRow): boolean {
  return (
    a.kind === b.kind &&
    a.refId === b.refId &&
    a.number === b.number &&
    a.method === b.method &&
    a.amount === b.amount &&
    a.corrects === b.corrects &&
    a.entryDate === b.entryDate &&
    a.at === b.at
  );
}
