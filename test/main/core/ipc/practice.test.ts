import { afterEach, describe, expect, it } from 'vitest';
import { openHarness, type TestHarness } from '../flow/harness-client';
import { TEST_SUFFIXES } from '../../../../src/sandbox';

let h: TestHarness | undefined;
afterEach(async () => {
  await h?.dispose();
  h = undefined;
});

describe('app:practice', () => {
  it('in demo mode lists the practice provider’s own test endings, each with what it plays', async () => {
    h = await openHarness();
    const { numbers } = await h.ok('app:practice', {});
    expect(Object.fromEntries(numbers.map((n) => [n.ending, n.plays]))).toEqual(TEST_SUFFIXES);
    // Listed in digit order, as the shopkeeper reads them down the list.
    expect(numbers.map((n) => n.ending)).toEqual(Object.keys(TEST_SUFFIXES).sort());
    // A recharge to one of them plays as listed: …0000 fails at once.
    const r = await h.ok('recharge:submit', { number: '9876540000', operator: 'JIO', amount: 10 });
    expect(r.outcome).toBe('failure');
  });
});
