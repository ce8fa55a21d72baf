import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { MIGRATIONS } from '../../../../src/main/core/ledger/migrations';
import { Ledger } from '../../../../src/main/core/ledger/ledger';
import { ledgerDb } from '../../../support/ledger-db';
import { tempDir } from '../../../support/temp-dir';

describe('ledger schema 2 (money after the first answer)', () => {
  it('a ledger written by schema 1 opens with its transactions and complaints intact, complaints as raised', () => {
    const dir = tempDir('mig2');
    const file = join(dir, 'ledger.db');
    const old = new Database(file);
    old.exec(MIGRATIONS[0]!);
    old.pragma('user_version = 1');
    old
      .prepare(
        `INSERT INTO txns (ref_id, number, operator, amount, status, txn_id, recharge_date, created_at, updated_at)
         VALUES ('OLD1', '9876545555', 'JIO', 14900, 'Success', 'RT1', '2026-11-01', 1, 1)`,
      )
      .run();
    old
      .prepare(`INSERT INTO complaints (complain_id, ref_id, txn_id, reason, created_at) VALUES ('CM1', 'OLD1', 'RT1', 'not received', 2)`)
      .run();
    old.close();

    const ledger = Ledger.open(file);
    try {
      expect(ledgerDb(ledger).pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
      expect(ledger.get('OLD1')).toMatchObject({ status: 'Success', amount: 14900, moneyNote: null });
      expect(ledger.sendState('OLD1')).toEqual({ answerSentAt: null, notSent: false, notFound: 0 });
      expect(ledger.complaints()).toMatchObject([{ complainId: 'CM1', state: 'raised', settledAt: null }]);
    } finally {
      ledger.close();
    }
  });
});
