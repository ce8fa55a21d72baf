import { StartupError } from '../../../../src/main/core/errors/startup-error';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ledger } from '../../../../src/main/core/ledger/ledger';
import { MIGRATIONS } from '../../../../src/main/core/ledger/migrations';
import { ledgerDb } from '../../../support/ledger-db';
import { tempDir } from '../../../support/temp-dir';

let dir: string;
let ledger: Ledger;
const T0 = Date.parse('2026-11-22T06:00:00Z');

beforeEach(() => {
  dir = tempDir('ledger');
  ledger = Ledger.open(join(dir, 'ledger.db'));
});
afterEach(() => {
  try {
    ledger.close();
  } catch {
    // already closed by the test
  }
});

function add(refId: string, number = '9876543210', amount = 19900, at = T0, operator = 'JIO') {
  return ledger.insertSubmitting({ refId, number, operator, amount, rechargeDate: '2026-11-22', now: at });
}

describe('ledger', () => {
  it("writes a transaction as Submitting with its event, fsync'd (synchronous FULL for that commit)", () => {
    // Each setting as it is made, and the level SQLite then holds (2 = FULL, 1 = NORMAL).
    const pragmas: [string, unknown][] = [];
    const db = ledgerDb(ledger);
    const original = db.exec.bind(db);
    db.exec = ((source: string) => {
      const done = original(source);
      pragmas.push([source, db.pragma('synchronous', { simple: true })]);
      return done;
    }) as typeof db.exec;
    const t = add('R1');
    expect(pragmas).toEqual([
      ['PRAGMA synchronous = FULL', 2],
      ['PRAGMA synchronous = NORMAL', 1],
    ]);
    db.exec = original;
    expect(t).toMatchObject({ refId: 'R1', status: 'Submitting', amount: 19900, rechargeDate: '2026-11-22', attempts: 0 });
    expect(ledger.events('R1')).toMatchObject([{ fromStatus: null, toStatus: 'Submitting', source: 'submit' }]);
    expect(ledgerDb(ledger).pragma('journal_mode', { simple: true })).toBe('wal');
    expect(ledgerDb(ledger).pragma('synchronous', { simple: true })).toBe(1);
    expect(() => add('R1')).toThrow(/UNIQUE/);
    expect(() => ledgerDb(ledger).transaction(() => add('R1b'))()).toThrow(/commit on its own/);
    expect(ledger.get('R1b')).toBeUndefined();
  });

  it('keeps the provider profile each recharge was sent with; one from before profiles reads as the document', () => {
    ledger.insertSubmitting({
      refId: 'P1',
      number: '9876543210',
      operator: 'JIO',
      amount: 19900,
      rechargeDate: '2026-11-22',
      now: T0,
      profile: 'hash-text@1',
    });
    add('P0');
    expect(ledger.profileOf('P1')).toBe('hash-text@1');
    expect(ledger.profileOf('P0')).toBe('');
    expect(ledger.profileOf('NONE')).toBe('');
  });

  it('files each attempt of a sale under its account and sale, with the route and the failover facts (issue 29)', () => {
    add('S1');
    const base = { number: '9876543210', operator: 'JIO', amount: 23900, rechargeDate: '2026-11-22' };
    ledger.insertSubmitting({ refId: 'S2', ...base, now: T0 + 10, accountId: 'spare', saleId: 'S1', attemptNo: 2, routeJson: '{"x":1}' });
    expect(ledger.get('S1')).toMatchObject({ accountId: 'main', saleId: 'S1', attemptNo: 1 });
    expect(ledger.get('S2')).toMatchObject({ accountId: 'spare', saleId: 'S1', attemptNo: 2 });
    expect(ledger.routeOf('S2')).toBe('{"x":1}');
    ledger.update('S1', { status: 'Error', nextCheckAt: null, notProcessed: true }, 'reply', T0 + 20);
    ledger.update('S2', { status: 'Failure', nextCheckAt: null, failureConfirmed: true }, 'poll', T0 + 30);
    expect(ledger.attemptsOf('S1').map((t) => [t.refId, t.status, t.notProcessed, t.failureConfirmed])).toEqual([
      ['S1', 'Error', true, undefined],
      ['S2', 'Failure', undefined, true],
    ]);
    // Surely failed attempts cost nothing today; an unconfirmed one might.
    add('S3');
    expect(ledger.routeStates.spentSince(T0 - 1, 'main', 'JIO')).toBe(19900);
    expect(ledger.routeStates.spentSince(T0 - 1, 'spare', 'JIO')).toBe(0);
    // Main's refusal counts in its run (a run the Success-less ledger has not ended); spare's confirmed Failure too.
    expect(
      ledger.routeStates.failuresInRow(
        10,
        new Map([
          ['main', 0],
          ['spare', 0],
        ]),
      ),
    ).toEqual(
      new Map([
        ['main', 1],
        ['spare', 1],
      ]),
    );
  });

  it('appends an event for every status change, with its source and the provider reply', () => {
    add('R2');
    ledger.update('R2', { status: 'Pending', txnId: 'T9', nextCheckAt: T0 + 3000 }, 'reply', T0 + 1, '{"status":"Pending"}');
    ledger.update('R2', { status: 'Pending', nextCheckAt: T0 + 9000, attempts: 1 }, 'poll', T0 + 2);
    ledger.update(
      'R2',
      { status: 'Success', optId: 'OP1', margin: 497, balanceAfter: 80597, nextCheckAt: null },
      'poll',
      T0 + 3,
      '{"status":"Success"}',
    );
    expect(ledger.get('R2')).toMatchObject({ status: 'Success', txnId: 'T9', optId: 'OP1', margin: 497, nextCheckAt: null, attempts: 1 });
    expect(ledger.events('R2').map((e) => [e.fromStatus, e.toStatus, e.source])).toEqual([
      [null, 'Submitting', 'submit'],
      ['Submitting', 'Pending', 'reply'],
      ['Pending', 'Success', 'poll'],
    ]);
  });

  it('keeps the event log append-only', () => {
    add('R3');
    expect(() => ledgerDb(ledger).exec("UPDATE txn_events SET to_status = 'Success'")).toThrow(/append-only/);
    expect(() => ledgerDb(ledger).exec('DELETE FROM txn_events')).toThrow(/append-only/);
  });

  it('finds open transactions, due checks, recent duplicates and the last one for a number', () => {
    add('A', '9000000001', 1000, T0);
    add('B', '9000000001', 1000, T0 + 60_000);
    add('C', '9000000002', 1000, T0);
    ledger.update('A', { status: 'Failure', nextCheckAt: null }, 'reply', T0);
    ledger.update('B', { status: 'Pending', nextCheckAt: T0 + 5000 }, 'reply', T0);
    ledger.update('C', { status: 'Success', nextCheckAt: null }, 'reply', T0);
    expect(ledger.openTxns().map((t) => t.refId)).toEqual(['B']);
    expect(ledger.dueChecks(T0 + 4999, 10)).toEqual([]);
    expect(ledger.dueChecks(T0 + 5000, 10).map((t) => t.refId)).toEqual(['B']);
    expect(ledger.nextDueAt()).toBe(T0 + 5000);
    expect(ledger.sameNumberAndAmountSince('9000000001', 1000, T0 - 1).map((t) => t.refId)).toEqual(['B']);
    expect(ledger.lastForNumber('9000000001')?.refId).toBe('B');
  });

  it("gives a number's open and recent rows newest first (time, then id), whatever order they were written in", () => {
    add('N2', '9000000003', 1000, T0 + 2000);
    add('N1', '9000000003', 1000, T0 + 1000);
    add('N3', '9000000003', 1000, T0 + 2000);
    add('N4', '9000000003', 1000, T0 + 3000);
    add('X', '9000000004', 1000, T0 + 2500);
    ledger.update('N4', { status: 'Failure', nextCheckAt: null }, 'reply', T0 + 3000);
    expect(ledger.openForNumber('9000000003').map((t) => t.refId)).toEqual(['N3', 'N2', 'N1']);
    expect(ledger.sameNumberAndAmountSince('9000000003', 1000, T0 + 1500).map((t) => t.refId)).toEqual(['N3', 'N2']);
    expect(ledger.sameNumberAndAmountSince('9000000003', 500, T0)).toEqual([]);
  });

  it('pages history newest first by keyset, and filters by number prefix, ids, status, operator and dates', () => {
    for (let i = 0; i < 25; i++) add(`H${i}`, `98765${String(i).padStart(5, '0')}`, 1000 + i, T0 + i * 1000, i % 2 ? 'AT' : 'JIO');
    ledger.update('H7', { status: 'Success', txnId: 'TX7', optId: 'OPR7', nextCheckAt: null }, 'reply', T0);
    const page1 = ledger.history({ limit: 10 });
    expect(page1.map((t) => t.refId)).toEqual(Array.from({ length: 10 }, (_, i) => `H${24 - i}`));
    const last = page1.at(-1)!;
    const page2 = ledger.history({ limit: 10, before: { createdAt: last.createdAt, id: last.id } });
    expect(page2[0]?.refId).toBe('H14');
    expect(ledger.history({ limit: 50, search: '9876500012' }).map((t) => t.refId)).toEqual(['H12']);
    expect(ledger.history({ limit: 50, search: '987650001' }).map((t) => t.refId)).toHaveLength(10);
    expect(ledger.history({ limit: 50, search: '987' })).toHaveLength(25);
    // Two digits are the start of a quarter of all numbers: not a search for one customer.
    expect(ledger.history({ limit: 50, search: '98' })).toEqual([]);
    // A reference in other letter case finds it too.
    for (const id of ['H7', 'TX7', 'OPR7', 'h7', 'tx7', 'opr7'])
      expect(
        ledger.history({ limit: 5, search: id }).map((t) => t.refId),
        id,
      ).toEqual(['H7']);
    expect(ledger.history({ limit: 50, statuses: ['Success'] }).map((t) => t.refId)).toEqual(['H7']);
    expect(ledger.history({ limit: 50, statuses: ['Submitting', 'Success'], operator: 'AT' })).toHaveLength(12);
    expect(ledger.history({ limit: 50, from: T0 + 5000, to: T0 + 8000 }).map((t) => t.refId)).toEqual(['H7', 'H6', 'H5']);
    expect(ledger.history({ limit: 50, from: T0 + 5000, to: T0 + 8000, statuses: ['Submitting'] }).map((t) => t.refId)).toEqual([
      'H6',
      'H5',
    ]);
    expect(ledger.history({ limit: 50, search: "x' OR 1=1 --" })).toEqual([]);
  });

  it('finds a number by its last 4 digits, as shopkeepers remember them', () => {
    add('S1', '9876545555', 1000, T0);
    add('S2', '9123455555', 1000, T0 + 1000);
    add('S3', '9876541111', 1000, T0 + 2000);
    add('S4', '5555912345', 1000, T0 + 3000, 'DISHTV');
    expect(ledger.history({ limit: 50, search: '5555' }).map((t) => t.refId)).toEqual(['S4', 'S2', 'S1']);
    expect(ledger.history({ limit: 50, search: '45555' }).map((t) => t.refId)).toEqual(['S1']);
    expect(ledger.history({ limit: 50, search: '1111' }).map((t) => t.refId)).toEqual(['S3']);
  });

  it('stores complaints (once per id) and balance snapshots', () => {
    add('K');
    ledger.addComplaint({
      complainId: 'CM1',
      refId: 'K',
      txnId: 'T1',
      reason: 'not received',
      message: 'ok',
      createdAt: T0,
      state: 'raised',
      settledAt: null,
    });
    ledger.addComplaint({
      complainId: 'CM1',
      refId: 'K',
      txnId: 'T1',
      reason: 'again',
      message: 'ok',
      createdAt: T0 + 1,
      state: 'raised',
      settledAt: null,
    });
    expect(ledger.complaints()).toHaveLength(1);
    expect(ledger.complaintsFor('K')[0]?.reason).toBe('not received');
    ledger.addBalanceSnapshot({ at: T0, buyer: 100, seller: 0, lien: 5, source: 'balance' });
    ledger.addBalanceSnapshot({ at: T0 + 1, buyer: 90, seller: null, lien: null, source: 'reply' });
    expect(ledger.lastBalance()).toEqual({ at: T0 + 1, buyer: 90, seller: null, lien: null, source: 'reply' });
  });

  it('migrates by user_version and survives reopening', () => {
    add('P');
    ledger.close();
    ledger = Ledger.open(join(dir, 'ledger.db'));
    expect(ledgerDb(ledger).pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    expect(ledger.get('P')?.status).toBe('Submitting');
  });

  it('refuses a ledger written by a newer version instead of damaging it', () => {
    ledgerDb(ledger).pragma(`user_version = ${MIGRATIONS.length + 1}`);
    ledger.close();
    expect(() => Ledger.open(join(dir, 'ledger.db'))).toThrow(StartupError);
    expect(() => Ledger.open(join(dir, 'ledger.db'))).toThrow(
      expect.objectContaining({ outcome: { code: 'data_newer', params: { version: MIGRATIONS.length + 1 } } }),
    );
  });

  it('a flagged file is checked in full at the next open, then the flag is gone', () => {
    add('M');
    ledger.close();
    const file = join(dir, 'ledger.db');
    expect(existsSync(`${file}.needs-check`)).toBe(false);
    writeFileSync(`${file}.needs-check`, 'flagged');
    ledger = Ledger.open(file);
    expect(ledger.get('M')?.refId).toBe('M');
    expect(existsSync(`${file}.needs-check`)).toBe(false);
  });

  it('moves a damaged file aside, never deletes it, and starts a fresh ledger', () => {
    ledger.close();
    const file = join(dir, 'ledger.db');
    rmSync(`${file}-wal`, { force: true });
    rmSync(`${file}-shm`, { force: true });
    writeFileSync(file, 'this is not a database, it was damaged by a power cut'.repeat(200));
    ledger = Ledger.open(file, T0);
    const repair = ledger.repair;
    if (repair?.kind !== 'replaced') throw new Error(`expected the file replaced, got ${repair?.kind}`);
    expect(repair.movedAside).toMatch(/ledger\.db\.damaged-2026-11-22T06-00-00-000Z$/);
    expect(existsSync(repair.movedAside)).toBe(true);
    expect(readdirSync(dir).some((f) => f.startsWith('ledger.db.damaged-'))).toBe(true);
    expect(ledger.openTxns()).toEqual([]);
  });
});
