import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Ledger } from '../../../../src/main/core/ledger/ledger';
import { actingAs } from '../../../../src/main/core/people/acting-person';
import { replayOnto, snapshotThenJournal } from '../../../support/journal-replay';

const T0 = Date.parse('2026-11-20T06:00:00Z');
const DAY = '2026-11-20';
const RAVI = { id: 1, name: 'Ravi', role: 'staff' as const };
const SITA = { id: 2, name: 'Sita', role: 'staff' as const };
const ref = (n: number) => `AAAA${String(n).padStart(12, '0')}`;

function sell(l: Ledger, n: number, number: string) {
  const at = T0 + n * 60_000;
  l.insertSubmitting({
    refId: ref(n),
    number,
    operator: 'JIO',
    amount: 19_900,
    rechargeDate: DAY,
    now: at,
    sale: { saleRef: null, cash: 0, upi: 0, credit: 19_900, method: 'credit' },
  });
  l.update(ref(n), { status: 'Success', nextCheckAt: null }, 'reply', at + 1000);
}

function doneBy(file: string) {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare('SELECT action, ref, day, at, person_id, person_name, role FROM done_by ORDER BY id').all();
  } finally {
    db.close();
  }
}

/** Ravi sold one before the snapshot; after it he sold another and took a payment, Sita a third sale. */
const shop = () =>
  snapshotThenJournal(
    'journal-done-by',
    T0,
    (l) => actingAs(RAVI, () => sell(l, 1, '9876545555')),
    (l) => {
      actingAs(RAVI, () => {
        sell(l, 2, '9812345555');
        l.khata.pay({ number: '9812345555', method: 'cash', amount: 5000, date: DAY, at: T0 + 10 * 60_000 });
      });
      actingAs(SITA, () => sell(l, 3, '9823455555'));
      // A status check is the core's own: nobody's.
      l.update(ref(3), { status: 'Success', nextCheckAt: null, keepEvent: true }, 'poll', T0 + 11 * 60_000);
    },
  );

describe('a journal carries who did what since the snapshot (issue 38)', () => {
  it('restored from snapshot and journal, every record of who did it is as the shop had it; twice changes nothing', async () => {
    const { file, snapshot, usb } = await shop();
    const kept = doneBy(file);
    expect(kept.map((r) => `${(r as { action: string }).action} ${(r as { person_name: string }).person_name}`)).toEqual([
      'sale Ravi',
      'sale Ravi',
      'money Ravi',
      'sale Sita',
    ]);
    expect((await replayOnto(snapshot, usb, T0, () => ({}))).refused).toEqual([]);
    expect(doneBy(snapshot)).toEqual(kept);
    await replayOnto(snapshot, usb, T0, () => ({}));
    expect(doneBy(snapshot)).toEqual(kept);
  });

  it('a forged line cannot put another name on a sale, name a row the books lack, or date itself outside them', async () => {
    const { file, snapshot, usb } = await shop();
    const kept = doneBy(file);
    const line = (done: object) =>
      `${JSON.stringify({ kind: 'done', done: { id: 90, day: DAY, at: T0 + 20 * 60_000, personId: 2, personName: 'Sita', role: 'staff', ...done } })}\n`;
    appendFileSync(
      join(usb, 'journal.ndjson'),
      [
        // Ravi's sale, said to be Sita's (a second "who" beside the first).
        line({ action: 'sale', ref: ref(2) }),
        // A sale that never happened, a money entry that is not there.
        line({ action: 'sale', ref: ref(9) }),
        line({ action: 'money', ref: '999' }),
        // Dated a year before the books began.
        line({ action: 'settings', ref: 'settings:update shop', day: '2025-11-20', at: T0 - 365 * 86_400_000 }),
      ].join(''),
    );
    await replayOnto(snapshot, usb, T0, () => ({}));
    expect(doneBy(snapshot)).toEqual(kept);
  });
});
