import { createHmac } from 'node:crypto';
import { nodeDigest } from '../../../src/main/core/profiles/node-digest';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/shared/profiles/profile-engine';
import { NoHostAddress } from '../../../src/shared/profiles/call-host';
import { HeaderRefused } from '../../../src/shared/profiles/request-builder';
import { NoDigest, signatureOf } from '../../../src/shared/profiles/signature';
import twoHost from '../../fixtures/profiles/two-host-signed-v2.json';
import { libraryEngine } from '../../../src/shared/profiles/library/library-profiles';

const hosts = { api: 'https://api.example.in', status: 'https://status.example.in' };
const credentials = { member_id: '9876543210', api_key: 'K3y-secret' };
const NOW = 1_795_000_000_000;

function edited(edit: (p: typeof twoHost) => void): unknown {
  const p = structuredClone(twoHost);
  edit(p);
  return p;
}

describe('a version 2 request', () => {
  it('a value with & = or a line break stays one value of one parameter, and is signed as it is', () => {
    const e = createEngine(twoHost, 'check', nodeDigest);
    const ref = 'R1&amount=1&ts=0\r\nX-Evil: 1';
    const req = e.request('recharge', hosts, { credentials, number: '9000005555', amountRupees: 100, operator: 'AT', ref, now: NOW });
    const body = new URLSearchParams(req.body);
    expect([...body.keys()]).toEqual(['member_id', 'mobile_no', 'amount', 'operator', 'ref_id', 'ts', 'signature']);
    expect(body.get('ref_id')).toBe(ref);
    expect(body.getAll('amount')).toEqual(['100']);
    expect(Object.keys(req.headers).sort()).toEqual(['accept', 'content-type', 'x-api-key']);
    const of = `9876543210|9000005555|100|AT|${ref}|${NOW / 1000}`;
    expect(body.get('signature')).toBe(createHmac('sha256', 'K3y-secret').update(of).digest('hex'));
  });

  it('a header value with a line break is refused, never sent', () => {
    const e = createEngine(twoHost, 'check', nodeDigest);
    const values = { credentials: { ...credentials, api_key: 'K3y\r\nX-Evil: 1' }, ref: 'R1' };
    expect(() => e.request('balance', hosts, values)).toThrow(HeaderRefused);
    expect(() => e.request('balance', hosts, { ...values, credentials: { ...credentials, api_key: 'K3y\nX' } })).toThrow(HeaderRefused);
  });

  it('the status call goes to its own host with the operator value and the kind of the recharge it asks about', () => {
    const e = createEngine(twoHost, 'check', nodeDigest);
    const url = new URL(e.request('status', hosts, { credentials, operator: 'DISHTV', ref: 'R9', now: NOW }).url);
    expect(url.origin).toBe('https://status.example.in');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ service_type: 'DTH', kind: 'dth', ts: String(NOW / 1000), ref_id: 'R9' });
    const mobile = new URL(e.request('status', hosts, { credentials, operator: 'JIO', ref: 'R9', now: NOW }).url);
    expect(Object.fromEntries(mobile.searchParams)).toMatchObject({ service_type: 'PREPAID', kind: 'mobile' });
  });

  it('a DTH recharge uses its variant: its own path, customer_id instead of mobile_no', () => {
    const e = createEngine(twoHost, 'check', nodeDigest);
    const req = e.request('recharge', hosts, { credentials, number: '1000001111', amountRupees: 300, operator: 'TATASKY', ref: 'D1' });
    expect(req.url).toBe('https://api.example.in/v2/dth/recharge');
    expect(new URLSearchParams(req.body).get('customer_id')).toBe('1000001111');
    expect(new URLSearchParams(req.body).has('mobile_no')).toBe(false);
  });

  it('a host the profile gives a url keeps it whatever address is typed; a url-less host without an address is not sent', () => {
    const e = createEngine(
      edited((p) => Object.assign(p.hosts.status, { url: 'https://status.provider.in' })),
      'check',
      nodeDigest,
    );
    expect(
      new URL(e.request('balance', { api: 'https://api.example.in', status: 'https://evil.example' }, { credentials }).url).origin,
    ).toBe('https://status.provider.in');
    expect(() => createEngine(twoHost, 'check', nodeDigest).request('balance', { api: 'https://api.example.in' }, { credentials })).toThrow(
      NoHostAddress,
    );
  });

  it('builds Basic and Bearer authorization from credentials, and a signature into a header', () => {
    const basic = createEngine(
      edited((p) => Object.assign(p.calls.balance, { auth: { scheme: 'basic', user: '{member_id}', password: '{api_key}' } })),
      'check',
      nodeDigest,
    );
    expect(basic.request('balance', hosts, { credentials }).headers['authorization']).toBe(
      `Basic ${Buffer.from('9876543210:K3y-secret').toString('base64')}`,
    );
    const bearer = createEngine(
      edited((p) => {
        Object.assign(p.calls.balance, { auth: { scheme: 'bearer', token: '{api_key}' } });
        p.calls.balance.sign[0]!.in = 'header';
        p.calls.balance.sign[0]!.name = 'X-Signature';
      }),
      'check',
      nodeDigest,
    );
    const req = bearer.request('balance', hosts, { credentials, now: NOW });
    expect(req.headers['authorization']).toBe('Bearer K3y-secret');
    expect(req.headers['x-signature']).toBe(
      createHmac('sha256', 'K3y-secret')
        .update(`9876543210|${NOW / 1000}`)
        .digest('hex'),
    );
    expect(new URL(req.url).searchParams.has('X-Signature')).toBe(false);
  });

  it('a signing profile made without a digest refuses to build a request rather than send it unsigned', () => {
    expect(() => createEngine(twoHost).request('balance', hosts, { credentials })).toThrow(NoDigest);
  });

  it('computes each digest the documents use, in hex, HEX and base64', () => {
    const spec = (algorithm: 'md5' | 'sha1' | 'sha256' | 'hmac-sha256', output: 'hex' | 'HEX' | 'base64') =>
      ({ name: 's', in: 'param', of: '', algorithm, output, keyEncoding: 'text' }) as const;
    expect(signatureOf(spec('md5', 'hex'), 'abc', '', nodeDigest)).toBe('900150983cd24fb0d6963f7d28e17f72');
    expect(signatureOf(spec('sha1', 'HEX'), 'abc', '', nodeDigest)).toBe('A9993E364706816ABA3E25717850C26C9CD0D89D');
    expect(signatureOf(spec('sha256', 'base64'), 'abc', '', nodeDigest)).toBe('ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=');
    expect(signatureOf(spec('hmac-sha256', 'hex'), 'The quick brown fox jumps over the lazy dog', 'key', nodeDigest)).toBe(
      'f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8',
    );
  });
});

describe('a shop value the profile declares', () => {
  it('is sent as the shop chose it, else as the document’s first choice: never an empty required value', () => {
    const e = libraryEngine('rechargkit');
    const hostsOf = Object.fromEntries(Object.keys(e.profile.hosts).map((h) => [h, `https://${h}.example.in`]));
    const values = {
      credentials: { username: '10234', token: 'tok-123456' },
      number: '9000005555',
      amountRupees: 100,
      operator: 'AT',
      ref: 'R1',
    };
    const sent = (v: typeof values & { shop?: Record<string, string> }) => new URL(e.request('recharge', hostsOf, v).url).searchParams;
    expect(sent(values).get('circle')).toBe('1');
    expect(sent({ ...values, shop: { circle: '7' } }).get('circle')).toBe('7');
  });
});
