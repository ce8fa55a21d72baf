import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox, type StartOptions } from '../../src/sandbox';
import { ResellerClient } from '../../src/main/core/reseller/reseller-client';
import { builtinEngine } from '../../src/shared/profiles/builtin-profiles';
import { BUILTIN_PROFILE_IDS, type BuiltinProfileId } from '../../src/shared/profiles/profile-ids';
import { parseSandboxArgs } from '../../src/sandbox/cli-args';

// The faults a backup provider is tested against (issue 29): a refusal every profile reads as
// "not processed", and a provider that reverses its own failure long after saying it.
let sandbox: Sandbox | undefined;
let client: ResellerClient | undefined;
afterEach(async () => {
  await client?.close();
  await sandbox?.close();
  sandbox = client = undefined;
});

async function start(dialect: BuiltinProfileId, o: StartOptions): Promise<{ s: Sandbox; c: ResellerClient }> {
  const s = (sandbox = await startSandbox({ dialect, pendingMs: 60_000, ...o }));
  const c = (client = new ResellerClient(
    () => ({ baseUrl: s.url, username: s.credentials.username, token: s.credentials.token }),
    undefined,
    builtinEngine(dialect),
  ));
  return { s, c };
}

describe.each(BUILTIN_PROFILE_IDS)('failover faults in the %s dialect', (dialect) => {
  it('a refused recharge is read as not processed: nothing taken, nothing filed, the call counted once', async () => {
    const { s, c } = await start(dialect, { faults: { refuse: 1 } });
    const before = s.admin.account(s.credentials.username).buyerBalance;
    const r = await c.recharge({ number: '9000012347', amountRupees: 20, operator: 'JIO', refId: '7000000001' });
    expect(r).toMatchObject({ kind: 'rejected', code: '128' });
    expect(s.admin.transactions().total).toBe(0);
    expect(s.admin.account(s.credentials.username).buyerBalance).toBe(before);
    expect(s.admin.submissionCount('7000000001')).toBe(1);
  });

  it('a reversed failure: Failure on the reply and the status check, then Success, charged again', async () => {
    const { s, c } = await start(dialect, { plans: { 'failure-reversed': 1 }, reversalMs: 300 });
    const before = s.admin.account(s.credentials.username);
    const r = await c.recharge({ number: '9000012347', amountRupees: 20, operator: 'JIO', refId: '7000000002' });
    expect(r.kind === 'answer' && r.reply.status.status).toBe('Failure');
    const date = s.admin.transactions().items[0]!.rechargeDate;
    const first = await c.status('7000000002', date);
    expect(first.kind === 'answer' && first.reply.status.status).toBe('Failure');
    expect(s.admin.account(s.credentials.username).buyerBalance).toBe(before.buyerBalance);
    await new Promise((res) => setTimeout(res, 450));
    const later = await c.status('7000000002', date);
    expect(later.kind === 'answer' && later.reply.status.status).toBe('Success');
    const after = s.admin.account(s.credentials.username);
    const margin = s.admin.transactions().items[0]!.margin;
    expect(after.buyerBalance).toBe(before.buyerBalance - 2000 + margin);
    expect(after.booksBalance).toBe(true);
  });
});

describe('plan mix', () => {
  it('weights decide what a non-test number does; test endings keep their script', async () => {
    const { c, s } = await start('document', { plans: { failure: 1 } });
    for (let i = 0; i < 5; i++) await c.recharge({ number: `90000${i}2347`, amountRupees: 10, operator: 'JIO', refId: `PM${i}` });
    await c.recharge({ number: '9000015555', amountRupees: 10, operator: 'JIO', refId: 'PM5555' });
    const byRef = Object.fromEntries(s.admin.transactions().items.map((t) => [t.refId, t.status]));
    expect(byRef).toEqual({ PM0: 'Failure', PM1: 'Failure', PM2: 'Failure', PM3: 'Failure', PM4: 'Failure', PM5555: 'Success' });
  });

  it('the command line takes the plans, the reversal delay and the refusal fault', () => {
    const o = parseSandboxArgs(['--plans', 'failure-reversed=1,pending-failure=2', '--reversal-ms', '900', '--fault-refuse', '0.2']);
    expect(o).toMatchObject({ plans: { 'failure-reversed': 1, 'pending-failure': 2 }, reversalMs: 900, faults: { refuse: 0.2 } });
  });
});
