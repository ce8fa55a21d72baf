import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { TXN_STATUSES, PROVIDER_STATUSES } from '../../../src/shared/status';
import { canMove, nextStatus } from '../../../src/shared/money-law/transitions';
import { Ledger } from '../../../src/main/core/ledger/ledger';
import { tempDir } from '../../support/temp-dir';

// Written out by hand, apart from the code's table: what the money allows, pair by pair.
const OPEN = ['Unknown', 'Pending', 'Accepted'];
const FINAL = ['Success', 'Failure', 'Refunded', 'Error'];
const ALLOWED = new Set([
  ...['Unknown', 'Pending', 'Accepted', ...FINAL, 'NeedsAttention'].map((to) => `Submitting→${to}`),
  ...OPEN.flatMap((from) => [...OPEN, ...FINAL, 'NeedsAttention'].filter((to) => to !== from).map((to) => `${from}→${to}`)),
  ...FINAL.map((to) => `NeedsAttention→${to}`),
  'Success→Refunded',
]);
// An Unknown is resolved by the provider, never turned back into one by a reply.
ALLOWED.delete('Pending→Unknown');
ALLOWED.delete('Accepted→Unknown');

describe('the transition table follows the money', () => {
  it('allows exactly the moves the money allows, for every pair of statuses', () => {
    const wrong: string[] = [];
    for (const from of TXN_STATUSES)
      for (const to of TXN_STATUSES) {
        const expected = from === to || ALLOWED.has(`${from}→${to}`);
        if (canMove(from, to) !== expected) wrong.push(`${from}→${to}: table says ${canMove(from, to)}`);
      }
    expect(wrong).toEqual([]);
  });

  it('the ledger refuses every move the table refuses, and writes an event for every move it allows', () => {
    const dir = tempDir('trans');
    const ledger = Ledger.open(join(dir, 'ledger.db'));
    try {
      let n = 0;
      for (const from of TXN_STATUSES)
        for (const to of TXN_STATUSES) {
          const refId = `R${n++}`;
          ledger.insertSubmitting({ refId, number: '9876545555', operator: 'JIO', amount: 1000, rechargeDate: '2026-11-22', now: 1 });
          if (from !== 'Submitting') ledger.update(refId, { status: from, nextCheckAt: null }, 'reply', 2);
          const move = () => ledger.update(refId, { status: to, nextCheckAt: null }, 'poll', 3);
          if (canMove(from, to)) {
            move();
            expect(ledger.get(refId)?.status).toBe(to);
            if (from !== to) expect(ledger.events(refId).at(-1)).toMatchObject({ fromStatus: from, toStatus: to });
          } else {
            expect(move).toThrow(/not a move the money allows/);
            expect(ledger.get(refId)?.status).toBe(from);
          }
        }
    } finally {
      ledger.close();
    }
  });

  it('a reported status the table refuses leaves the transaction as it was', () => {
    for (const current of TXN_STATUSES)
      for (const reported of [...PROVIDER_STATUSES, 'Unknown' as const]) {
        const next = nextStatus(current, reported);
        expect(canMove(current, next)).toBe(true);
        if (FINAL.includes(current) && next !== current) expect(`${current}→${next}`).toBe('Success→Refunded');
      }
    expect(nextStatus('Success', 'Refunded')).toBe('Refunded');
    expect(nextStatus('Success', 'Failure')).toBe('Success');
    expect(nextStatus('Refunded', 'Success')).toBe('Refunded');
    expect(nextStatus('Submitting', 'Unknown')).toBe('Unknown');
  });

  it('only a status check may turn a Failure or a refusal into a Success; no other move opens up', () => {
    const wrong: string[] = [];
    for (const from of TXN_STATUSES)
      for (const to of TXN_STATUSES) {
        const changed = (from === 'Failure' || from === 'Error') && to === 'Success';
        const expected = from === to || ALLOWED.has(`${from}→${to}`) || changed;
        if (canMove(from, to, 'check') !== expected) wrong.push(`${from}→${to} by a check: table says ${canMove(from, to, 'check')}`);
      }
    expect(wrong).toEqual([]);
    expect(nextStatus('Failure', 'Success', 'check')).toBe('Success');
    expect(nextStatus('Error', 'Success', 'check')).toBe('Success');
    expect(nextStatus('Failure', 'Success')).toBe('Failure');
    expect(nextStatus('Refunded', 'Success', 'check')).toBe('Refunded');
  });
});
