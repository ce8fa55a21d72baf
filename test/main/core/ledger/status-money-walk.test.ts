import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { Ledger } from '../../../../src/main/core/ledger/ledger';
import { OPEN_STATUSES, OPEN_WHERE } from '../../../../src/main/core/ledger/open-statuses';
import { ReportService } from '../../../../src/main/core/reports/report-service';
import { MONEY_OF_STATUS, sqlStatusList } from '../../../../src/shared/money-law/status-money';
import { istDate } from '../../../../src/shared/ist-date';
import { TXN_STATUSES, type TxnStatus } from '../../../../src/shared/status';
import { tempDir } from '../../../support/temp-dir';

// Issue 35 item 7: every status walked through the money law's one table, and every reader of it
// (the ledger's SQL and triggers, the open list, the reports; the screens' side is
// test/renderer/components/status-money-screens.test.ts) says the same for it.
const T0 = Date.parse('2026-11-22T06:00:00Z');
const D = istDate(T0);

let ledger: Ledger;
beforeEach(() => {
  ledger = Ledger.open(join(tempDir('status-walk'), 'ledger.db'), T0);
});
afterEach(() => ledger.close());

/** A sale of ₹100 cash and ₹50 credit whose one recharge (routing off) ends in `status`. */
function sellEndingIn(status: TxnStatus, i: number): string {
  const refId = `WK${String(i).padStart(8, '0')}`;
  ledger.insertSubmitting({
    refId,
    number: `98765${String(i).padStart(5, '0')}`,
    operator: 'JIO',
    amount: 15_000,
    rechargeDate: D,
    now: T0,
    sale: { saleRef: null, method: 'credit', cash: 10_000, upi: 0, credit: 5_000 },
  });
  // Refunded comes only after a Success, as the transition table allows.
  if (status === 'Refunded') ledger.update(refId, { status: 'Success', nextCheckAt: null }, 'reply', T0 + 1000);
  if (status !== 'Submitting') ledger.update(refId, { status, nextCheckAt: null, checked: true }, 'poll', T0 + 2000);
  return refId;
}

describe('every status means one thing for the money, wherever it is read (issue 35 item 7)', () => {
  it('the triggers, the give-back list, the open list and the reports agree with MONEY_OF_STATUS', () => {
    const refs = new Map(TXN_STATUSES.map((status, i) => [status, sellEndingIn(status, i)]));
    const waiting = new Set(ledger.moneyFollow.toGiveBack(100).map((w) => w.refId));
    const open = new Set(ledger.openTxns().map((t) => t.refId));
    const report = new ReportService({ ledger, now: () => T0 + 3000, language: () => 'en' }).report({ from: D, to: D });
    for (const status of TXN_STATUSES) {
      const meaning = MONEY_OF_STATUS[status];
      const refId = refs.get(status)!;
      const words = `${status} (${meaning})`;
      // The ledger's SQL: the customer's money followed (cash to give back, credit off the due) only when they got nothing.
      expect(waiting.has(refId), words).toBe(meaning === 'nothing');
      expect(ledger.moneyFollow.followed(refId), words).toBe(meaning === 'nothing');
      expect(sqlStatusList('nothing').includes(`'${status}'`), words).toBe(meaning === 'nothing');
      // The open rows the tray shows and the poller checks: exactly the held ones, by the index's own words.
      expect(open.has(refId), words).toBe(meaning === 'held');
      expect(OPEN_STATUSES.includes(status), words).toBe(meaning === 'held');
      expect(OPEN_WHERE.includes(`'${status}'`), words).toBe(meaning === 'held');
      // The day book: went is success, held is open, nothing is failed or refunded.
      const one = { count: 1, amount: 15_000 };
      if (meaning === 'went') expect(report.totals.success, words).toEqual(one);
      else if (meaning === 'held')
        expect(
          report.byStatus.find((s) => s.status === status),
          words,
        ).toMatchObject(one);
    }
    const held = TXN_STATUSES.filter((s) => MONEY_OF_STATUS[s] === 'held').length;
    expect(report.totals.open).toEqual({ count: held, amount: held * 15_000 });
    expect(report.totals.failed.count + report.totals.refunded.count).toBe(
      TXN_STATUSES.filter((s) => MONEY_OF_STATUS[s] === 'nothing').length,
    );
  });
});
