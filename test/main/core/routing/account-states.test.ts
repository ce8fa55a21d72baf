import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { Ledger, type JournalEntry } from '../../../../src/main/core/ledger/ledger';
import { accountStates } from '../../../../src/main/core/routing/account-states';
import { singleAccountRules } from '../../../../src/shared/routing/single-account';
import type { TxnStatus } from '../../../../src/shared/status';
import { tempDir } from '../../../support/temp-dir';

const T0 = Date.parse('2026-11-22T06:00:00Z');
let dir: string;
let ledger: Ledger;
beforeEach(() => {
  dir = tempDir('states');
  ledger = Ledger.open(join(dir, 'ledger.db'));
});
afterEach(() => ledger.close());

const rules = {
  ...singleAccountRules({ provider: { baseUrl: '', username: '', profile: 'document' } }, 'Main'),
  enabled: true,
  accounts: [
    { id: 'main', name: 'Main', profile: 'document', baseUrl: '', username: '', paused: false },
    { id: 'spare', name: 'Spare', profile: 'hash-text', baseUrl: '', username: '', paused: false },
  ],
};
let n = 0;
function row(account: string, status: TxnStatus, at = T0, flags: { notProcessed?: boolean; failureConfirmed?: boolean } = {}) {
  const refId = `S${String(++n).padStart(6, '0')}`;
  ledger.insertSubmitting({
    refId,
    number: '9876543210',
    operator: 'JIO',
    amount: 23900,
    rechargeDate: '2026-11-22',
    now: at,
    accountId: account,
  });
  if (status !== 'Submitting') ledger.update(refId, { status, nextCheckAt: null, ...flags }, 'reply', at + 1);
  return refId;
}
const states = () => accountStates(ledger, rules, T0 + 60_000, () => ({ balancePaise: null, checkFailed: false }));

describe("each account's state for the route, from the ledger", () => {
  it('counts the attempts in a row without a success since its last Success, per account', () => {
    row('main', 'Error');
    row('main', 'Success');
    row('main', 'Error', T0, { notProcessed: true });
    row('spare', 'Success');
    row('main', 'Unknown');
    row('main', 'Failure');
    row('main', 'Pending');
    expect(states().get('main')!.failuresInRow).toBe(3);
    expect(states().get('spare')!.failuresInRow).toBe(0);
  });

  it("today's spend per operator leaves out what surely did not go, and yesterday", () => {
    row('main', 'Success');
    row('main', 'Pending');
    row('main', 'Failure');
    row('main', 'Error', T0, { notProcessed: true });
    row('main', 'Failure', T0, { failureConfirmed: true });
    row('spare', 'Success', T0 - 24 * 3600_000);
    // Success, Pending and an unconfirmed Failure may all have cost money.
    expect(states().get('main')!.spentTodayPaise).toEqual({ JIO: 3 * 23900 });
    expect(states().get('spare')!.spentTodayPaise).toEqual({});
  });

  it('a journal replayed onto a restored ledger keeps each attempt under its account and sale', () => {
    const first = row('main', 'Error', T0, { notProcessed: true });
    ledger.insertSubmitting({
      refId: 'S2ND',
      number: '9876543210',
      operator: 'JIO',
      amount: 23900,
      rechargeDate: '2026-11-22',
      now: T0 + 5,
      accountId: 'spare',
      saleId: first,
      attemptNo: 2,
    });
    const entries: JournalEntry[] = ledger.attemptsOf(first).map((txn) => ({ txn, event: null }));
    const restored = Ledger.open(join(dir, 'restored.db'));
    try {
      restored.replayJournal(entries);
      expect(restored.attemptsOf(first).map((t) => [t.refId, t.accountId, t.attemptNo, t.notProcessed])).toEqual([
        [first, 'main', 1, true],
        ['S2ND', 'spare', 2, undefined],
      ]);
    } finally {
      restored.close();
    }
  });
});
