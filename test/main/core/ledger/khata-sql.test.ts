import { beforeEach, describe, expect, it } from 'vitest';
import { copyFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Ledger } from '../../../../src/main/core/ledger/ledger';
import { replayKhata } from '../../../../src/main/core/ledger/khata-sql';
import { rebuildLedger } from '../../../../src/main/core/ledger/rebuild';
import { ledgerDb } from '../../../support/ledger-db';
import { tempDir } from '../../../support/temp-dir';

const FIXTURES = resolve(import.meta.dirname, '../../../fixtures');
const T0 = Date.parse('2026-11-22T06:00:00Z');
const DAY = 86_400_000;
const RAM = '9876501234';
let dir: string;
beforeEach(() => {
  dir = tempDir('khata-sql');
});

function creditSale(ledger: Ledger, refId: string, credit: number, at: number, number = RAM) {
  ledger.insertSubmitting({
    refId,
    number,
    operator: 'JIO',
    amount: credit,
    rechargeDate: new Date(at + 19_800_000).toISOString().slice(0, 10),
    now: at,
    sale: { saleRef: null, method: 'credit', cash: 0, upi: 0, credit },
  });
}

/** What money-close writes (its own kinds), straight into the table: the formula must count them. */
function entry(ledger: Ledger, kind: string, amount: number, at: number, refId: string | null = null, number = RAM) {
  ledgerDb(ledger)
    .prepare(`INSERT INTO money_entries (kind, ref_id, number, method, amount, entry_date, at) VALUES (?, ?, ?, 'cash', ?, ?, ?)`)
    .run(kind, refId, number, amount, new Date(at + 19_800_000).toISOString().slice(0, 10), at);
}

const khataRow = (ledger: Ledger, number = RAM) => ledgerDb(ledger).prepare('SELECT due, since FROM khata WHERE number = ?').get(number);

