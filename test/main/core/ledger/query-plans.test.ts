import { beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { z } from 'zod';
import { DatabaseSync } from 'node:sqlite';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ledger } from '../../../../src/main/core/ledger/ledger';
import { historyRequestSchema } from '../../../../src/shared/ipc/txn-schemas';
import { buildLedger, FIXTURE_END } from '../../../bench/ledger-fixture';
import { fileTempDir } from '../../../support/temp-dir';
import { statementPlans, triggerStatements, type PlanFault } from './plan-faults';

/**
 * Every statement the ledger prepares, planned on a busy shop's books (the bench's own seed, 20,000
 * attempts: its proportions are what decide a plan, not its size) twice: ANALYZE'd, as a ledger
 * with statistics would be, and as built (no statistics, as every install has: the app runs no
 * ANALYZE, so a query must name its index where SQLite would guess wrong without them). A screen's
 * query that scans a large table, or walks an index that leaves most of it (status = 'Success'
 * is 90 % of txns), fails here before it fails a shop at a million rows.
 */
const dir = fileTempDir('query-plans');
const bare = join(dir, 'bare.db');
const analyzed = join(dir, 'analyzed.db');
const sources = new Set<string>();

/** Each statement the app prepares, by opening a ledger and using every part of it that prepares its own. */
function collectStatements(file: string): void {
  const prepare = Database.prototype.prepare;
  const patched = function (this: Database.Database, source: string) {
    sources.add(source);
    return prepare.call(this, source);
  };
  Database.prototype.prepare = patched as typeof prepare;
  try {
    const ledger = Ledger.open(file, FIXTURE_END);
    try {
      void [
        ledger.shop,
        ledger.reports,
        ledger.customers,
        ledger.sales,
        ledger.moneyFollow,
        ledger.khata,
        ledger.saleFate,
        ledger.saleFlags,
        ledger.answerChanges,
        ledger.routeStates,
        ledger.dayCloses,
        ledger.doneBy,
        ledger.shopRecords,
      ];
      ledger.journal = () => {};
      const day = 86_400_000;
      // Each shape of the History screen's query (history-sql.ts builds one per set of filters).
      for (const q of [
        {},
        { statuses: ['Pending', 'NeedsAttention'] },
        { operator: 'JIO' },
        { from: FIXTURE_END - 30 * day, to: FIXTURE_END },
        { search: '3210' },
        { search: '98765 43210' },
        { search: 'ramesh' },
        { search: 'BN1234567', statuses: ['Success'], from: FIXTURE_END - day },
      ] as const) {
        ledger.history(historyRequestSchema.parse({ ...q, limit: 100 }));
      }
    } finally {
      ledger.close();
    }
  } finally {
    Database.prototype.prepare = prepare;
  }
}

beforeAll(() => {
  buildLedger(bare, 20_000, 1_000);
  copyFileSync(bare, analyzed);
  const stats = new DatabaseSync(analyzed);
  stats.exec('ANALYZE');
  stats.close();
  collectStatements(bare);
  const db = new DatabaseSync(bare, { readOnly: true });
  for (const s of triggerStatements(db)) sources.add(s);
  db.close();
}, 300_000);

let faults: { bare: PlanFault[]; analyzed: PlanFault[] };
beforeAll(() => {
  const stats = new DatabaseSync(analyzed, { readOnly: true });
  try {
    faults = { bare: statementPlans(bare, stats, [...sources]), analyzed: statementPlans(analyzed, stats, [...sources]) };
  } finally {
    stats.close();
  }
});
const shown = (f: PlanFault[]) => f.map((x) => `${x.why}: ${x.line}\n  in ${x.sql.replace(/\s+/g, ' ').slice(0, 300)}`);

describe("every ledger statement's plan, at a busy shop's proportions", () => {
  it("finds the statements (the ledger, its SQL classes, the journal tails, each History shape, the triggers' bodies)", () => {
    expect(sources.size).toBeGreaterThan(100);
    expect([...sources].some((s) => s.includes('INSERT INTO khata_ages'))).toBe(true);
    expect([...sources].some((s) => s.includes('sale_day_totals'))).toBe(true);
  });

  it('bounds every read of a large table on a ledger without statistics (a new install)', () => {
    expect(shown(faults.bare)).toEqual([]);
  });

  it('bounds every read of a large table on a ledger with statistics', () => {
    expect(shown(faults.analyzed)).toEqual([]);
  });

  it("catches the old 'how customers paid': sales joined to txns, walking every Success", () => {
    const old = `SELECT s.method, count(*) AS count FROM sales s JOIN txns t ON t.ref_id = s.ref_id
      WHERE s.sale_date BETWEEN ? AND ? AND t.status = 'Success' GROUP BY s.method`;
    const stats = new DatabaseSync(analyzed, { readOnly: true });
    try {
      expect(statementPlans(bare, stats, [old]).map((f) => f.why)).toEqual([expect.stringMatching(/txns_status/)]);
    } finally {
      stats.close();
    }
  });

  it("reads the whole-shop report's whole days from the day totals, only the range's ends row by row (migration 33)", () => {
    // Each counter's month was every row of it sorted for GROUP BY (and this counter's looked up in txns).
    const report = [...sources].filter((s) => /FROM (txn_)?shop_day_totals\b/.test(s) && s.includes('GROUP BY'));
    const reads = (file: string, sql: string) => {
      const db = new DatabaseSync(file, { readOnly: true });
      try {
        const plan = z.array(z.object({ detail: z.string() })).parse(db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all());
        return plan.map((p) => p.detail).filter((d) => /^(SCAN|SEARCH) /.test(d));
      } finally {
        db.close();
      }
    };
    const own = [
      'SEARCH txn_shop_day_totals USING PRIMARY KEY (day>? AND day<?)',
      'SEARCH txns USING INDEX txns_created (created_at>? AND created_at<?)',
      'SEARCH txns USING INDEX txns_created (created_at>? AND created_at<?)',
      'SCAN part',
    ];
    const others = [
      'SEARCH shop_day_totals USING PRIMARY KEY (day>? AND day<?)',
      'SEARCH shop_rows USING COVERING INDEX shop_rows_created (created_at>? AND created_at<?)',
      'SEARCH shop_rows USING COVERING INDEX shop_rows_created (created_at>? AND created_at<?)',
      'SCAN part',
    ];
    for (const file of [bare, analyzed]) {
      expect(report.map((sql) => reads(file, sql)).sort()).toEqual([others, own]);
    }
  });
});
