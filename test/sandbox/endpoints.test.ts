import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { api, fakeClock, recharge } from './client';

const TXN_FIELDS = ['status', 'number', 'amount', 'operator', 'ref_id', 'txn_id', 'opt_id', 'margin_amount', 'balance', 'message'];
let sandbox: Sandbox;
let clock: ReturnType<typeof fakeClock>;

beforeEach(async () => {
  clock = fakeClock();
  sandbox = await startSandbox({ balance: 1000, now: clock.now, token: 'secret-token-1' });
});
afterEach(() => sandbox.close());

describe('sandbox endpoints (the API document)', () => {
  it('recharge answers every field of section 2.1, all strings, money with two decimals', async () => {
    const r = await recharge(sandbox, '9876545555', 199, 'A1');
    expect(r.status).toBe(200);
    expect(r.contentType).toMatch(/^application\/json/);
    expect(Object.keys(r.json).sort()).toEqual([...TXN_FIELDS].sort());
    for (const f of TXN_FIELDS) expect(typeof r.json[f], f).toBe('string');
    expect(r.json).toMatchObject({
      status: 'Success',
      number: '9876545555',
      amount: '199',
      operator: 'JIO',
      ref_id: 'A1',
      margin_amount: '4.97',
      balance: '805.97',
    });
    expect(r.json['message']).not.toBe('');
    expect(r.json['opt_id']).toMatch(/^OP\d{10}$/);
  });

  it('status check finds the transaction by ref_id and its India-time date', async () => {
    const r = await recharge(sandbox, '9876545555', 199, 'A2');
    const s = await api(sandbox, 'statusByRefId', { ref_id: 'A2', recharge_date: '2026-11-22' });
    expect(s.json).toMatchObject({ status: 'Success', txn_id: r.json['txn_id'], ref_id: 'A2' });
    const wrong = await api(sandbox, 'statusByRefId', { ref_id: 'A2', recharge_date: '2026-11-21' });
    expect(wrong.json).toMatchObject({ status: 'Error', errorcode: '111' });
    expect(String(wrong.json['message'])).toContain('2026-11-21');
  });

  it('uses the provider calendar date in India between 00:00 and 05:30 IST', async () => {
    clock.t = Date.parse('2026-11-22T19:00:00Z'); // 00:30 IST on the 23rd
    await recharge(sandbox, '9876545555', 50, 'NIGHT');
    expect((await api(sandbox, 'statusByRefId', { ref_id: 'NIGHT', recharge_date: '2026-11-23' })).json['status']).toBe('Success');
    expect((await api(sandbox, 'statusByRefId', { ref_id: 'NIGHT', recharge_date: '2026-11-22' })).json['status']).toBe('Error');
  });

  it('balance answers the three balances of section 2.2', async () => {
    const b = await api(sandbox, 'balance', {});
    expect(b.json).toEqual({ status: 'Success', buyerBalance: '1000.00', sellerBalance: '0.00', lienBalance: '0.00', message: '' });
  });

  it('complain registers once per transaction and answers the first id again', async () => {
    const r = await recharge(sandbox, '9876545555', 199, 'C1');
    const c1 = await api(sandbox, 'complain', { txn_id: String(r.json['txn_id']), reason: 'Recharge not received' });
    expect(c1.json).toMatchObject({ status: 'Success', message: 'Complaint registered' });
    expect(c1.json['complain_id']).toMatch(/^CM\d+$/);
    const c2 = await api(sandbox, 'complain', { txn_id: String(r.json['txn_id']), reason: 'again' });
    expect(c2.json['complain_id']).toBe(c1.json['complain_id']);
  });
});

