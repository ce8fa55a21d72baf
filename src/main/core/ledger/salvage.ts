import type Database from 'better-sqlite3';
import * as z from 'zod';

/** Rows read per query; a failing range is split in halves down to single rows. */
const CHUNK = 512;
/**
 * Consecutive empty ranges after the last row seen before a table counts as read to its end.
 * Ledger rowids are dense (nothing is ever deleted), so a gap this wide is the end, not a hole;
 * it also stops the walk when a damaged page makes `max(rowid)` answer nonsense.
 */
const EMPTY_CHUNKS_AT_END = 256;

import { OPEN_STATUSES } from './open-statuses';
import { rowSchema, type ColumnInfo } from './row-schemas';
import { replayKhata } from './khata-sql';

/** A row of the file that did not parse: kept out of the ledger, written beside it, named on screen. */
export interface RejectedRow {
  readonly table: string;
  readonly rowid: number;
  /** The row's ref_id as far as it could be read (cleaned), for the shopkeeper to look up. */
  readonly refId: string | null;
  /** Which columns did not fit. */
  readonly columns: readonly string[];
  /** The row as read, for support (blobs as base64). */
  readonly row: Readonly<Record<string, unknown>>;
}

export interface SalvageReport {
  /** Transactions carried into the fresh ledger. */
  readonly txns: number;
  /** Of those, still open: they are checked with the provider like any other. */
  readonly open: number;
  /** Rows of any table that could not be read or did not fit the schema. */
  readonly skipped: number;
  /** Open transactions whose own row was lost but whose events survived: check these by hand. */
  readonly lostOpenRefs: readonly string[];
  /** Rows that were read but did not parse (a wrong status, a text amount, a crafted ref_id). */
  readonly rejected: readonly RejectedRow[];
}

const nameRows = z.array(z.object({ name: z.string() }));
const columnRows = z.array(z.object({ name: z.string(), type: z.string(), notnull: z.number().int() }));
const typeRow = z.object({ type: z.string() }).optional();
const countRow = z.object({ n: z.number().int() });
const maxRow = z.object({ m: z.number().int().nullable() });
const ridRow = z.looseObject({ __rid: z.number().int() });
const refRows = z.array(z.object({ ref_id: z.string() }));

