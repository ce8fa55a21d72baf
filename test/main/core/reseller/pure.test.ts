import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkBaseUrl } from '../../../../src/main/core/reseller/provider-url';
import { redactSecrets } from '../../../../src/main/core/reseller/redact';
import { isNotProcessed, readDocumentReply as parseReplyBody } from '../../../support/document-reply';

describe('provider base URL', () => {
  it('must be https, except on this machine', () => {
    expect(checkBaseUrl('https://api.example.in/')).toEqual({ ok: true, url: 'https://api.example.in' });
    expect(checkBaseUrl('http://127.0.0.1:8080')).toEqual({ ok: true, url: 'http://127.0.0.1:8080' });
    expect(checkBaseUrl('http://localhost:9')).toMatchObject({ ok: true });
    // Pasted from the provider's API page with the API's path on it: the base is what is left.
    expect(checkBaseUrl('https://api.example.in/webservices/api')).toEqual({ ok: true, url: 'https://api.example.in' });
    expect(checkBaseUrl('https://api.example.in/panel/webservices/api/')).toEqual({ ok: true, url: 'https://api.example.in/panel' });
    expect(checkBaseUrl('https://api.example.in/WebServices/API/recharge')).toEqual({ ok: true, url: 'https://api.example.in' });
    expect(checkBaseUrl('http://api.example.in')).toEqual({ ok: false, reason: 'not_https' });
    expect(checkBaseUrl('http://127.0.0.1.evil.com')).toEqual({ ok: false, reason: 'not_https' });
    for (const bad of ['ftp://x', 'nonsense', 'https://u:p@api.example.in', 'https://api.example.in/?api_token=x']) {
      expect(checkBaseUrl(bad).ok, bad).toBe(false);
    }
  });
});

describe('redaction', () => {
  it('removes the token from URLs and from any text that carries it', () => {
    expect(redactSecrets('GET /x?username=9&api_token=abc123&ref_id=1')).toBe('GET /x?username=9&api_token=***&ref_id=1');
    expect(redactSecrets('failed: secret-token!', ['secret-token!'])).toBe('failed: ***');
    expect(redactSecrets('q=secret%2Btoken', ['secret+token'])).toBe('q=***');
  });
});

describe('reply parsing', () => {
  it('reads documented, numeric and oddly-cased fields', () => {
    const f = parseReplyBody(
      '\uFEFF{"status":"SUCCESS","amount":199,"balance":"1,234.50","margin_amount":"4.97","ref_id":"R","txn_id":"T","extra":{"a":1}}',
    )!;
    expect(f).toMatchObject({ amount: 19900, balance: 123450, margin: 497, refId: 'R', txnId: 'T' });
    expect(f.status.status).toBe('Success');
  });

  it('tells a rejection from a transaction failure', () => {
    expect(isNotProcessed('{"status":"Error","message":"bad"}')).toBe(true);
    expect(isNotProcessed('{"status":"FAILURE","errorcode":"128","message":"Insufficient Fund"}')).toBe(true);
    expect(isNotProcessed('{"status":"Failure","txn_id":"T1","message":"failed at operator"}')).toBe(false);
  });

  it('property: any text parses to fields or null, never throws', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), (body) => {
        const f = parseReplyBody(body);
        if (f) expect(typeof f.status.status).toBe('string');
      }),
      { numRuns: 2000 },
    );
  });
});
