import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Ledger } from '../../../../src/main/core/ledger/ledger';
import { replayOnto, snapshotThenJournal } from '../../../support/journal-replay';

// The journal × a changed answer (issue 35 item 1): a credit sale failed (its credit came off the
// due), then the provider's status check called it a Success and the shopkeeper put it back on the
// due. Both happened after the last snapshot; the PC died. Restored from the snapshot and the
// journal, the books must hold the change and its fix once: the due as the shop had it, and no
// second offer to put the credit back (a second fix would charge the customer twice).

const T0 = Date.parse('2026-11-20T06:00:00Z');
const DAY = '2026-11-20';
const REF = 'AAAA000000000001';
const NUMBER = '9876545555';

function failedCreditSale(l: Ledger) {
  l.insertSubmitting({
    refId: REF,
    number: NUMBER,
    operator: 'JIO',
    amount: 23_900,
    rechargeDate: DAY,
    now: T0,
    sale: { saleRef: null, cash: 0, upi: 0, credit: 23_900, method: 'credit' },
  });
  l.update(REF, { status: 'Failure', nextCheckAt: T0 + 120_000 }, 'reply', T0 + 1000);
}

function changedAndFixed(l: Ledger) {
  l.update(REF, { status: 'Success', checked: true, nextCheckAt: null }, 'poll', T0 + 120_000);
  expect(l.answerChanges.fix(REF, 'on_due', T0 + 180_000, DAY)).toBe(true);
}

function books(file: string) {
  const db = new Database(file, { readonly: true });
  try {
    return {
      due: db.prepare('SELECT due FROM khata WHERE number = ?').pluck().get(NUMBER),
      changes: db.prepare('SELECT ref_id, from_status, to_status FROM answer_changes').all(),
      fixes: db.prepare('SELECT sale_id, choice FROM answer_change_fixes').all(),
      status: db.prepare('SELECT status FROM txns WHERE ref_id = ?').pluck().get(REF),
    };
  } finally {
    db.close();
  }
}

describe('a journal carries a changed answer and its fix', () => {
  it('restored from the snapshot and the journal: the change and its fix once, the due as the shop had it', async () => {
    const { file, snapshot, usb } = await snapshotThenJournal('journal-answer-change', T0, failedCreditSale, changedAndFixed);
    const shop = books(file);
    expect(shop).toMatchObject({ due: 23_900, status: 'Success', fixes: [{ sale_id: REF, choice: 'on_due' }] });
    expect(shop.changes).toHaveLength(1);

    const restored = await replayOnto(snapshot, usb, T0, (l) => ({ offered: l.answerChanges.fix(REF, 'on_due', T0 + 240_000, DAY) }));
    expect(restored.refused).toEqual([]);
    // The fix is already there: a second one is refused, so the customer is not charged twice.
    expect(restored.offered).toBe(false);
    expect(books(snapshot)).toEqual(shop);
  });

  it('a change not yet fixed when the PC died is offered again after the restore, and taken once', async () => {
    const { snapshot, usb } = await snapshotThenJournal('journal-answer-open', T0, failedCreditSale, (l) =>
      l.update(REF, { status: 'Success', checked: true, nextCheckAt: null }, 'poll', T0 + 120_000),
    );
    const after = await replayOnto(snapshot, usb, T0, (l) => ({
      first: l.answerChanges.fix(REF, 'on_due', T0 + 240_000, DAY),
      second: l.answerChanges.fix(REF, 'on_due', T0 + 250_000, DAY),
    }));
    expect(after).toMatchObject({ refused: [], first: true, second: false });
    expect(books(snapshot)).toMatchObject({ due: 23_900, status: 'Success', fixes: [{ sale_id: REF, choice: 'on_due' }] });
    // Replaying the same journal again changes nothing.
    await replayOnto(snapshot, usb, T0, () => ({}));
    expect(books(snapshot).changes).toHaveLength(1);
  });

  it('forged lines change nothing: a change that is not one is refused by name, a fix with no change is not kept', async () => {
    // A second sale after the snapshot, so the journal has a file to forge lines into.
    const { snapshot, usb } = await snapshotThenJournal('journal-answer-forged', T0, failedCreditSale, (l) =>
      l.insertSubmitting({
        refId: 'AAAA000000000002',
        number: '9812345555',
        operator: 'JIO',
        amount: 19_900,
        rechargeDate: DAY,
        now: T0 + 60_000,
      }),
    );
    const line = (o: unknown) => appendFileSync(join(usb, 'journal.ndjson'), `${JSON.stringify(o)}\n`);
    const change = {
      id: 7,
      refId: REF,
      saleId: REF,
      fromStatus: 'Success',
      fromWord: null,
      fromAt: T0,
      toStatus: 'Success',
      toWord: null,
      toAt: T0 + 5,
    };
    line({ kind: 'answer', change });
    line({ kind: 'answer', change: { ...change, fromStatus: 'Failure', saleId: 'AAAA000000000099' } });
    line({ kind: 'answer_fix', fix: { id: 3, saleId: REF, choice: 'collected', amount: 23_900, at: T0 + 10 } });
    const after = await replayOnto(snapshot, usb, T0, () => ({}));
    expect(after.refused.map((r) => r.reason)).toEqual(['bad_values', 'bad_values']);
    expect(books(snapshot)).toMatchObject({ changes: [], fixes: [], due: 0, status: 'Failure' });
  });
});
