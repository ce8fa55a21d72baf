import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readDocumentReply as parseReplyBody } from '../../../support/document-reply';
import { ResellerClient } from '../../../../src/main/core/reseller/reseller-client';
import { PROVIDER_STATUSES } from '../../../../src/shared/status';
import { providerBody as body } from '../../../support/hostile';

// Whatever a provider sends: random JSON, HTML, huge bodies, wrong types, unicode, numbers as
// strings. The parser answers typed fields or null, the client a known outcome; never a throw.
const validStatus = new Set<string>([...PROVIDER_STATUSES, 'Unknown']);

describe('reply parser fuzz', () => {
  it('property: any body parses to typed fields or null, never a throw', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(body, (text) => {
        const f = parseReplyBody(text);
        if (f === null) return;
        expect(validStatus.has(f.status.status)).toBe(true);
        for (const s of [f.message, f.number, f.operator, f.refId, f.txnId, f.optId, f.complainId, f.status.raw]) {
          expect(typeof s).toBe('string');
          // Identifiers are capped at 1,000 characters; the provider's message is kept whole to 32,000.
          expect(s.length).toBeLessThanOrEqual(s === f.message ? 32_000 : 1000);
          expect(s).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
        }
        for (const n of [f.amount, f.margin, f.balance, f.buyerBalance, f.sellerBalance, f.lienBalance])
          expect(n === null || Number.isSafeInteger(n)).toBe(true);
        expect(typeof f.duplicate).toBe('boolean');
      }),
      { numRuns: 1500 },
    );
  });

  it('numbers as strings and strings as numbers are read as the same amount; a rounding is refused', () => {
    expect(parseReplyBody('{"amount":"10.50","balance":10.5}')).toMatchObject({ amount: 1050, balance: 1050 });
    expect(parseReplyBody('{"amount":"12.345"}')?.amount).toBeNull();
    expect(parseReplyBody('{"amount":1e21}')?.amount).toBeNull();
    expect(parseReplyBody('{"amount":{"value":10}}')).toBeNull();
  });
});

describe('reseller client against a provider that answers at random', () => {
  let server: Server;
  let client: ResellerClient;
  let next: { status: number; type: string; body: string } = { status: 200, type: 'application/json', body: '{}' };

  beforeAll(async () => {
    server = createServer((_req, res) => res.writeHead(next.status, { 'content-type': next.type }).end(next.body));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    client = new ResellerClient(() => ({ baseUrl, username: '9876543210', token: 'fuzz-token-123' }), {
      connectMs: 500,
      headersMs: 500,
      bodyMs: 500,
      totalMs: 400,
    });
  });
  afterAll(async () => {
    await client.close();
    await new Promise<void>((r) => server.close(() => r()));
  });

  it('property: every call ends in a known outcome with bounded text, never a throw', { timeout: 90_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(200, 200, 200, 201, 400, 404, 500, 502),
        fc.constantFrom('application/json', 'text/html', 'text/plain', 'application/octet-stream'),
        body,
        fc.constantFrom('recharge', 'status', 'balance', 'complain'),
        async (status, type, text, call) => {
          next = { status, type, body: text };
          const o =
            call === 'recharge'
              ? await client.recharge({ number: '9876545555', amountRupees: 10, operator: 'JIO', refId: 'FUZZ1' })
              : call === 'status'
                ? await client.status('FUZZ1', '2026-11-23')
                : call === 'balance'
                  ? await client.balance()
                  : await client.complain('T1', 'reason');
          expect(['answer', 'rejected', 'unknown', 'lookup_failed', 'not_sent']).toContain(o.kind);
          // The provider's own message is kept whole to 32,000 characters (a complaint's answer carries it);
          // every other text the outcome holds is cut to 4,000.
          for (const [key, t] of Object.entries(o))
            if (typeof t === 'string') expect(t.length, key).toBeLessThanOrEqual(key === 'message' ? 32_000 : 4000);
          if (call === 'recharge' && status >= 500) expect(o.kind).toBe('unknown');
        },
      ),
      { numRuns: 150 },
    );
  });
});
