import { describe, expect, it } from 'vitest';
import { isOverdue, openTotal } from '../../src/renderer/stores/open-money';
import { txn } from './fake-desk';

const MIN = 60_000;

describe('money on hold and the overdue flag', () => {
  it('a recharge that never left is not on hold and never "call the provider", while it is confirmed', () => {
    const sent = txn({ status: 'Pending', amount: 19_900, createdAt: 0 });
    const neverLeft = txn({ status: 'Unknown', amount: 25_400, createdAt: 0, notSent: true });
    expect(openTotal([sent, neverLeft])).toEqual({ count: 1, amount: 19_900 });
    expect(isOverdue(sent, 16 * MIN)).toBe(true);
    expect(isOverdue(neverLeft, 16 * MIN)).toBe(false);
  });
});
