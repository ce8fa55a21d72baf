import { afterEach, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { CHANGED_ANSWER_PLANS, type ChangedAnswerPlan } from '../../src/sandbox/changed-answers';
import { parseSandboxArgs, USAGE } from '../../src/sandbox/cli-args';
import { ResellerClient } from '../../src/main/core/reseller/reseller-client';
import { builtinEngine } from '../../src/shared/profiles/builtin-profiles';
import { BUILTIN_PROFILE_IDS } from '../../src/shared/profiles/profile-ids';
import { api, fakeClock, recharge } from './client';

// Issue 35's provider words a truthful provider never says, as the simulator plays them: what the
// recharge reply says, what the status check says after, and the wallet charged only for what the
// provider's own books say went.
let sandbox: Sandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

const PENDING_MS = 1000;
const REVERSAL_MS = 5000;

async function start(plan: ChangedAnswerPlan | null, extra: Parameters<typeof startSandbox>[0] = {}) {
  const clock = fakeClock();
  const s = (sandbox = await startSandbox({
    now: clock.now,
    pendingMs: PENDING_MS,
    reversalMs: REVERSAL_MS,
    ...(plan ? { plans: { [plan]: 1 } } : {}),
    ...extra,
  }));
  const status = async (ref: string) => {
    const date = s.admin.transactions().items.find((t) => t.refId === ref)!.rechargeDate;
    return (await api(s, 'statusByRefId', { ref_id: ref, recharge_date: date })).json;
  };
  const later = (ms: number) => {
    clock.advance(ms);
    s.admin.tick();
  };
  const wallet = () => s.admin.account(s.credentials.username);
  return { s, status, later, wallet };
}

/** Whole rupees charged for a ₹100 JIO recharge at the default 2.5% commission. */
const CHARGED = 10_000 - 250;

describe('changed answers the simulator plays (issue 35)', () => {
  it('a refusal that the provider then carries out: code 128 on the reply, Pending then Success on the check, charged once', async () => {
    const { status, later, wallet } = await start('refused-carried-out');
    const opening = wallet().buyerBalance;
    const r = await recharge(sandbox!, '9000012347', 100, 'R1');
    expect(r.json).toMatchObject({ status: 'Error', errorcode: '128' });
    expect((await status('R1'))['status']).toBe('Pending');
    later(REVERSAL_MS);
    expect(await status('R1')).toMatchObject({ status: 'Success', number: '9000012347', amount: '100' });
    expect(wallet()).toMatchObject({ buyerBalance: opening - CHARGED, booksBalance: true });
  });

  it('a refusal naming another ref_id, and one with HTTP 429: the recharge was carried out', async () => {
    const { status, wallet } = await start(null, { script: ['refused-other-ref', 'refused-429'] });
    const opening = wallet().buyerBalance;
    const other = await recharge(sandbox!, '9000012347', 100, 'R10');
    expect(other).toMatchObject({ status: 200, json: { status: 'Error', errorcode: '128', ref_id: 'R11' } });
    const limited = await recharge(sandbox!, '9000022347', 100, 'R20');
    expect(limited).toMatchObject({ status: 429, json: { status: 'Error', errorcode: '128' } });
    expect((await status('R10'))['status']).toBe('Success');
    expect((await status('R20'))['status']).toBe('Success');
    expect(wallet()).toMatchObject({ buyerBalance: opening - 2 * CHARGED, booksBalance: true });
  });

  it('a gateway\'s {"errorcode":"504"}: the body is the gateway\'s, the recharge was carried out', async () => {
    const { status, wallet } = await start('gateway-504');
    const opening = wallet().buyerBalance;
    const r = await recharge(sandbox!, '9000012347', 100, 'R1');
    expect({ status: r.status, text: r.text }).toEqual({ status: 504, text: '{"errorcode":"504"}' });
    expect((await status('R1'))['status']).toBe('Success');
    expect(wallet().buyerBalance).toBe(opening - CHARGED);
  });

  it('a Success naming another number or amount; the status check names ours', async () => {
    const { status } = await start(null, { script: ['success-other-number', 'success-other-amount'] });
    const n = await recharge(sandbox!, '9000012347', 100, 'R1');
    expect(n.json).toMatchObject({ status: 'Success', number: '9000012340', amount: '100' });
    const a = await recharge(sandbox!, '9000022347', 100, 'R2');
    expect(a.json).toMatchObject({ status: 'Success', number: '9000022347', amount: '101' });
    expect(await status('R1')).toMatchObject({ status: 'Success', number: '9000012347', amount: '100' });
    expect(await status('R2')).toMatchObject({ status: 'Success', number: '9000022347', amount: '100' });
  });

  it('answers that change more than once: Pending → Failure → Success, and Failure → Success → Refunded', async () => {
    const { status, later, wallet } = await start(null, { script: ['pending-failure-reversed', 'failure-reversed-refund'] });
    const opening = wallet().buyerBalance;
    expect((await recharge(sandbox!, '9000012347', 100, 'A')).json['status']).toBe('Pending');
    expect((await recharge(sandbox!, '9000022347', 100, 'B')).json['status']).toBe('Failure');
    const seen = async () => [(await status('A'))['status'], (await status('B'))['status'], wallet().buyerBalance - opening];
    expect(await seen()).toEqual(['Pending', 'Failure', -10_000]);
    later(PENDING_MS);
    expect(await seen()).toEqual(['Failure', 'Failure', 0]);
    later(REVERSAL_MS - PENDING_MS);
    expect(await seen()).toEqual(['Failure', 'Success', -CHARGED]);
    later(PENDING_MS);
    expect(await seen()).toEqual(['Success', 'Refunded', -CHARGED]);
    expect(wallet().booksBalance).toBe(true);
  });

  it('the script comes before the test endings and the mix, then the usual rules take over', async () => {
    const { s } = await start(null, { script: ['failure-reversed'], plans: { success: 1 } });
    expect((await recharge(s, '9000015555', 100, 'S1')).json['status']).toBe('Failure');
    expect((await recharge(s, '9000010000', 100, 'S2')).json['status']).toBe('Failure');
    expect((await recharge(s, '9000012347', 100, 'S3')).json['status']).toBe('Success');
  });

  it('the admin routes change the mix and queue a script while the simulator runs', async () => {
    const { s } = await start(null, { plans: { success: 1 } });
    const call = async (method: 'GET' | 'PUT' | 'POST', path: string, body?: unknown) => {
      const res = await request(`${s.url}/sandbox/${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: res.statusCode, json: (await res.body.json()) as Record<string, unknown> };
    };
    expect(await call('PUT', 'plans', { plans: { 'success-other-amount': 1 } })).toEqual({
      status: 200,
      json: { plans: { 'success-other-amount': 1 } },
    });
    expect(await call('POST', 'script', { plans: ['refused-carried-out'] })).toEqual({
      status: 200,
      json: { plans: ['refused-carried-out'] },
    });
    expect((await call('POST', 'script', { plans: ['no-such-plan'] })).status).toBe(400);
    expect((await recharge(s, '9000012347', 100, 'Q1')).json).toMatchObject({ status: 'Error', errorcode: '128' });
    expect((await recharge(s, '9000022347', 100, 'Q2')).json).toMatchObject({ status: 'Success', amount: '101' });
    expect(await call('GET', 'script')).toEqual({ status: 200, json: { plans: [] } });
    expect(await call('PUT', 'plans', { plans: null })).toEqual({ status: 200, json: { plans: null } });
  });

  it('the command line takes every changed answer as a plan and as a script, and --help names them', () => {
    const o = parseSandboxArgs(['--plans', CHANGED_ANSWER_PLANS.map((p) => `${p}=1`).join(','), '--script', 'gateway-504,refused-429']);
    expect(o).toMatchObject({ script: ['gateway-504', 'refused-429'] });
    expect(o !== 'help' && Object.keys(o.plans ?? {})).toEqual([...CHANGED_ANSWER_PLANS]);
    for (const plan of CHANGED_ANSWER_PLANS) expect(USAGE).toContain(plan);
    expect(() => parseSandboxArgs(['--script', 'nonsense'])).toThrow();
  });
});

describe.each(BUILTIN_PROFILE_IDS)('changed answers in the %s dialect', (dialect) => {
  it.each(CHANGED_ANSWER_PLANS)('%s: every reply is sayable, the status check tells the books, the books balance', async (plan) => {
    const { s, later, wallet } = await start(plan, { dialect });
    const client = new ResellerClient(
      () => ({ baseUrl: s.url, username: s.credentials.username, token: s.credentials.token }),
      undefined,
      builtinEngine(dialect),
    );
    try {
      const r = await client.recharge({ number: '9000012347', amountRupees: 20, operator: 'JIO', refId: '7000000001' });
      expect(r.kind).not.toBe('not_sent');
      later(REVERSAL_MS + PENDING_MS);
      later(PENDING_MS);
      const txn = s.admin.transactions().items[0]!;
      const checked = await client.status('7000000001', txn.rechargeDate);
      expect(checked.kind === 'answer' && checked.reply.status.status).toBe(txn.status);
      expect(s.admin.submissionCount('7000000001')).toBe(1);
      expect(wallet().booksBalance).toBe(true);
    } finally {
      await client.close();
    }
  });
});
