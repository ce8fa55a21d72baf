import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { Ledger } from '../../../../src/main/core/ledger/ledger';
import { Reconciler } from '../../../../src/main/core/session/reconciler';
import { ledgerDb } from '../../../support/ledger-db';
import { tempDir } from '../../../support/temp-dir';

let dir: string;
let ledger: Ledger;
const T0 = Date.parse('2026-11-22T06:00:00Z');

beforeEach(() => {
  dir = tempDir('reconcile');
  ledger = Ledger.open(join(dir, 'ledger.db'));
  const insert = ledgerDb(ledger).prepare(
    `INSERT INTO txns (ref_id, number, operator, amount, status, recharge_date, created_at, updated_at, next_check_at)
     VALUES (?, ?, 'JIO', 1000, ?, '2026-11-22', ?, ?, NULL)`,
  );
  ledgerDb(ledger).transaction(() => {
    for (let i = 0; i < 1200; i++) {
      // Two open rows per number; every 100th flagged, every 7th already final.
      const status = i % 7 === 0 ? 'Success' : i % 100 === 1 ? 'NeedsAttention' : 'Pending';
      insert.run(`R${i}`, `98765${String(Math.floor(i / 2)).padStart(5, '0')}`, status, T0 + i, T0 + i);
    }
  })();
});
afterEach(() => {
  ledger.close();
});

describe('start-up reconciliation at outage size', () => {
  it('schedules every open row for a check now, committing in batches, and holds each number until all its rows are checked', () => {
    let commits = 0;
    const original = ledger.scheduleMany.bind(ledger);
    ledger.scheduleMany = (items) => {
      commits++;
      original(items);
    };
    const reconciler = new Reconciler(ledger);
    const waiting = reconciler.begin(T0 + 10_000);
    const open = ledgerDb(ledger).prepare("SELECT COUNT(*) FROM txns WHERE status = 'Pending'").pluck().get();
    expect(waiting).toBe(open);
    expect(
      ledgerDb(ledger)
        .prepare('SELECT COUNT(*) FROM txns WHERE next_check_at = ?')
        .pluck()
        .get(T0 + 10_000),
    ).toBe(open);
    // Not one commit per row: a thousand rows in a handful of transactions.
    expect(commits).toBe(Math.ceil(waiting / 500));
    // R2 and R3 share a number: it stays held until both are checked.
    expect(reconciler.isReconciling('9876500001')).toBe(true);
    reconciler.checked('R2');
    expect(reconciler.isReconciling('9876500001')).toBe(true);
    reconciler.checked('R3');
    expect(reconciler.isReconciling('9876500001')).toBe(false);
    // A flagged row (R1) is left to the hourly check and holds nothing.
    expect(reconciler.isWaiting('R1')).toBe(false);
  });
});
