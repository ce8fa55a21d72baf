import { Ledger } from '../../src/main/core/ledger/ledger';
import type { TxnRecord } from '../../src/main/core/txn/txn-record';
import { ledgerDb } from './ledger-db';

export const OPEN_STATUSES = new Set(['Submitting', 'Unknown', 'Pending', 'Accepted', 'NeedsAttention']);

/**
 * Adds `count` transactions to a ledger file (every 7th still Pending, the rest Success), with the
 * same rows and events insertSubmitting and update write, in one SQL transaction (thousands of
 * fsyncs are slow). Returns every transaction in the ledger, newest first.
 */
export function seedLedger(file: string, count: number, t0: number, prefix = 'REF'): TxnRecord[] {
  const ledger = Ledger.open(file, t0);
  try {
    const txn = ledgerDb(ledger).prepare(
      `INSERT INTO txns (ref_id, number, operator, amount, status, message, recharge_date, created_at, updated_at, next_check_at)
       VALUES (?, ?, 'JIO', 19900, ?, ?, '2026-11-22', ?, ?, ?)`,
    );
    const event = ledgerDb(ledger).prepare(`INSERT INTO txn_events (ref_id, at, from_status, to_status, source) VALUES (?, ?, ?, ?, ?)`);
    ledgerDb(ledger).transaction(() => {
      for (let i = 0; i < count; i++) {
        const refId = `${prefix}${String(i).padStart(6, '0')}`;
        const at = t0 + i * 60_000;
        const status = i % 7 === 0 ? 'Pending' : 'Success';
        txn.run(
          refId,
          `98765${String(i % 1000).padStart(5, '0')}`,
          status,
          `reply for ${i}`,
          at,
          at + 1,
          status === 'Pending' ? at + 60_000 : null,
        );
        event.run(refId, at, null, 'Submitting', 'submit');
        event.run(refId, at + 1, 'Submitting', status, 'reply');
      }
    })();
    return ledger.history({ limit: 1_000_000 });
  } finally {
    ledger.close();
  }
}
