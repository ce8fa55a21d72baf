import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TXN_STATUSES } from '../../../../src/shared/status';
import { openHarness, type TestHarness } from './harness-client';
import { providerBody } from '../../../support/hostile';

// The whole core against a provider that answers every request with a random body and status:
// each recharge gets a Result (never an internal failure), and the ledger keeps only sane rows.
const TOKEN = 'random-provider-token-77';
let server: Server;
let h: TestHarness;
let next = { status: 200, body: '{}' };

beforeAll(async () => {
  server = createServer((_req, res) => res.writeHead(next.status, { 'content-type': 'application/json' }).end(next.body));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  h = await openHarness({ acceptWeakTokenProtection: true, timeouts: { connectMs: 500, headersMs: 500, bodyMs: 500, totalMs: 600 } });
  // Status checks are pushed far out: only the replies to the recharges themselves are fuzzed here.
  await h.ok('settings:update', { poller: { firstCheckSeconds: 600 } });
  await h.ok('auth:save', { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, username: '9876543210', token: TOKEN });
});
afterAll(async () => {
  await h?.dispose();
  await new Promise<void>((r) => server.close(() => r()));
});

describe('core against a provider that answers at random', () => {
  it('property: every recharge answers a Result and stores a sane row', { timeout: 120_000 }, async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(200, 200, 200, 400, 500), providerBody, async (status, body) => {
        next = { status, body };
        // A new number each time, so the duplicate guard does not answer instead of the provider.
        const number = `98${String(10_000_000 + n++).slice(-8)}`;
        const r = await h.core.router.dispatch('recharge:submit', { number, operator: 'JIO', amount: 10, confirmDuplicate: true });
        if (!r.ok) expect(r.error.code, JSON.stringify(r.error.params)).not.toBe('internal');
      }),
      { numRuns: 120 },
    );
    const items = (await h.ok('txn:history', { limit: 500 })).items;
    expect(items.length).toBeGreaterThan(0);
    for (const txn of items) {
      expect(TXN_STATUSES).toContain(txn.status);
      expect(txn.amount).toBe(1000);
      expect(txn.operator).toBe('JIO');
      // The provider's words are kept whole up to 32,000 characters (support reads them; screens cut
      // them), identifiers and status words up to 1,000, our own error notes up to 500.
      for (const [text, max] of [
        [txn.message, 32_000],
        [txn.providerStatus ?? '', 1000],
        [txn.txnId ?? '', 1000],
        [txn.optId ?? '', 1000],
        [txn.lastError ?? '', 500],
      ] as const) {
        expect(text.length).toBeLessThanOrEqual(max);
        expect(text).not.toContain(TOKEN);
        expect(text).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
      }
    }
  });
});
