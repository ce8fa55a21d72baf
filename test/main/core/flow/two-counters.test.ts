import { afterEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../../src/sandbox';
import { type TestHarness } from './harness-client';
import { createRefIdGenerator } from '../../../../src/main/core/recharge/ref-id';
import { openLiveHarness, testSandbox } from '../../../support/live-harness';

const TOKEN = 'two-counters-token';
const FAST = { connectMs: 500, headersMs: 1500, bodyMs: 1500, totalMs: 3000 };
let sandbox: Sandbox | undefined;
const counters: TestHarness[] = [];

afterEach(async () => {
  for (const c of counters.splice(0)) await c.dispose();
  sandbox = undefined;
});

async function counter(s: Sandbox): Promise<TestHarness> {
  const h = await openLiveHarness(s, { timeouts: FAST, settings: { recharge: { duplicateWindowMinutes: 3 } } });
  counters.push(h);
  return h;
}

describe('two counters, one account', () => {
  it('the second counter sending the same number and amount hears the provider refuse it, in plain words', async () => {
    sandbox = await testSandbox({ token: TOKEN, sameNumberWindowMs: 180_000 });
    const a = await counter(sandbox);
    const b = await counter(sandbox);
    const prefixA = (await a.ok('settings:get')).installPrefix;
    const prefixB = (await b.ok('settings:get')).installPrefix;
    expect(prefixA).not.toBe(prefixB);

    const first = await a.ok('recharge:submit', { number: '9876545555', operator: 'JIO', amount: 239 });
    expect(first.outcome).toBe('success');
    // Counter B's own ledger knows nothing of A's recharge: only the provider can tell.
    const second = await b.ok('recharge:submit', { number: '9876545555', operator: 'JIO', amount: 239 });
    expect(second.outcome).toBe('rejected');
    expect(second.txn.status).toBe('Error');
    // The provider's own words are kept as it sent them; the screen explains code 110 in its language.
    expect(second.txn.message).toMatch(/Same number and amount/);
    expect(second.txn.lastError).toBe('code 110');

    // The provider charged once.
    const held = sandbox.admin.allTransactions();
    expect(held).toHaveLength(1);
    expect(held[0]?.refId).toBe(first.txn.refId);
    expect(first.txn.refId.slice(0, 4)).toBe(prefixA);
    expect(second.txn.refId.slice(0, 4)).toBe(prefixB);
  });

  it('ref_ids from two installs never collide, even minted in the same millisecond', () => {
    const now = () => 1_763_800_000_000;
    const a = createRefIdGenerator('AAAA', now);
    const b = createRefIdGenerator('BBBB', now);
    const seen = new Set<string>();
    for (let i = 0; i < 5000; i++) {
      seen.add(a());
      seen.add(b());
    }
    expect(seen.size).toBe(10_000);
  });
});
