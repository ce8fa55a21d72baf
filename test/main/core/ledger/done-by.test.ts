import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { Ledger } from '../../../../src/main/core/ledger/ledger';
import { actingAs } from '../../../../src/main/core/people/acting-person';
import { DoubleFlags } from '../../../../src/main/core/routing/double-flags';
import { tempDir } from '../../../support/temp-dir';

// Issue 38 item 1 at the books' level: each write a person makes keeps who made it in the same
// SQL transaction; what the core writes by itself (a status, a trigger's entry) is nobody's.
const T0 = Date.parse('2026-11-22T06:00:00Z');
const DAY = '2026-11-22';
const RAVI = { id: 3, name: 'Ravi', role: 'staff' as const };
const ref = (n: number) => `AAAA${String(n).padStart(12, '0')}`;

let ledger: Ledger;
beforeEach(() => {
  ledger = Ledger.open(join(tempDir('done-by'), 'ledger.db'), T0);
});
afterEach(() => ledger.close());

const sell = (n: number, credit = 0, extra: object = {}) =>
  ledger.insertSubmitting({
    refId: ref(n),
    number: '9876501234',
    operator: 'JIO',
    amount: 19_900,
    rechargeDate: DAY,
    now: T0 + n * 1000,
    sale: { saleRef: null, cash: 19_900 - credit, upi: 0, credit, method: credit > 0 ? 'credit' : 'cash' },
    ...extra,
  });

describe('who did what, in the books', () => {
  it('a changed answer’s fix and the owner’s check of a possible double are the acting person’s', () => {
    actingAs(RAVI, () => sell(1));
    // The provider said Failure; its status check later said Success: a changed answer (the core's own).
    ledger.update(ref(1), { status: 'Failure', nextCheckAt: null }, 'reply', T0 + 5000);
    // Ravi hands the cash back; then the check says the customer was recharged after all.
    actingAs(RAVI, () => ledger.moneyFollow.settle(ref(1), 'given_back', T0 + 6000, DAY));
    ledger.update(ref(1), { status: 'Success', nextCheckAt: null, checked: true }, 'poll', T0 + 9000);
    expect(ledger.doneBy.whoDid('fix', ref(1))).toBeNull();
    actingAs(RAVI, () => ledger.answerChanges.fix(ref(1), 'collected', T0 + 20_000, DAY));
    expect(ledger.doneBy.whoDid('fix', ref(1))).toEqual(RAVI);

    // A routed sale's two charges: a possible double, found by the core, checked by a person.
    actingAs(RAVI, () => sell(2));
    ledger.update(ref(2), { status: 'Failure', nextCheckAt: null }, 'reply', T0 + 30_000);
    sell(3, 0, { saleId: ref(2), attemptNo: 2, accountId: 'spare', sale: undefined });
    const flags = new DoubleFlags({ ledger, nameOf: (id) => id, now: () => T0 + 40_000 });
    flags.keep(ledger.get(ref(2))!, ledger.get(ref(3))!);
    expect(ledger.doneBy.whoDid('checked', ref(2))).toBeNull();
    actingAs({ id: 0, name: '', role: 'owner' }, () => flags.markSeen(ref(2)));
    expect(ledger.doneBy.whoDid('checked', ref(2))).toEqual({ id: 0, name: '', role: 'owner' });
    // The failover's second attempt is not a sale of its own: one "who" per sale.
    expect(ledger.doneBy.whoDid('sale', ref(3))).toBeNull();
    expect(ledger.doneBy.whoDid('sale', ref(2))).toEqual(RAVI);
  });

  it('a failure’s credit taken back, a status and a payment the core writes on its own are nobody’s', () => {
    actingAs(RAVI, () => sell(4, 19_900));
    // The status check (no person) fails the credit sale: its trigger takes the credit back.
    ledger.update(ref(4), { status: 'Failure', nextCheckAt: null }, 'poll', T0 + 60_000);
    // A payment written with nobody acting (a callback, a test) records nobody rather than someone wrong.
    ledger.khata.pay({ number: '9876501234', method: 'cash', amount: 100, date: DAY, at: T0 + 70_000 });
    const day = ledger.doneBy.dayWithMoney(DAY, 100);
    expect(day.map((r) => `${r.action} ${r.personName}`)).toEqual(['sale Ravi']);
  });
});
