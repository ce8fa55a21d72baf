import type { TxnStatus } from '../../../src/shared/status';
import { describe, expect, it } from 'vitest';
import {
  correctionFault,
  dateFault,
  moneyBackFault,
  moneyBackFaultNow,
  paymentFault,
  replaySpan,
  sameIdFault,
} from '../../../src/shared/money-law/money-entry-law';

const T0 = Date.parse('2026-11-20T06:00:00Z');

describe('the money law for an entry, written once for the counter and the replay', () => {
  it('a payment is no more than the due at that moment', () => {
    expect(paymentFault(40_000, 40_000)).toBeNull();
    expect(paymentFault(100_000_000, 40_000)).toBe('above_due');
    expect(paymentFault(100, 0)).toBe('nothing_due');
    expect(paymentFault(100, -500)).toBe('nothing_due');
  });

  it('a correction names a line of this customer that a correction may name, and never takes it below nothing', () => {
    const sale = { number: '9876545555', kind: 'sale', move: 40_000 };
    const payment = { number: '9876545555', kind: 'credit_payment', move: -10_000 };
    expect(correctionFault({ number: '9876545555', amount: -500, line: sale, correctedBy: 0 })).toBeNull();
    expect(correctionFault({ number: '9876545555', amount: 100_000_000, line: null, correctedBy: 0 })).toBe('no_such_entry');
    expect(correctionFault({ number: '9000000001', amount: 500, line: sale, correctedBy: 0 })).toBe('no_such_entry');
    expect(correctionFault({ number: '9876545555', amount: 500, line: { ...sale, kind: 'upi_received' }, correctedBy: 0 })).toBe(
      'no_such_entry',
    );
    expect(correctionFault({ number: '9876545555', amount: 0, line: sale, correctedBy: 0 })).toBe('correction_same');
    // ₹400 of credit corrected to nothing is allowed; past nothing it is not, whichever way the line goes.
    expect(correctionFault({ number: '9876545555', amount: -30_000, line: sale, correctedBy: -10_000 })).toBeNull();
    expect(correctionFault({ number: '9876545555', amount: -30_001, line: sale, correctedBy: -10_000 })).toBe('correction_below_zero');
    expect(correctionFault({ number: '9876545555', amount: 10_000, line: payment, correctedBy: 0 })).toBeNull();
    expect(correctionFault({ number: '9876545555', amount: 10_001, line: payment, correctedBy: 0 })).toBe('correction_below_zero');
  });

  it('money comes back only from a sale whose every attempt, the last one too, left the customer with nothing', () => {
    expect(moneyBackFault(['Failure'])).toBeNull();
    expect(moneyBackFault(['Failure', 'Error', 'Refunded'])).toBeNull();
    expect(moneyBackFault(['Success'])).toBe('money_not_back');
    expect(moneyBackFault(['Failure', 'Success'])).toBe('money_not_back');
    expect(moneyBackFault(['Failure', 'Pending'])).toBe('money_not_back');
    expect(moneyBackFault([])).toBe('no_such_sale');
  });

  it('another counter’s attempts as they stand now: a Success the status check made of a Failure was a failure when the money came back', () => {
    const now = (status: TxnStatus, changedByCheck = false) => ({ status, changedByCheck });
    expect(moneyBackFaultNow([now('Success', true)])).toBeNull();
    expect(moneyBackFaultNow([now('Failure'), now('Success', true)])).toBeNull();
    expect(moneyBackFaultNow([now('Success')])).toBe('money_not_back');
    expect(moneyBackFaultNow([now('Success', true), now('Success')])).toBe('money_not_back');
    expect(moneyBackFaultNow([now('Pending', true)])).toBe('money_not_back');
  });

  it('a line is dated from the ledger’s first day to now, with a small clock allowance', () => {
    const span = replaySpan(T0, T0 + 86_400_000, T0 + 2 * 86_400_000);
    expect(dateFault(T0, '2026-11-20', span)).toBeNull();
    expect(dateFault(0, '1970-01-01', span)).toBe('date_outside');
    expect(dateFault(T0, '1970-01-01', span)).toBe('date_outside');
    expect(dateFault(T0 + 2 * 86_400_000 + 30 * 60_000, '2026-11-22', span)).toBeNull();
    expect(dateFault(T0 + 3 * 86_400_000, '2026-11-23', span)).toBe('date_outside');
    // An empty ledger's first day is the snapshot's.
    expect(replaySpan(null, T0, T0).firstDay).toBe('2026-11-20');
  });

  it('each entry once by its own id: the same content is the entry itself, other content is refused by name', () => {
    const payment = { id: 7, kind: 'credit_payment', amount: 10_000, at: T0 };
    expect(sameIdFault(null, payment)).toBeNull();
    expect(sameIdFault(payment, { ...payment })).toBe('already');
    expect(sameIdFault(payment, { ...payment, at: T0 + 1 })).toBe('exists_with_different_content');
    expect(sameIdFault(payment, { ...payment, amount: 100_000_000 })).toBe('exists_with_different_content');
  });
});
