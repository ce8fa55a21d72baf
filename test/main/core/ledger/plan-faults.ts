import { DatabaseSync } from 'node:sqlite';
import { z } from 'zod';

/**
 * Tables that grow with the shop: a read of one must be bounded by an index (a key, a range, an
 * ordered walk that a LIMIT stops), never the whole of it or most of it.
 */
const LARGE: ReadonlySet<string> = new Set([
  'txns',
  'txn_events',
  'sales',
  'money_entries',
  'customers',
  'khata',
  'customer_name_words',
  'balance_snapshots',
  'shop_rows',
]);
/** An index walk that leaves more than this share of its table does not bound it. */
const MOST = 0.05;

/**
 * Statements that must read a whole table, each for a reason; matched by a fragment of their text.
 * (None yet: the backups, the integrity check and salvage read whole files on purpose, and prepare
 * on their own connections, outside the ledger, so they are not collected.)
 */
const MUST_SCAN: readonly { fragment: string; why: string }[] = [];

export interface PlanFault {
  sql: string;
  line: string;
  why: string;
}

const planRows = z.array(z.object({ id: z.number(), parent: z.number(), detail: z.string() }));
const statRows = z.array(z.object({ tbl: z.string(), idx: z.string().nullable(), stat: z.string() }));
const indexRows = z.array(z.object({ name: z.string(), tbl_name: z.string() }));
const countRow = z.object({ n: z.number() });

/** The table each name or alias of the statement stands for. */
function aliases(sql: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of sql.matchAll(/\b(?:FROM|JOIN)\s+(\w+)(?:\s+(?:AS\s+)?(\w+))?/gi)) {
    out.set(m[1]!, m[1]!);
    if (m[2] && !/^(WHERE|JOIN|ON|INDEXED|NOT|GROUP|ORDER|LIMIT|LEFT|INNER|CROSS|USING|WHEN|SET|UNION)$/i.test(m[2])) out.set(m[2], m[1]!);
  }
  return out;
}

/**
 * The faults of each statement's plan on the ledger at `file` (EXPLAIN QUERY PLAN, parameters left
 * unbound: the plan SQLite makes before it knows the values). How much of a table an index walk
 * leaves is read from `stats`, an ANALYZE'd copy of the same books.
 */
export function statementPlans(file: string, stats: DatabaseSync, sources: readonly string[]): PlanFault[] {
  const stat = new Map<string, number[]>();
  for (const r of statRows.parse(stats.prepare('SELECT tbl, idx, stat FROM sqlite_stat1').all())) {
    stat.set(r.idx ?? r.tbl, r.stat.split(' ').map(Number));
  }
  const tableOf = new Map(
    indexRows.parse(stats.prepare(`SELECT name, tbl_name FROM sqlite_master WHERE type = 'index'`).all()).map((r) => [r.name, r.tbl_name]),
  );
  const rowsOf = new Map<string, number>();
  const rows = (table: string) => {
    if (!rowsOf.has(table)) rowsOf.set(table, countRow.parse(stats.prepare(`SELECT count(*) AS n FROM "${table}"`).get()).n);
    return rowsOf.get(table)!;
  };
  const db = new DatabaseSync(file, { readOnly: true });
  const faults: PlanFault[] = [];
  try {
    for (const sql of sources) {
      if (MUST_SCAN.some((m) => sql.includes(m.fragment))) continue;
      const plan = planRows.parse(db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all());
      const names = aliases(sql);
      for (const { parent, detail: line } of plan) {
        // An ordered walk that a LIMIT stops is bounded by it (a page of History, the newest reading):
        // no sort at the walk's own level of the query, so the rows come in the order the LIMIT counts.
        const limited = /\bLIMIT\b/i.test(sql) && !plan.some((p) => p.parent === parent && p.detail.includes('TEMP B-TREE FOR ORDER BY'));
        const scan = /^SCAN (\w+)(?: USING (?:COVERING )?INDEX (\w+))?/.exec(line);
        const search = /^SEARCH (\w+) USING (?:COVERING )?INDEX (\w+) \((.*)\)/.exec(line);
        const index = scan?.[2] ?? search?.[2];
        const table = index ? tableOf.get(index) : names.get((scan ?? search)?.[1] ?? '');
        if (!table || !LARGE.has(table) || limited) continue;
        const total = rows(table);
        if (scan && !index) {
          faults.push({ sql, line, why: `reads the whole of ${table}` });
          continue;
        }
        const s = stat.get(index!);
        if (!s || total === 0) continue;
        let left = s[0]!;
        if (search) {
          const terms = search[3]!.split(' AND ');
          // A range (a day, a month, rows after a cursor) bounds the walk; equalities leave a share of the index.
          if (terms.some((t) => /[<>]/.test(t))) continue;
          left = s[terms.length] ?? left;
        }
        if (left > total * MOST) faults.push({ sql, line, why: `walks ${index} over ~${Math.round((100 * left) / total)} % of ${table}` });
      }
    }
  } finally {
    db.close();
  }
  return faults;
}

const triggerRows = z.array(z.object({ name: z.string(), sql: z.string() }));

/**
 * What the ledger's triggers run, as statements of their own: the WHEN test and each statement of
 * the body, NEW.x and OLD.x given as parameters (as a row's values are). A trigger runs inside the
 * counter's own writes, so a walk there slows every recharge.
 */
export function triggerStatements(db: DatabaseSync): string[] {
  const out: string[] = [];
  for (const { sql } of triggerRows.parse(db.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'trigger'`).all())) {
    const m = /\bON\s+\w+\s+(?:FOR EACH ROW\s+)?(?:WHEN\s+([\s\S]*?))?\bBEGIN\b([\s\S]*)\bEND\s*$/i.exec(sql);
    if (!m) throw new Error(`a trigger this test cannot read: ${sql}`);
    const param = (s: string) => s.replace(/\b(?:NEW|OLD)\.\w+/g, '?');
    if (m[1]) out.push(`SELECT ${param(m[1])}`);
    for (const statement of m[2]!.split(';')) {
      if (statement.trim() !== '' && !/^\s*SELECT RAISE/i.test(statement)) out.push(param(statement));
    }
  }
  return out;
}