describe('the khata’s dues (shared formula over every kind)', () => {
  it('adds credit sales and takes off payments, reversals and advances; corrections carry their sign', () => {
    const ledger = Ledger.open(join(dir, 'ledger.db'), T0);
    try {
      const k = ledger.khata;
      creditSale(ledger, 'KH00000001', 19_900, T0);
      creditSale(ledger, 'KH00000002', 10_000, T0 + 1000);
      expect(k.due(RAM)).toBe(29_900);
      k.pay({ number: RAM, method: 'upi', amount: 5_000, date: '2026-11-22', at: T0 + 2000 });
      entry(ledger, 'credit_reversed', 10_000, T0 + 3000, 'KH00000002');
      entry(ledger, 'kept_as_credit', 900, T0 + 4000, 'KH00000009');
      // given_back and upi_received are the counter's cash and UPI, never the due (a sale is given back or kept, never both).
      entry(ledger, 'given_back', 700, T0 + 4500, 'KH00000008');
      entry(ledger, 'upi_received', 700, T0 + 4600, 'KH00000009');
      const paid = k.pay({ number: RAM, method: 'cash', amount: 1_000, date: '2026-11-22', at: T0 + 5000 });
      k.correct({ number: RAM, amount: 500, corrects: paid, refId: null, date: '2026-11-22', at: T0 + 6000 });
      expect(k.due(RAM)).toBe(19_900 + 10_000 - 5_000 - 10_000 - 900 - 1_000 + 500);
      // The triggers' table agrees with the formula, and another number owes nothing.
      expect(khataRow(ledger)).toEqual({ due: 13_500, since: '2026-11-22' });
      expect(k.due('9999999999')).toBe(0);
    } finally {
      ledger.close();
    }
  });

  it('shows a statement with the due after every line, newest first', () => {
    const ledger = Ledger.open(join(dir, 'ledger.db'), T0);
    try {
      creditSale(ledger, 'KH00000001', 19_900, T0);
      const paid = ledger.khata.pay({ number: RAM, method: 'cash', amount: 5_000, date: '2026-11-22', at: T0 + 1000 });
      ledger.khata.correct({ number: RAM, amount: -900, corrects: null, refId: 'KH00000001', date: '2026-11-22', at: T0 + 2000 });
      const lines = ledger.khata.statement(RAM, 10);
      expect(lines.map((l) => [l.kind, l.delta, l.due])).toEqual([
        ['correction', -900, 14_000],
        ['credit_payment', -5_000, 14_900],
        ['sale', 19_900, 19_900],
      ]);
      expect(lines[0]).toMatchObject({ correctsRef: 'KH00000001', corrects: null });
      expect(lines[1]).toMatchObject({ id: paid, method: 'cash' });
      expect(ledger.khata.correctedBy(RAM, null, 'KH00000001')).toBe(-900);
      expect(ledger.khata.statement(RAM, 1)).toHaveLength(1);
    } finally {
      ledger.close();
    }
  });

  it('ages a due from when it last rose above nothing, and lists the owing oldest first', () => {
    const ledger = Ledger.open(join(dir, 'ledger.db'), T0);
    try {
      const k = ledger.khata;
      creditSale(ledger, 'KH00000001', 10_000, T0 - 40 * DAY);
      creditSale(ledger, 'KH00000002', 10_000, T0 - 10 * DAY, '9800000002');
      k.pay({ number: '9800000002', method: 'cash', amount: 10_000, date: '2026-11-13', at: T0 - 9 * DAY });
      creditSale(ledger, 'KH00000003', 4_000, T0 - 2 * DAY, '9800000002');
      creditSale(ledger, 'KH00000004', 3_000, T0 - 20 * DAY, '9800000003');
      creditSale(ledger, 'KH00000005', 3_000, T0 - 20 * DAY, '9800000004');
      k.pay({ number: '9800000004', method: 'cash', amount: 3_000, date: '2026-11-03', at: T0 - 19 * DAY });
      // A name given in the book shows on the list, whenever it was given.
      ledger.customers.save({ number: '9800000003', name: 'Sita', operator: null, circle: null, now: T0 });
      expect(k.owing(10).find((r) => r.number === '9800000003')?.name).toBe('Sita');
      expect(k.owing(10).map((r) => [r.number, r.due, r.since])).toEqual([
        [RAM, 10_000, '2026-10-13'],
        ['9800000003', 3_000, '2026-11-02'],
        // Paid off on the 13th: its age starts again with the new credit.
        ['9800000002', 4_000, '2026-11-20'],
      ]);
      expect(k.ages('2026-11-15', '2026-10-23').sort((a, b) => a.key.localeCompare(b.key))).toEqual([
        { key: 'fresh', count: 1, due: 4_000 },
        { key: 'month', count: 1, due: 3_000 },
        { key: 'old', count: 1, due: 10_000 },
      ]);
    } finally {
      ledger.close();
    }
  });

  it('a replay in time order gives what the triggers kept as it happened', () => {
    const ledger = Ledger.open(join(dir, 'ledger.db'), T0);
    try {
      creditSale(ledger, 'KH00000001', 10_000, T0 - 40 * DAY);
      ledger.khata.pay({ number: RAM, method: 'cash', amount: 10_000, date: '2026-10-14', at: T0 - 39 * DAY });
      creditSale(ledger, 'KH00000002', 5_000, T0 - 3 * DAY);
      entry(ledger, 'kept_as_credit', 2_000, T0, 'KH00000007', '9800000009');
      ledger.customers.save({ number: RAM, name: 'Ram', operator: null, circle: null, now: T0 });
      const db = ledgerDb(ledger);
      const ages = () => db.prepare('SELECT since, count, due FROM khata_ages WHERE count > 0 ORDER BY since').all();
      const before = db.prepare('SELECT * FROM khata ORDER BY number').all();
      const agesBefore = ages();
      // The ages' totals are the owing rows' counts and sums by date.
      expect(agesBefore).toEqual(
        db.prepare('SELECT since, count(*) AS count, sum(due) AS due FROM khata WHERE due > 0 GROUP BY since ORDER BY since').all(),
      );
      replayKhata(db);
      expect(db.prepare('SELECT * FROM khata ORDER BY number').all()).toEqual(before);
      expect(ages()).toEqual(agesBefore);
      expect(khataRow(ledger)).toEqual({ due: 5_000, since: '2026-11-19' });
      // An advance (the shop owes the customer) is kept but not aged.
      expect(khataRow(ledger, '9800000009')).toEqual({ due: -2_000, since: null });
    } finally {
      ledger.close();
    }
  });

  it('the books’ restore carries the khata: dues and ages replayed from the copied entries', () => {
    const source = join(dir, 'backup.db');
    copyFileSync(join(FIXTURES, 'ledger-v11.db'), source);
    const report = rebuildLedger(source, join(dir, 'restored.db'), 'backup.db');
    expect(report.rejected).toEqual([]);
    const ledger = Ledger.open(join(dir, 'restored.db'), T0);
    try {
      expect(ledger.khata.due('7012345678')).toBe(4_000);
      expect(khataRow(ledger, '7012345678')).toEqual({ due: 4_000, since: '2025-03-10' });
      expect(ledger.khata.settings('9876543210')).toEqual({ creditLimit: 100_000, lang: 'hi' });
    } finally {
      ledger.close();
    }
  });

  it('upgrading a v10 ledger fills the khata from its credit sales', () => {
    const file = join(dir, 'ledger.db');
    copyFileSync(join(FIXTURES, 'ledger-v10.db'), file);
    const ledger = Ledger.open(file, T0);
    try {
      expect(khataRow(ledger, '7012345678')).toEqual({ due: 5_000, since: '2025-03-10' });
      expect(ledger.khata.owing(10).map((r) => r.number)).toEqual(['7012345678']);
    } finally {
      ledger.close();
    }
  });
});
