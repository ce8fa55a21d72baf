import { beforeEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { copyFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Ledger } from '../../../../src/main/core/ledger/ledger';
import { rebuildLedger } from '../../../../src/main/core/ledger/rebuild';
import { SaleService } from '../../../../src/main/core/sales/sale-service';
import { UserFacingError } from '../../../../src/main/core/errors/user-facing-error';
import { ledgerDb } from '../../../support/ledger-db';
import { tempDir } from '../../../support/temp-dir';

const FIXTURES = resolve(import.meta.dirname, '../../../fixtures');
const T0 = Date.parse('2026-11-22T06:00:00Z');
let dir: string;
beforeEach(() => {
  dir = tempDir('sales');
});

function sell(
  ledger: Ledger,
  refId: string,
  sale: { method: 'cash' | 'upi' | 'credit' | 'split'; cash: number; upi: number; credit: number },
) {
  return ledger.insertSubmitting({
    refId,
    number: '9876501234',
    operator: 'JIO',
    amount: sale.cash + sale.upi + sale.credit,
    rechargeDate: '2026-11-22',
    now: T0,
    sale: { saleRef: sale.upi > 0 ? `S${refId}` : null, ...sale },
  });
}

describe('the sales a recharge is paid with (migration 9)', () => {
  it('keeps how each recharge was paid, written with its row', () => {
    const ledger = Ledger.open(join(dir, 'ledger.db'), T0);
    try {
      sell(ledger, 'PAY0000001', { method: 'cash', cash: 19_900, upi: 0, credit: 0 });
      sell(ledger, 'PAY0000002', { method: 'split', cash: 10_000, upi: 9_900, credit: 0 });
      expect(ledger.sales.forRef('PAY0000001')).toMatchObject({ method: 'cash', cash: 19_900, upi: 0, saleRef: null, upiReceivedAt: null });
      expect(ledger.sales.forRef('PAY0000002')).toMatchObject({ method: 'split', cash: 10_000, upi: 9_900, saleRef: 'SPAY0000002' });
      // A recharge from before sales were kept has none, and says so.
      expect(ledger.sales.forRef('NOSUCHREF')).toBeNull();
    } finally {
      ledger.close();
    }
  });

  it('keeps a UPI sale on the list until it is marked received, once', () => {
    let now = T0;
    const ledger = Ledger.open(join(dir, 'ledger.db'), T0);
    try {
      sell(ledger, 'PAY0000001', { method: 'upi', cash: 0, upi: 19_900, credit: 0 });
      sell(ledger, 'PAY0000002', { method: 'cash', cash: 5_000, upi: 0, credit: 0 });
      const sales = new SaleService({ ledger, now: () => now });
      expect(sales.unreceived().map((s) => s.refId)).toEqual(['PAY0000001']);
      now = T0 + 60_000;
      expect(sales.markReceived('PAY0000001').upiReceivedAt).toBe(T0 + 60_000);
      expect(sales.unreceived()).toEqual([]);
      now = T0 + 120_000;
      // A second click changes nothing: the first mark stands.
      expect(sales.markReceived('PAY0000001').upiReceivedAt).toBe(T0 + 60_000);
      expect(ledgerDb(ledger).prepare('SELECT count(*) AS n FROM money_entries').get()).toEqual({ n: 1 });
      expect(() => sales.markReceived('PAY0000002')).toThrow(UserFacingError);
    } finally {
      ledger.close();
    }
  });

  it('adds up a day’s successful recharges by how they were paid', () => {
    const ledger = Ledger.open(join(dir, 'ledger.db'), T0);
    try {
      sell(ledger, 'PAY0000001', { method: 'cash', cash: 19_900, upi: 0, credit: 0 });
      sell(ledger, 'PAY0000002', { method: 'cash', cash: 10_000, upi: 0, credit: 0 });
      sell(ledger, 'PAY0000003', { method: 'split', cash: 5_000, upi: 4_900, credit: 0 });
      sell(ledger, 'PAY0000004', { method: 'upi', cash: 0, upi: 29_900, credit: 0 });
      // A recharge that failed took no money from the customer: it is not in the sales.
      ledgerDb(ledger).exec(`UPDATE txns SET status = 'Success' WHERE ref_id != 'PAY0000004'`);
      ledgerDb(ledger).exec(`UPDATE txns SET status = 'Failure' WHERE ref_id = 'PAY0000004'`);
      expect(ledger.sales.byMethod('2026-11-22', '2026-11-22').sort((a, b) => a.method.localeCompare(b.method))).toEqual([
        { method: 'cash', count: 2, cash: 29_900, upi: 0, credit: 0 },
        { method: 'split', count: 1, cash: 5_000, upi: 4_900, credit: 0 },
      ]);
      expect(ledger.sales.byMethod('2026-11-23', '2026-11-30')).toEqual([]);
    } finally {
      ledger.close();
    }
  });

  it('never edits or deletes a sale or a money entry', () => {
    const ledger = Ledger.open(join(dir, 'ledger.db'), T0);
    try {
      sell(ledger, 'PAY0000001', { method: 'upi', cash: 0, upi: 19_900, credit: 0 });
      ledger.sales.markReceived('PAY0000001', T0, '2026-11-22');
      const db = ledgerDb(ledger);
      expect(() => db.exec(`UPDATE sales SET method = 'cash'`)).toThrow(/append-only/);
      expect(() => db.exec(`DELETE FROM sales`)).toThrow(/append-only/);
      expect(() => db.exec(`UPDATE money_entries SET amount = 1`)).toThrow(/append-only/);
      expect(() => db.exec(`DELETE FROM money_entries`)).toThrow(/append-only/);
    } finally {
      ledger.close();
    }
  });

  it('carries sales and money entries through a restore (a ledger rebuilt from a v9 file)', () => {
    const source = join(dir, 'backup.db');
    copyFileSync(join(FIXTURES, 'ledger-v9.db'), source);
    const report = rebuildLedger(source, join(dir, 'restored.db'), 'backup.db');
    expect(report.rejected).toEqual([]);
    const ledger = Ledger.open(join(dir, 'restored.db'), T0);
    try {
      expect(ledger.sales.forRef('FXV1000000000002')).toMatchObject({ method: 'upi', upi: 29_900, saleRef: 'S0000000000A2' });
      expect(ledger.sales.forRef('FXV1000000000002')?.upiReceivedAt).not.toBeNull();
      expect(ledger.sales.forRef('FXV1000000000003')).toMatchObject({ method: 'split', cash: 5_000, upi: 5_000 });
      expect(ledger.sales.unreceived(10).map((s) => s.refId)).toEqual(['FXV1000000000003']);
    } finally {
      ledger.close();
    }
  });

  it('quarantines a sale row a hand edit broke, instead of restoring it', () => {
    const source = join(dir, 'backup.db');
    copyFileSync(join(FIXTURES, 'ledger-v9.db'), source);
    const db = new Database(source);
    // The triggers guard the app's own writes; a hand edit drops them first.
    db.exec(`DROP TRIGGER sales_no_update; UPDATE sales SET sale_ref = 'x&am=1' WHERE ref_id = 'FXV1000000000002'`);
    db.close();
    const report = rebuildLedger(source, join(dir, 'restored.db'), 'backup.db');
    expect(report.rejected.map((r) => [r.table, r.refId, r.columns])).toEqual([['sales', 'FXV1000000000002', ['sale_ref']]]);
  });

  it('upgrades a v8 ledger with no sales: its recharges show none, new ones are kept', () => {
    const file = join(dir, 'ledger.db');
    copyFileSync(join(FIXTURES, 'ledger-v8.db'), file);
    const ledger = Ledger.open(file, T0);
    try {
      expect(ledger.sales.forRef('FXV1000000000001')).toBeNull();
      sell(ledger, 'PAY0000009', { method: 'credit', cash: 0, upi: 0, credit: 5_000 });
      expect(ledger.sales.forRef('PAY0000009')).toMatchObject({ method: 'credit', credit: 5_000 });
    } finally {
      ledger.close();
    }
  });
});
