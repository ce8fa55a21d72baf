import { describe, expect, it } from 'vitest';
import { countFailover, type AppAttempt, type SimRecord, type SimTxn } from './failover-count';

// The failover crash test counts from the simulators' own records; these hand-made records show
// each count catches what it names (a counter that never fires would prove nothing).
const txn = (
  refId: string,
  number: string,
  status: SimTxn['status'],
  plan: SimTxn['plan'],
  createdAt: number,
  updatedAt = createdAt,
): SimTxn => ({
  refId,
  number,
  amount: 1000,
  margin: 25,
  status,
  plan,
  createdAt,
  updatedAt,
});
const sim = (account: string, txns: SimTxn[], buyerDelta: number, submissions: Record<string, number> = {}): SimRecord => ({
  account,
  txns,
  submissions: { ...Object.fromEntries(txns.map((t) => [t.refId, 1])), ...submissions },
  wallet: { buyerBalance: 1_000_000 + buyerDelta, opening: 1_000_000, booksBalance: true },
});
const app = (refId: string, account: string, saleId: string, status: string, flagged = false): AppAttempt => ({
  refId,
  account,
  saleId,
  attemptNo: refId === saleId ? 1 : 2,
  status,
  amount: 1000,
  margin: status === 'Success' ? 25 : null,
  flagged,
});

