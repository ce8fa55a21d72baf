import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { api, balances, fakeClock, recharge } from './client';

let sandbox: Sandbox;
let clock: ReturnType<typeof fakeClock>;
const user = () => sandbox.credentials.username;

beforeEach(async () => {
  clock = fakeClock();
  sandbox = await startSandbox({ balance: 1000, now: clock.now, pendingMs: 5000 });
});
afterEach(() => sandbox.close());

async function statusOf(refId: string) {
  return (await api(sandbox, 'statusByRefId', { ref_id: refId, recharge_date: '2026-11-22' })).json;
}

function later(ms = 5000) {
  clock.advance(ms);
  sandbox.admin.tick();
}

describe('test numbers: deterministic outcomes and the wallet', () => {
  it('…5555 succeeds at once: amount spent, commission credited', async () => {
    const r = await recharge(sandbox, '9000005555', 100, 'S');
    expect(r.json).toMatchObject({ status: 'Success', margin_amount: '2.50', balance: '902.50' });
    expect(await balances(sandbox)).toEqual({ buyer: '902.50', lien: '0.00', seller: '0.00' });
  });

  it('…0000 fails at once: nothing lost', async () => {
    const r = await recharge(sandbox, '9000000000', 100, 'F');
    expect(r.json).toMatchObject({ status: 'Failure', margin_amount: '0.00', balance: '1000.00', opt_id: '' });
    expect(await balances(sandbox)).toEqual({ buyer: '1000.00', lien: '0.00', seller: '0.00' });
  });

  it('…1111 goes Pending (held as lien), then Success', async () => {
    const r = await recharge(sandbox, '9000001111', 100, 'PS');
    expect(r.json).toMatchObject({ status: 'Pending', balance: '900.00', opt_id: '' });
    expect(await balances(sandbox)).toEqual({ buyer: '900.00', lien: '100.00', seller: '0.00' });
    later(4999);
    expect((await statusOf('PS'))['status']).toBe('Pending');
    later(1);
    expect(await statusOf('PS')).toMatchObject({ status: 'Success', margin_amount: '2.50', balance: '902.50' });
    expect(await balances(sandbox)).toEqual({ buyer: '902.50', lien: '0.00', seller: '0.00' });
  });

  it('…2222 goes Pending, then Failure with the lien returned', async () => {
    await recharge(sandbox, '9000002222', 100, 'PF');
    later();
    expect(await statusOf('PF')).toMatchObject({ status: 'Failure', balance: '1000.00' });
    expect(await balances(sandbox)).toEqual({ buyer: '1000.00', lien: '0.00', seller: '0.00' });
  });

  it('…3333 succeeds, then is Refunded: amount back, commission taken back', async () => {
    await recharge(sandbox, '9000003333', 100, 'SR');
    expect((await balances(sandbox)).buyer).toBe('902.50');
    later();
    expect(await statusOf('SR')).toMatchObject({ status: 'Refunded', balance: '1000.00' });
    later(60_000);
    expect((await statusOf('SR'))['status']).toBe('Refunded');
  });

  it('…4444 stays Pending forever', async () => {
    await recharge(sandbox, '9000004444', 100, 'PP');
    later(86_400_000);
    expect((await statusOf('PP'))['status']).toBe('Pending');
    expect(await balances(sandbox)).toEqual({ buyer: '900.00', lien: '100.00', seller: '0.00' });
  });

  it('…6666 succeeds; a complaint on it is resolved by a refund', async () => {
    const r = await recharge(sandbox, '9000006666', 100, 'CR');
    const c = await api(sandbox, 'complain', { txn_id: String(r.json['txn_id']), reason: 'Recharge not received' });
    expect(sandbox.admin.complaints()[0]).toMatchObject({ complainId: c.json['complain_id'], status: 'Open' });
    later();
    expect((await statusOf('CR'))['status']).toBe('Refunded');
    expect(sandbox.admin.complaints()[0]).toMatchObject({ status: 'Resolved', resolution: 'refunded' });
    expect((await balances(sandbox)).buyer).toBe('1000.00');
  });

  it('a complaint on …3333 resolves as refunded when the refund comes', async () => {
    const r = await recharge(sandbox, '9000003333', 100, 'C3');
    await api(sandbox, 'complain', { txn_id: String(r.json['txn_id']), reason: 'Wrong amount' });
    later();
    expect(sandbox.admin.complaints()[0]).toMatchObject({ status: 'Resolved', resolution: 'refunded' });
  });

  it('the same suffixes apply to DTH subscriber IDs', async () => {
    expect((await recharge(sandbox, '3000005555', 200, 'D1', 'ATDTH')).json['status']).toBe('Success');
    expect((await recharge(sandbox, '1000000000', 200, 'D2', 'TATASKY')).json['status']).toBe('Failure');
    expect((await recharge(sandbox, '01234561111', 200, 'D3', 'DISHTV')).json['status']).toBe('Pending');
  });

  it('admin can force a status, moving money as the provider would, and refuses impossible moves', async () => {
    const r = await recharge(sandbox, '9000004444', 100, 'FORCE');
    const txnId = String(r.json['txn_id']);
    expect(sandbox.admin.forceStatus(txnId, 'Failure').status).toBe('Failure');
    expect(() => sandbox.admin.forceStatus(txnId, 'Success')).toThrow(/cannot become Success/);
    expect(sandbox.admin.account(user())).toMatchObject({ buyerBalance: 100000, lienBalance: 0, booksBalance: true });
  });

  it('top-up adds to the buyer balance and the books still balance', async () => {
    sandbox.admin.topUp(user(), 250);
    expect(sandbox.admin.account(user())).toMatchObject({ buyerBalance: 125000, topups: 25000, booksBalance: true });
  });

  it('pending resolves by itself in real time with the default scheduler', async () => {
    const live = await startSandbox({ pendingMs: 50 });
    try {
      await recharge(live, '9000001111', 100, 'RT');
      await new Promise((r) => setTimeout(r, 150));
      expect(live.admin.transactions().items[0]?.status).toBe('Success');
    } finally {
      await live.close();
    }
  });
});

describe('demo profile', () => {
  it('is seeded: the same seed gives the same outcomes, mostly Success', async () => {
    const run = async (seed: number) => {
      const s = await startSandbox({ seed, balance: 100000, pendingMs: 60_000 });
      const out: string[] = [];
      for (let i = 0; i < 60; i++) out.push(String((await recharge(s, `98${String(i).padStart(8, '7')}`, 10, `R${i}`)).json['status']));
      await s.close();
      return out;
    };
    const a = await run(7);
    expect(await run(7)).toEqual(a);
    const success = a.filter((s) => s === 'Success').length;
    expect(success).toBeGreaterThan(35);
    expect(new Set(a).size).toBeGreaterThan(1);
  });
});