function quoteName(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function columnsOf(db: Database.Database, table: string): ColumnInfo[] {
  return columnRows.parse(db.prepare(`SELECT name, type, "notnull" FROM pragma_table_info(?)`).all(table));
}

/** What the file says `name` is: 'table', 'view', … or undefined when it has none. */
export function kindOf(db: Database.Database, name: string): string | undefined {
  return typeRow.parse(db.prepare(`SELECT type FROM sqlite_master WHERE name = ?`).get(name))?.type;
}

const CLEAN_REF = /[^0-9A-Za-z_-]/g;
/** Rejected rows kept in full for support; past this only their table, rowid and ref are kept (a file of junk must not fill memory). */
const REJECTED_KEPT_WHOLE = 1000;
const VALUE_KEPT_CHARS = 2000;
const jsonSafe = (v: unknown) =>
  Buffer.isBuffer(v)
    ? `base64:${v.subarray(0, VALUE_KEPT_CHARS).toString('base64')}`
    : typeof v === 'bigint'
      ? String(v)
      : typeof v === 'string'
        ? v.slice(0, VALUE_KEPT_CHARS)
        : v;

function tryMaxRowid(db: Database.Database, table: string): number | null {
  try {
    return maxRow.parse(db.prepare(`SELECT max(rowid) AS m FROM ${quoteName(table)}`).get()).m;
  } catch {
    return null;
  }
}

/**
 * Copies one table row by row, by rowid ranges: a range that cannot be read is halved until the
 * unreadable rows are alone, and those are skipped. Returns [copied, skipped].
 */
function copyTable(source: Database.Database, target: Database.Database, table: string, rejected: RejectedRow[]): [number, number] {
  const targetColumns = columnsOf(target, table);
  let sourceColumns: string[];
  try {
    // Only a table of the file is read: a view of the same name would be its author's query.
    if (kindOf(source, table) !== 'table') return [0, 0];
    sourceColumns = columnsOf(source, table).map((c) => c.name);
  } catch {
    return [0, 0];
  }
  // Our own column list, never the file's: an older file may lack columns a later migration added
  // (those take the fresh schema's default), and a column the file adds is never read.
  const columns = targetColumns.filter((c) => sourceColumns.includes(c.name));
  if (columns.length === 0) return [0, 0];
  const schema = rowSchema(table, columns);
  const list = columns.map((c) => quoteName(c.name)).join(', ');
  const read = source.prepare(`SELECT rowid AS __rid, ${list} FROM ${quoteName(table)} WHERE rowid BETWEEN ? AND ? ORDER BY rowid`);
  const write = target.prepare(
    `INSERT OR IGNORE INTO ${quoteName(table)} (rowid, ${list}) VALUES (@__rid, ${columns.map((_, i) => `@c${i}`).join(', ')})`,
  );
  let copied = 0;
  let skipped = 0;

  const insertAll = target.transaction((rows: unknown[]) => {
    for (const raw of rows) {
      const { __rid, ...row } = ridRow.parse(raw);
      const parsed = schema.safeParse(row);
      if (!parsed.success) {
        const refId = typeof row['ref_id'] === 'string' ? row['ref_id'].replace(CLEAN_REF, '').slice(0, 32) || null : null;
        const bad = [...new Set(parsed.error.issues.map((i) => String(i.path[0] ?? '')))];
        rejected.push({
          table,
          rowid: __rid,
          refId,
          columns: bad,
          row: rejected.length < REJECTED_KEPT_WHOLE ? Object.fromEntries(Object.entries(row).map(([k, v]) => [k, jsonSafe(v)])) : {},
        });
        continue;
      }
      const params: Record<string, unknown> = { __rid };
      columns.forEach((c, i) => (params[`c${i}`] = parsed.data[c.name]));
      try {
        if (write.run(params).changes === 1) copied++;
        else skipped++;
      } catch {
        skipped++; // a row that no longer fits its constraints was damaged, not written so
      }
    }
  });

  /** Reads [lo, hi]; returns how many rows it found (readable or not). */
  const readRange = (lo: number, hi: number): number => {
    try {
      const rows = read.all(lo, hi);
      insertAll(rows);
      return rows.length;
    } catch {
      if (lo === hi) {
        skipped++;
        return 1;
      }
      const mid = lo + Math.floor((hi - lo) / 2);
      return readRange(lo, mid) + readRange(mid + 1, hi);
    }
  };

  const max = tryMaxRowid(source, table);
  let empty = 0;
  for (let lo = 1; empty < EMPTY_CHUNKS_AT_END && (max === null || lo <= max); lo += CHUNK) {
    const found = readRange(lo, lo + CHUNK - 1);
    empty = found > 0 ? 0 : empty + 1;
  }
  return [copied, skipped];
}

/** Tables the ledger's triggers fill from other tables (migration 3's day totals, 19's sales and accounts by day, 33's whole-shop days). */
const DERIVED_TABLES: ReadonlySet<string> = new Set([
  'txn_day_totals',
  'upi_waiting',
  'khata',
  'khata_ages',
  'give_back_waiting',
  'sale_day_totals',
  'txn_account_day_totals',
  'shop_day_totals',
  'txn_shop_day_totals',
]);

/**
 * Copies every readable row that parses of a file (a damaged ledger, a backup, a move file) into
 * a fresh ledger that the app's own migrations made: data only, never the file's triggers, views
 * or schema. SQLite's `.recover` is a shell command, not in better-sqlite3, so this reads table
 * by table through rowid ranges, which only touch the pages they need.
 */
export function salvageRows(source: Database.Database, target: Database.Database): SalvageReport {
  const rejected: RejectedRow[] = [];
  const tables = nameRows
    .parse(target.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`).all())
    .map((r) => r.name)
    // Kept by triggers on txns: copying it as well would count every salvaged row twice.
    .filter((name) => !DERIVED_TABLES.has(name));
  let skipped = 0;
  for (const table of tables) skipped += copyTable(source, target, table, rejected)[1];
  // The copies fired the khata's triggers in table order, not time order: its ages are replayed.
  if (kindOf(target, 'khata') === 'table') replayKhata(target);

  const openIn = OPEN_STATUSES.map((s) => `'${s}'`).join(', ');
  const txns = countRow.parse(target.prepare('SELECT count(*) AS n FROM txns').get()).n;
  const open = countRow.parse(target.prepare(`SELECT count(*) AS n FROM txns WHERE status IN (${openIn})`).get()).n;
  // The last event of each transaction says where it stood; an open one without its row cannot
  // be checked by the poller (the row holds the date and number), so the shopkeeper is told.
  const lostOpenRefs = refRows
    .parse(
      target
        .prepare(
          `SELECT e.ref_id FROM txn_events e
           WHERE e.id = (SELECT max(id) FROM txn_events WHERE ref_id = e.ref_id)
             AND e.to_status IN (${openIn})
             AND NOT EXISTS (SELECT 1 FROM txns t WHERE t.ref_id = e.ref_id)`,
        )
        .all(),
    )
    .map((r) => r.ref_id);
  return { txns, open, skipped, lostOpenRefs, rejected };
}