describe('counting a failover run from the simulators', () => {
  it('a clean failover: a confirmed failure at one, a success at the other, the money as the app tells it', () => {
    const r = countFailover(
      [
        sim('main', [txn('A1', '9000000017', 'Failure', 'failure', 100)], 0),
        sim('spare', [txn('A2', '9000000017', 'Success', 'success', 1500)], -975),
      ],
      [app('A1', 'main', 'A1', 'Failure'), app('A2', 'spare', 'A1', 'Success')],
    );
    expect(r).toMatchObject({
      crash_failover_sales: 1,
      crash_failovers: 1,
      crash_sales_double_success: 0,
      crash_sent_while_unresolved: 0,
      crash_failover_lost: 0,
      crash_failover_status_mismatches: 0,
      crash_failover_money_mismatches: 0,
    });
  });

  it('two successes with no reversal are a double; a second send before the first failed is counted', () => {
    const r = countFailover(
      [
        sim('main', [txn('B1', '9000000027', 'Success', 'pending-success', 100, 400)], -975),
        sim('spare', [txn('B2', '9000000027', 'Success', 'success', 200)], -975),
      ],
      [app('B1', 'main', 'B1', 'Success'), app('B2', 'spare', 'B1', 'Success')],
    );
    expect(r.crash_sales_double_success).toBe(1);
    expect(r.crash_sent_while_unresolved).toBe(1);
    expect(r.crash_reversal_doubles).toBe(0);
  });

  it('a pending failure that failed only after the next attempt was sent is a send while unresolved', () => {
    const r = countFailover(
      [
        sim('main', [txn('C1', '9000000037', 'Failure', 'pending-failure', 100, 900)], 0),
        sim('spare', [txn('C2', '9000000037', 'Success', 'success', 500)], -975),
      ],
      [app('C1', 'main', 'C1', 'Failure'), app('C2', 'spare', 'C1', 'Success')],
    );
    expect(r.crash_sent_while_unresolved).toBe(1);
    expect(r.crash_sales_double_success).toBe(0);
  });

  it('a reversed failure is a reversal double, unflagged until the app flags it', () => {
    const sims = [
      sim('main', [txn('D1', '9000000047', 'Success', 'failure-reversed', 100, 3000)], -975),
      sim('spare', [txn('D2', '9000000047', 'Success', 'success', 1500)], -975),
    ];
    const told = countFailover(sims, [app('D1', 'main', 'D1', 'Success', true), app('D2', 'spare', 'D1', 'Success')]);
    expect(told).toMatchObject({ crash_sales_double_success: 0, crash_reversal_doubles: 1, crash_reversal_doubles_unflagged: 0 });
    expect(told.crash_failover_money_mismatches).toBe(0);
    expect(told.crash_reversal_paise_outside_ledger).toBe(0);
    // Flagged, the row still Failure: the charge is accounted through the flag, and counted apart.
    const flaggedOnly = countFailover(sims, [app('D1', 'main', 'D1', 'Failure', true), app('D2', 'spare', 'D1', 'Success')]);
    expect(flaggedOnly).toMatchObject({
      crash_reversal_doubles_unflagged: 0,
      crash_failover_status_mismatches: 0,
      crash_failover_money_mismatches: 0,
    });
    expect(flaggedOnly.crash_reversal_paise_outside_ledger).toBe(975);
    const silent = countFailover(sims, [app('D1', 'main', 'D1', 'Failure'), app('D2', 'spare', 'D1', 'Success')]);
    expect(silent.crash_reversal_doubles_unflagged).toBe(1);
    expect(silent.crash_reversals_unseen).toBe(0);
    expect(silent.crash_failover_status_mismatches).toBe(1);
    // The app's story misses the reversed charge: main's wallet does not add up.
    expect(silent.crash_failover_money_mismatches).toBe(1);
  });

  it("a reversal on a sale's last attempt is no double, but the app never sees it: counted apart, its money too", () => {
    const r = countFailover(
      [
        sim('main', [txn('F2', '9000000067', 'Success', 'failure-reversed', 1500, 5000)], -975),
        sim('spare', [txn('F1', '9000000067', 'Failure', 'failure', 100)], 0),
      ],
      [app('F1', 'spare', 'F1', 'Failure'), app('F2', 'main', 'F1', 'Failure')],
    );
    expect(r).toMatchObject({ crash_reversal_doubles: 0, crash_reversals_unseen: 1, crash_reversal_paise_unseen: 975 });
    expect(r.crash_failover_status_mismatches).toBe(0);
    expect(r.crash_failover_money_mismatches).toBe(0);
  });

  it('a changed answer the ledger does not record, and the charge it leaves outside the ledger (issue 35)', () => {
    const sims = [
      sim('main', [txn('G1', '9000000077', 'Success', 'refused-other-ref', 100)], -975),
      sim('spare', [txn('G2', '9000000077', 'Success', 'success', 1500)], -975),
    ];
    const unrecorded = countFailover(sims, [app('G1', 'main', 'G1', 'Error'), app('G2', 'spare', 'G1', 'Success')]);
    expect(unrecorded).toMatchObject({ crash_unflagged_changed_answers: 1, crash_reversal_paise_outside_ledger: 975 });
    // A refusal naming another ref is no lie the app cannot see through: a second success is the app's double.
    expect(unrecorded.crash_sales_double_success).toBe(1);
    const recorded = countFailover(sims, [app('G1', 'main', 'G1', 'Success', true), app('G2', 'spare', 'G1', 'Success')]);
    expect(recorded).toMatchObject({ crash_unflagged_changed_answers: 0, crash_reversal_paise_outside_ledger: 0 });
    // A refusal the provider then carried out is one the app cannot see: a double to flag, not one it caused.
    const carried = countFailover(
      [
        sim('main', [txn('H1', '9000000087', 'Success', 'refused-carried-out', 100, 4000)], -975),
        sim('spare', [txn('H2', '9000000087', 'Success', 'success', 1500)], -975),
      ],
      [app('H1', 'main', 'H1', 'Success', true), app('H2', 'spare', 'H1', 'Success')],
    );
    expect(carried).toMatchObject({ crash_sales_double_success: 0, crash_reversal_doubles: 1, crash_reversal_doubles_unflagged: 0 });
    // An attempt with no answer yet may have been charged: it is inside the ledger's money.
    const open = countFailover(
      [sim('main', [txn('K1', '9000000097', 'Pending', 'pending-success', 100)], -1000)],
      [app('K1', 'main', 'K1', 'Unknown')],
    );
    expect(open.crash_reversal_paise_outside_ledger).toBe(0);
  });

  it('a ref sent twice, a sale twice at one account, an attempt the app lost or files elsewhere', () => {
    const r = countFailover(
      [
        sim('main', [txn('E1', '9000000057', 'Failure', 'failure', 100), txn('E2', '9000000057', 'Success', 'success', 1500)], -975, {
          E1: 2,
        }),
        sim('spare', [], 0),
      ],
      [app('E1', 'spare', 'E1', 'Failure')],
    );
    expect(r.crash_failover_doubles).toBe(1);
    expect(r.crash_sale_twice_at_one_account).toBe(1);
    expect(r.crash_failover_lost).toBe(2);
    expect(r.crash_failover_money_mismatches).toBe(1);
  });
});
