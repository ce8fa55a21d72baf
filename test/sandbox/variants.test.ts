import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox, type StartOptions } from '../../src/sandbox';
import { api, recharge } from './client';

let sandbox: Sandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});
const start = async (o: StartOptions) => (sandbox = await startSandbox({ pendingMs: 60_000, ...o }));

describe('field-notes variants, one switch each', () => {
  it('status letter case: upper and lower, on replies alike', async () => {
    const up = await start({ statusCase: 'upper' });
    expect((await recharge(up, '9000005555', 10, 'U')).json['status']).toBe('SUCCESS');
    expect((await api(up, 'balance', {})).json['status']).toBe('SUCCESS');
    expect((await recharge(up, '9000005555', 10, 'U')).json['status']).toBe('ERROR');
    await up.close();
    const low = await start({ statusCase: 'lower' });
    expect((await recharge(low, '9000001111', 10, 'L')).json['status']).toBe('pending');
  });

  it('Accepted instead of Pending on submit', async () => {
    const s = await start({ accepted: true });
    const r = await recharge(s, '9000001111', 10, 'A');
    expect(r.json).toMatchObject({ status: 'Accepted', message: 'We have accepted your request' });
    expect(
      (await api(s, 'statusByRefId', { ref_id: 'A', recharge_date: String(s.admin.transactions().items[0]?.rechargeDate) })).json['status'],
    ).toBe('Pending');
  });

  it('errors as HTTP 4xx with FAILURE and an error code', async () => {
    const s = await start({ errorStyle: 'http', balance: 5 });
    const poor = await recharge(s, '9000005555', 10, 'X');
    expect(poor.status).toBe(400);
    expect(poor.json).toEqual({ status: 'FAILURE', errorcode: '128', message: 'Insufficient Fund' });
    const auth = await api(s, 'balance', { username: s.credentials.username, api_token: 'nope' }, false);
    expect(auth.status).toBe(401);
    expect(auth.json).toMatchObject({ status: 'FAILURE', errorcode: '145' });
    const unknown = await api(s, 'statusByRefId', { ref_id: 'none', recharge_date: '2026-01-01' });
    expect(unknown.status).toBe(404);
  });

  it('JSON replies sent as text/html', async () => {
    const s = await start({ htmlContentType: true });
    const r = await recharge(s, '9000005555', 10, 'H');
    expect(r.contentType).toMatch(/^text\/html/);
    expect(r.json['status']).toBe('Success');
  });

  it('duplicate ref_id replayed with "duplicate": true and the original transaction', async () => {
    const s = await start({ duplicateRefId: 'replay' });
    const first = await recharge(s, '9000005555', 10, 'DUP');
    const again = await recharge(s, '9000005555', 99, 'DUP');
    expect(again.json).toMatchObject({ duplicate: true, txn_id: first.json['txn_id'], amount: '10' });
    expect(s.admin.transactions().total).toBe(1);
    expect(s.admin.account(s.credentials.username).buyerBalance).toBe(500000 - 1000 + 25);
    expect(s.admin.submissionCount('DUP')).toBe(2);
  });

  it('same number and amount within the window rejected with code 110', async () => {
    const s = await start({ sameNumberWindowMs: 180_000 });
    await recharge(s, '9000005555', 10, 'W1');
    expect((await recharge(s, '9000005555', 10, 'W2')).json).toMatchObject({ status: 'Error', errorcode: '110' });
    expect((await recharge(s, '9000005555', 11, 'W3')).json['status']).toBe('Success');
  });

  it('commission per operator is configurable, exact to the paisa', async () => {
    const s = await start({ commissionBp: { JIO: 333 } });
    expect((await recharge(s, '9000005555', 199, 'M')).json['margin_amount']).toBe('6.62');
  });
});
