import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { Ledger, type JournalEntry } from '../../../../src/main/core/ledger/ledger';
import { checkJournal } from '../../../../src/main/core/backup/journal-check';
import { tempDir } from '../../../support/temp-dir';

const T0 = Date.parse('2026-11-20T06:00:00Z');
let ledger: Ledger | null = null;
afterEach(() => {
  ledger?.close();
  ledger = null;
});

/** A restored ledger (a real SQLite file) holding one ₹100 Success with ₹3 commission. */
function restored(): { ledger: Ledger; success: JournalEntry } {
  ledger = Ledger.open(join(tempDir('journal-check'), 'ledger.db'), T0);
  const t = ledger.insertSubmitting({
    refId: 'AAAA000000000001',
    number: '9876545555',
    operator: 'JIO',
    amount: 10_000,
    rechargeDate: '2026-11-20',
    now: T0,
  });
  const { after } = ledger.update(t.refId, { status: 'Success', margin: 300, nextCheckAt: null }, 'reply', T0 + 1000);
  return { ledger, success: { txn: after, event: null } };
}

const later = (e: JournalEntry, change: Partial<JournalEntry['txn']>, at = e.txn.updatedAt + 60_000): JournalEntry => ({
  txn: { ...e.txn, ...change, updatedAt: at },
  event:
    change.status && change.status !== e.txn.status
      ? { refId: e.txn.refId, at, fromStatus: e.txn.status, toStatus: change.status, source: 'poll', providerReply: null, note: null }
      : null,
});

describe('journal lines meet the money rules before a replay', () => {
  it('refuses a Success re-earning 50% commission, a changed amount or number, a Success made Submitting; takes a reversal', () => {
    const { ledger: l, success } = restored();
    const reversal = later(success, { status: 'Refunded' });
    const { accepted, refused } = checkJournal(
      [
        later(success, { margin: 5_000 }),
        later(success, { amount: 1_000_000 }),
        later(success, { number: '9876500000' }),
        later(success, { status: 'Submitting' }),
        later(success, { balanceAfter: -1 }),
        reversal,
      ],
      (ref) => l.get(ref) ?? null,
    );
    expect(refused.map((r) => r.reason)).toEqual(['margin', 'changed_sale', 'changed_sale', 'status_move', 'balance']);
    expect(accepted).toEqual([reversal]);
    // Replayed, only the reversal reaches the ledger.
    l.replayJournal(accepted, { snapshotAt: T0, now: Date.now() });
    expect(l.get(success.txn.refId)).toMatchObject({ status: 'Refunded', amount: 10_000, margin: 300, number: '9876545555' });
  });

  it('skips lines older than the ledger (already in it) and refuses a new row of another shape or a negative amount', () => {
    const { ledger: l, success } = restored();
    const older = { txn: { ...success.txn, status: 'Pending' as const, updatedAt: T0 + 10 }, event: null };
    const invented = { txn: { ...success.txn, refId: 'AAAA1', id: 0 }, event: null };
    const negative = { txn: { ...success.txn, refId: 'AAAA000000000009', amount: -5_000_000 }, event: null };
    const { accepted, refused } = checkJournal([older, invented, negative], (ref) => l.get(ref) ?? null);
    expect(accepted).toEqual([]);
    expect(refused).toEqual([
      { refId: 'AAAA1', reason: 'ref_shape' },
      { refId: 'AAAA000000000009', reason: 'amount' },
    ]);
  });
});
