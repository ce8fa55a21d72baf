import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { Ledger } from '../../../../src/main/core/ledger/ledger';
import { ReportService } from '../../../../src/main/core/reports/report-service';
import { DayCloseService } from '../../../../src/main/core/dayclose/day-close-service';
import { istDate } from '../../../../src/shared/ist-date';
import type { TxnStatus } from '../../../../src/shared/status';
import { ledgerDb } from '../../../support/ledger-db';
import { tempDir } from '../../../support/temp-dir';

let dir: string;
let ledger: Ledger;
let days: DayCloseService;
let now: number;
const NOON = Date.parse('2026-11-22T06:30:00Z');

beforeEach(() => {
  dir = tempDir('dayclose');
  ledger = Ledger.open(join(dir, 'ledger.db'));
  now = NOON;
  const reports = new ReportService({ ledger, now: () => now, language: () => 'en' });
  days = new DayCloseService({ ledger, reports, now: () => now });
});
afterEach(() => {
  ledger.close();
});

let seq = 0;
function txn(status: TxnStatus, amount: number, at = NOON - 3600_000) {
  const refId = `R${++seq}`;
  ledger.insertSubmitting({ refId, number: '9876543210', operator: 'JIO', amount, rechargeDate: istDate(at), now: at });
  if (status !== 'Submitting') ledger.update(refId, { status, nextCheckAt: null }, 'reply', at + 1000);
}

describe('closing the day', () => {
  it('expects the successful recharges in the drawer, not the failed or refunded ones, and records the difference', () => {
    txn('Success', 19900);
    txn('Success', 29900);
    txn('Failure', 10000);
    txn('Refunded', 15000);
    txn('Pending', 23900);
    const day = days.get('2026-11-22');
    expect(day).toMatchObject({ expected: 49800, success: { count: 2, amount: 49800 }, open: { count: 1, amount: 23900 }, closes: [] });
    const close = days.close({ date: '2026-11-22', counted: 49000, note: ' short by 8 ', recount: false });
    expect(close).toMatchObject({ revision: 1, expected: 49800, counted: 49000, difference: -800, openCount: 1, note: 'short by 8' });
    expect(days.get('2026-11-22').closes).toEqual([close]);
  });

  it('staff count blind: no expected cash, nor the sum it is made of, until their count is recorded', () => {
    txn('Success', 19900);
    txn('Success', 29900);
    const blind = days.get('2026-11-22', { blind: true });
    expect(blind).toMatchObject({ expected: null, success: { count: 2, amount: null }, closes: [] });
    expect(JSON.stringify(blind)).not.toContain('49800');
    const close = days.close({ date: '2026-11-22', counted: 50000, note: '', recount: false });
    expect(close).toMatchObject({ expected: 49800, counted: 50000, difference: 200 });
    expect(days.get('2026-11-22', { blind: true })).toMatchObject({ expected: 49800, success: { amount: 49800 } });
  });

  it('a closed day is not changed: closing again is refused, a recount is added beside the first', () => {
    txn('Success', 10000);
    days.close({ date: '2026-11-22', counted: 10000, note: '', recount: false });
    expect(() => days.close({ date: '2026-11-22', counted: 9000, note: '', recount: false })).toThrow(
      expect.objectContaining({ code: 'day_already_closed' }),
    );
    now += 3600_000;
    days.close({ date: '2026-11-22', counted: 10500, note: 'found ₹5 in the till', recount: true });
    expect(days.get('2026-11-22').closes.map((c) => [c.revision, c.counted, c.difference])).toEqual([
      [1, 10000, 0],
      [2, 10500, 500],
    ]);
    expect(days.list().map((c) => c.revision)).toEqual([2, 1]);
  });

  it('the file itself refuses to edit or delete a closing', () => {
    days.close({ date: '2026-11-22', counted: 0, note: '', recount: false });
    expect(() => ledgerDb(ledger).prepare('UPDATE day_closes SET counted = 1').run()).toThrow(/append-only/);
    expect(() => ledgerDb(ledger).prepare('DELETE FROM day_closes').run()).toThrow(/append-only/);
  });

  it('refuses a day that has not come', () => {
    expect(() => days.close({ date: '2026-11-23', counted: 0, note: '', recount: false })).toThrow(
      expect.objectContaining({ code: 'day_in_future' }),
    );
  });
});
