import { beforeEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Ledger } from '../../../../src/main/core/ledger/ledger';
import { MIGRATIONS } from '../../../../src/main/core/ledger/migrations';
import { createRng } from '../../../../src/sandbox/rng';
import { TXN_STATUSES } from '../../../../src/shared/status';
import { canMove } from '../../../../src/shared/money-law/transitions';
import { ledgerDb } from '../../../support/ledger-db';
import { tempDir } from '../../../support/temp-dir';

let dir: string;
beforeEach(() => {
  dir = tempDir('daytotals');
});

const FROM_TXNS = `SELECT recharge_date, status, operator, COUNT(*) AS count, SUM(amount) AS amount,
  COALESCE(SUM(margin), 0) AS margin, COUNT(margin) AS margin_count FROM txns GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`;
const KEPT = 'SELECT * FROM txn_day_totals WHERE count > 0 ORDER BY 1, 2, 3';

describe('per-day totals kept by triggers', () => {
  it('always equal adding up the transactions, through inserts and every kind of update', () => {
    const ledger = Ledger.open(join(dir, 'ledger.db'));
    const rng = createRng(11);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rng() * xs.length)]!;
    const refs: string[] = [];
    for (let i = 0; i < 400; i++) {
      if (refs.length === 0 || rng() < 0.5) {
        const refId = `R${i}`;
        ledger.insertSubmitting({
          refId,
          number: '9876543210',
          operator: pick(['JIO', 'AT', 'VI']),
          amount: 100 * Math.floor(1 + rng() * 500),
          rechargeDate: pick(['2026-11-20', '2026-11-21', '2026-11-22']),
          now: 1_700_000_000_000 + i,
        });
        refs.push(refId);
      } else {
        // Same status again, a margin learned later, or a new status: each must keep the sums right.
        const refId = pick(refs);
        const before = ledger.get(refId)!;
        const allowed = TXN_STATUSES.filter((s) => canMove(before.status, s));
        const status = rng() < 0.3 || allowed.length === 0 ? before.status : pick(allowed);
        ledger.update(
          refId,
          { status, margin: rng() < 0.5 ? Math.floor(rng() * 900) : null, nextCheckAt: null },
          'poll',
          1_700_000_000_000 + i,
        );
      }
      if (i % 50 === 0) expect(ledgerDb(ledger).prepare(KEPT).all()).toEqual(ledgerDb(ledger).prepare(FROM_TXNS).all());
    }
    expect(ledgerDb(ledger).prepare(KEPT).all()).toEqual(ledgerDb(ledger).prepare(FROM_TXNS).all());
    ledger.close();
  });

  it('a ledger from before reports gets its totals added up when it is opened', () => {
    const file = join(dir, 'old.db');
    const db = new Database(file);
    db.exec(MIGRATIONS[0]!);
    db.pragma('user_version = 1');
    const insert = db.prepare(
      `INSERT INTO txns (ref_id, number, operator, amount, status, margin, recharge_date, created_at, updated_at) VALUES (?, '9876543210', ?, ?, ?, ?, ?, 1, 1)`,
    );
    insert.run('A', 'JIO', 19900, 'Success', 498, '2026-11-21');
    insert.run('B', 'JIO', 10000, 'Success', null, '2026-11-21');
    insert.run('C', 'AT', 5000, 'Failure', null, '2026-11-22');
    db.close();
    const ledger = Ledger.open(file);
    expect(ledgerDb(ledger).prepare(KEPT).all()).toEqual([
      { recharge_date: '2026-11-21', status: 'Success', operator: 'JIO', count: 2, amount: 29900, margin: 498, margin_count: 1 },
      { recharge_date: '2026-11-22', status: 'Failure', operator: 'AT', count: 1, amount: 5000, margin: 0, margin_count: 0 },
    ]);
    ledger.close();
  });
});
