import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { Ledger } from '../../../../src/main/core/ledger/ledger';
import { rebuildLedger } from '../../../../src/main/core/ledger/rebuild';
import { ledgerDb } from '../../../support/ledger-db';
import { tempDir } from '../../../support/temp-dir';

const T0 = Date.parse('2026-11-22T06:00:00Z');

function withDouble(file: string): Ledger {
  const ledger = Ledger.open(file, T0);
  for (const [refId, attemptNo, accountId] of [
    ['SALE1A00', 1, 'main'],
    ['SALE1B00', 2, 'spare'],
  ] as const) {
    ledger.insertSubmitting({
      refId,
      number: '9876540000',
      operator: 'JIO',
      amount: 23900,
      rechargeDate: '2026-11-22',
      now: T0,
      accountId,
      saleId: 'SALE1A00',
      attemptNo,
      routeJson: '{}',
    });
  }
  return ledger;
}

describe('sale flags: a possible double kept for the owner (migration 15)', () => {
  it('is kept once, marked seen once, and never deleted', () => {
    const ledger = withDouble(join(tempDir('flags'), 'ledger.db'));
    try {
      const flags = ledger.saleFlags;
      expect(flags.addDouble({ saleId: 'SALE1A00', firstRef: 'SALE1A00', secondRef: 'SALE1B00', at: T0 + 1 })).toBe(true);
      expect(flags.addDouble({ saleId: 'SALE1A00', firstRef: 'SALE1A00', secondRef: 'SALE1B00', at: T0 + 2 })).toBe(false);
      expect(flags.unseen()).toEqual([
        expect.objectContaining({
          saleId: 'SALE1A00',
          firstRef: 'SALE1A00',
          secondRef: 'SALE1B00',
          at: T0 + 1,
          firstAccount: 'main',
          secondAccount: 'spare',
        }),
      ]);
      expect(flags.markSeen('SALE1A00', T0 + 10)).toBe(1);
      expect(flags.markSeen('SALE1A00', T0 + 20)).toBe(0);
      expect(flags.unseen()).toEqual([]);
      expect(flags.forSale('SALE1A00')[0]!.seenAt).toBe(T0 + 10);
      const db = ledgerDb(ledger);
      expect(() => db.exec(`DELETE FROM sale_flags`)).toThrow(/kept/);
      expect(() => db.exec(`UPDATE sale_flags SET seen_at = NULL`)).toThrow(/first seen/);
      expect(() => db.exec(`UPDATE sale_flags SET second_ref = 'SALE1A00'`)).toThrow(/first seen/);
    } finally {
      ledger.close();
    }
  });

  it('is carried by a restore (a backup rebuilt into a fresh ledger)', () => {
    const dir = tempDir('flags-restore');
    const ledger = withDouble(join(dir, 'ledger.db'));
    ledger.saleFlags.addDouble({ saleId: 'SALE1A00', firstRef: 'SALE1A00', secondRef: 'SALE1B00', at: T0 + 1 });
    ledger.close();
    const report = rebuildLedger(join(dir, 'ledger.db'), join(dir, 'restored.db'), 'backup');
    expect(report.rejected).toEqual([]);
    const db = new Database(join(dir, 'restored.db'), { readonly: true });
    try {
      expect(db.prepare('SELECT sale_id, first_ref, second_ref, at, seen_at FROM sale_flags').all()).toEqual([
        { sale_id: 'SALE1A00', first_ref: 'SALE1A00', second_ref: 'SALE1B00', at: T0 + 1, seen_at: null },
      ]);
    } finally {
      db.close();
    }
  });
});
