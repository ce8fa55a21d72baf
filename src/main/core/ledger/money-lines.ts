import type Database from 'better-sqlite3';
import * as z from 'zod';
import { PAYMENT_METHODS } from '../../../shared/payment/payment-parts';
import { MONEY_ENTRY_KINDS } from '../../../shared/payment/payment';
import {
  MONEY_BACK_KINDS,
  correctionFault,
  dateFault,
  moneyBackFault,
  paymentFault,
  sameIdFault,
  type MoneyEntryRefusal,
  type ReplaySpan,
} from '../../../shared/money-law/money-entry-law';
import { KhataSql } from './khata-sql';
import { SaleFateSql } from './sale-fate-sql';

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

type Once = readonly [MoneyEntryKind, MoneyEntryKind, MoneyEntryKind, MoneyEntryKind];
const SETTLED: Once = ['given_back', 'kept_as_credit', 'not_paid', 'split_not_paid'];
/** Kinds a sale has at most one of, whoever wrote it (migrations 13, 21 and 23's unique indexes; SaleSql's guard for UPI). */
const ONCE_PER_SALE: Readonly<Partial<Record<MoneyEntryKind, Once>>> = {
  upi_received: ['upi_received', 'upi_received', 'upi_received', 'upi_received'],
  credit_reversed: ['credit_reversed', 'credit_reversed', 'credit_reversed', 'credit_reversed'],
  given_back: SETTLED,
  kept_as_credit: SETTLED,
  not_paid: SETTLED,
  split_not_paid: SETTLED,
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

/** What a replayed line did: added, already there (the same id and content), or refused by name. */
export type ReplayAnswer = 'added' | 'already' | MoneyEntryRefusal;

/**
 * Puts journaled sales and money entries back, each at most once, and each only as the money law
 * allows a live action (money-entry-law.ts), judged on the ledger as it stands at that line: a
 * sale by its ref_id; an entry by its own id (the same id with other content is refused by name),
 * or, for a kind a sale has once, by that sale; every line dated inside the span; a payment no
 * more than the due then, a correction naming a line of the customer's, money back only for a sale
 * whose money came back. The rows the replay's own triggers write (a failure's credit_reversed)
 * are not entries of the journal's: a line whose id one of them took keeps its content under a
 * new id (found there again by a later replay). The derived tables follow by triggers; the khata is replayed after (khata-sql.ts
 * replayKhata) by the caller.
 */
export class MoneyReplay {
  private readonly s;
  private readonly khata;
  private readonly fate;
  /** Entries the snapshot holds have ids up to this; entries the lines added are remembered. */
  private readonly recordedUpTo: number;
  private readonly fromLines = new Set<number>();

  constructor(
    db: Database.Database,
    private readonly span: ReplaySpan,
  ) {
    this.khata = new KhataSql(db);
    this.fate = new SaleFateSql(db);
    this.s = {
      saleByRef: db.prepare('SELECT 1 FROM sales WHERE ref_id = ?'),
      saleTxn: db.prepare('SELECT 1 FROM txns WHERE ref_id = ? AND number = ?'),
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
      onceFor: db.prepare(`SELECT ${MONEY_SELECT} FROM money_entries WHERE ref_id = ? AND kind IN (?, ?, ?, ?) ORDER BY id LIMIT 1`),
    };
    this.recordedUpTo = maxRow.parse(db.prepare('SELECT NULL AS s, max(id) AS m FROM money_entries').get()).m ?? 0;
  }

  sale({ sale }: SaleLine): ReplayAnswer {
    if (this.s.saleByRef.get(sale.refId)) return 'already';
    // A sale's credit only for a recharge of that customer in the ledger or replayed before it.
    if (!this.s.saleTxn.get(sale.refId, sale.number)) return 'no_such_sale';
    const dated = dateFault(sale.createdAt, sale.saleDate, this.span);
    if (dated) return dated;
    if (sale.saleRef !== null && this.s.saleRefTaken.get(sale.saleRef)) return 'exists_with_different_content';
    const id = this.s.saleIdTaken.get(sale.id) ? null : sale.id;
    return added(() => this.s.insertSale.run({ ...sale, id }).changes);
  }

  entry({ entry }: MoneyLine): ReplayAnswer {
    const byId = this.kept(this.s.entryById.get(entry.id));
    const ours = entry.id <= this.recordedUpTo || this.fromLines.has(entry.id);
    const once = ONCE_PER_SALE[entry.kind];
    const onceRow = once && entry.refId !== null ? this.kept(this.s.onceFor.get(entry.refId, ...once)) : null;
    // By its own id; a kind a sale has once, by that sale (its entry may be the replay's trigger's).
    const repeated = sameIdFault(ours ? byId : null, entry) ?? sameIdFault(onceRow && { ...onceRow, id: entry.id }, entry);
    // The line put back once under a new id (its own was the replay's trigger's): the same entry.
    if (repeated === 'exists_with_different_content' && this.s.sameEntry.get(entry)) return 'already';
    if (repeated) return repeated;
    const fault = dateFault(entry.at, entry.entryDate, this.span) ?? this.lawFault(entry);
    if (fault) return fault;
    const answer = added(() => this.s.insertEntry.run({ ...entry, id: byId ? null : entry.id }).changes);
    if (answer === 'added' && !byId) this.fromLines.add(entry.id);
    return answer;
  }

  private kept(row: unknown): MoneyRow | null {
    const parsed = moneyRowSchema.safeParse(row);
    return parsed.success ? parsed.data : null;
  }

  /** The money law's rule for the entry's kind, on the ledger as it stands at this line. */
  private lawFault(entry: MoneyRow): MoneyEntryRefusal | null {
    if (MONEY_BACK_KINDS.includes(entry.kind))
      return entry.refId === null ? 'no_such_sale' : moneyBackFault(this.fate.attempts(entry.refId));
    if (entry.number === null) return null;
    if (entry.kind === 'credit_payment') return paymentFault(entry.amount, this.khata.due(entry.number));
    if (entry.kind !== 'correction') return null;
    const refId = entry.corrects === null ? entry.refId : null;
    const line = this.khata.lineOf(entry.corrects, refId);
    const correctedBy = line ? this.khata.correctedBy(entry.number, entry.corrects, refId) : 0;
    return correctionFault({ number: entry.number, amount: entry.amount, line, correctedBy });
  }
}

/** A failed insert is undone by SQLite alone (the statement, its triggers with it): the line is refused, never the restore. */
function added(insert: () => number): ReplayAnswer {
  try {
    return insert() === 1 ? 'added' : 'already';
  } catch {
    return 'exists_with_different_content';
  }
}

const idRow = z.object({ id: z.number().int() });
const idOf = (row: unknown): number => idRow.parse(row).id;
