import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type Database from 'better-sqlite3';
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { Ledger } from '../../../../src/main/core/ledger/ledger';
import { ReportService } from '../../../../src/main/core/reports/report-service';
import { istDate } from '../../../../src/shared/ist-date';
import { ACCOUNTS, buildLedger, FIXTURE_END } from '../../../bench/ledger-fixture';
import { ledgerDb } from '../../../support/ledger-db';
import { fileTempDir } from '../../../support/temp-dir';

/**
 * The day book from a cold disk (issue 39, report_month_cold_ms_1m): what it reads of txns, a
 * row per page scattered over the file, is read from indexes alone. Taking a failover's failed
 * steps out read each later attempt's row and the step's before it: ~1,200 random reads for a
 * busy counter's month, most of its cold time. The rest of the report reads totals tables.
 */
const DAY = 86_400_000;
const dir = fileTempDir('report-cold-reads');
const file = join(dir, 'books.db');
let ledger: Ledger;

beforeAll(() => {
  // The bench's busy shop (sales, failovers across three accounts), small: plans do not depend on size.
  buildLedger(file, 4_000, 400);
  ledger = Ledger.open(file, FIXTURE_END);
}, 120_000);
afterAll(() => ledger.close());

/** The statements a call runs, by their text: each `all`/`get`/`iterate` of the ledger's connection seen while it runs. */
function statementsRun(db: Database.Database, call: () => void): string[] {
  const proto = Object.getPrototypeOf(db.prepare('SELECT 1')) as Record<'all' | 'get' | 'iterate', (...a: unknown[]) => unknown>;
  const seen = new Set<string>();
  const kept = { all: proto.all, get: proto.get, iterate: proto.iterate };
  for (const name of ['all', 'get', 'iterate'] as const) {
    proto[name] = function (this: Database.Statement, ...args: unknown[]) {
      seen.add(this.source);
      return kept[name].apply(this, args);
    };
  }
  try {
    call();
  } finally {
    Object.assign(proto, kept);
  }
  return [...seen];
}

describe('the day book reads no row of txns', () => {
  it('a month, with how customers paid and each account’s part: every read of txns is an index’s alone', () => {
    const db = ledgerDb(ledger);
    const reports = new ReportService({
      ledger,
      now: () => FIXTURE_END,
      language: () => 'en',
      accounts: () => ACCOUNTS.map((id) => ({ id, name: id })),
    });
    let superseded = 0;
    const ran = statementsRun(db, () => {
      const r = reports.report({ from: istDate(FIXTURE_END - 29 * DAY), to: istDate(FIXTURE_END) });
      expect(r.byAccount.length).toBe(3);
      expect(r.payments.length).toBeGreaterThan(0);
    });
    // Planned before the values are known, as SQLite plans a prepared statement.
    const plans = new DatabaseSync(file, { readOnly: true });
    onTestFinished(() => plans.close());
    const readsOfTxns = ran.flatMap((sql) =>
      (plans.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[])
        .map((r) => r.detail)
        .filter((line) => /^(SCAN|SEARCH) (txns|n|p)\b/.test(line))
        .map((line) => {
          if (sql.includes('attempt_no')) superseded += 1;
          return line;
        }),
    );
    expect(superseded, 'the failover steps are read from txns').toBe(2);
    expect(readsOfTxns.filter((line) => !line.includes('USING COVERING INDEX'))).toEqual([]);
  });
});
