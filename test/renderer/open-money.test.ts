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

  it('a recharge flagged for attention is still on hold: its money’s fate is unknown, as the tray says', () => {
    const flagged = txn({ status: 'NeedsAttention', amount: 19_900, createdAt: 0 });
    const done = txn({ status: 'Success', amount: 15_500, createdAt: 0 });
    expect(openTotal([flagged, done])).toEqual({ count: 1, amount: 19_900 });
  });
});