describe('sandbox rejections say exactly what was wrong and move nothing', () => {
  const cases: [string, Record<string, string | number>, string, RegExp][] = [
    ['missing parameters', { amount: 10, operator: 'JIO' }, '101', /Missing parameters: number, ref_id/],
    ['unknown operator', { number: '9876545555', amount: 10, operator: 'XYZ', ref_id: 'E1' }, '103', /Unknown operator code XYZ/],
    ['amount not an integer', { number: '9876545555', amount: '10.5', operator: 'JIO', ref_id: 'E2' }, '102', /positive whole number/],
    ['amount negative', { number: '9876545555', amount: '-10', operator: 'JIO', ref_id: 'E3' }, '102', /positive whole number/],
    [
      'amount below the limit',
      { number: '9876545555', amount: 5, operator: 'JIO', ref_id: 'E4' },
      '104',
      /between Rs 10.00 and Rs 10,000.00/,
    ],
    ['amount above the limit', { number: '9876545555', amount: 5001, operator: 'BSNL', ref_id: 'E5' }, '104', /BSNL Topup/],
    [
      'number not valid for the operator',
      { number: '12345', amount: 10, operator: 'AT', ref_id: 'E6' },
      '142',
      /not a valid Airtel mobile number/,
    ],
    ['DTH id not valid', { number: '9876545555', amount: 100, operator: 'ATDTH', ref_id: 'E7' }, '142', /subscriber ID/],
    ['insufficient balance', { number: '9876545555', amount: 1001, operator: 'JIO', ref_id: 'E8' }, '128', /Insufficient Fund/],
  ];

  for (const [name, params, code, message] of cases) {
    it(name, async () => {
      const r = await api(sandbox, 'recharge', params);
      expect(r.status).toBe(200);
      expect(r.json).toMatchObject({ status: 'Error', errorcode: code });
      expect(String(r.json['message'])).toMatch(message);
      expect(sandbox.admin.account(sandbox.credentials.username)).toMatchObject({ buyerBalance: 100000, lienBalance: 0 });
      expect(sandbox.admin.transactions().total).toBe(0);
    });
  }

  it('bad credentials, on every endpoint', async () => {
    for (const endpoint of ['recharge', 'statusByRefId', 'balance', 'complain']) {
      const r = await api(sandbox, endpoint, { username: sandbox.credentials.username, api_token: 'wrong' }, false);
      expect(r.json, endpoint).toMatchObject({ status: 'Error', errorcode: '145', message: 'Invalid username or API token' });
      const none = await api(sandbox, endpoint, {}, false);
      expect(String(none.json['message']), endpoint).toBe('Missing parameters: username, api_token');
    }
  });

  it('suspended account', async () => {
    sandbox.admin.suspend(sandbox.credentials.username, true);
    expect((await api(sandbox, 'balance', {})).json).toMatchObject({ status: 'Error', errorcode: '106' });
  });

  it('duplicate ref_id', async () => {
    await recharge(sandbox, '9876545555', 10, 'D1');
    const again = await recharge(sandbox, '9876545555', 20, 'D1');
    expect(again.json).toMatchObject({ status: 'Error', errorcode: '109', message: 'Duplicate reference id D1' });
    expect(sandbox.admin.transactions().total).toBe(1);
  });

  it('unknown ref_id, malformed date, unknown txn_id, foreign txn_id', async () => {
    expect((await api(sandbox, 'statusByRefId', { ref_id: 'nope', recharge_date: '2026-11-22' })).json).toMatchObject({ errorcode: '111' });
    expect((await api(sandbox, 'statusByRefId', { ref_id: 'nope', recharge_date: '22-11-2026' })).json).toMatchObject({ errorcode: '102' });
    expect((await api(sandbox, 'complain', { txn_id: 'RT9', reason: 'x' })).json).toMatchObject({ errorcode: '113' });
  });

  it('complaint older than 7 days, and an over-long reason', async () => {
    const r = await recharge(sandbox, '9876545555', 10, 'OLD');
    clock.advance(7 * 24 * 3600 * 1000 + 1);
    const c = await api(sandbox, 'complain', { txn_id: String(r.json['txn_id']), reason: 'late' });
    expect(c.json).toMatchObject({ status: 'Error', errorcode: '112' });
    const long = await api(sandbox, 'complain', { txn_id: String(r.json['txn_id']), reason: 'x'.repeat(501) });
    expect(long.json).toMatchObject({ errorcode: '102' });
  });

  it('non-GET methods and unknown paths get clear replies', async () => {
    const { request } = await import('undici');
    const post = await request(`${sandbox.url}/webservices/api/balance`, { method: 'POST' });
    expect(post.statusCode).toBe(405);
    expect(await post.body.json()).toMatchObject({ status: 'Error', message: 'All operations use GET with query-string parameters.' });
    for (const path of ['/', '/webservices/api/refund', '/webservices/api/__proto__', '/api/recharge']) {
      const r = await request(`${sandbox.url}${path}`);
      expect(r.statusCode, path).toBe(404);
      expect(((await r.body.json()) as { message: string }).message, path).toMatch(/Unknown/);
    }
  });
});
