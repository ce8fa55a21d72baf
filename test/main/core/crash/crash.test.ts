import { describe, expect, it } from 'vitest';
import { runCrash } from './crash-run';
import { BUILTIN_PROFILE_IDS } from '../../../../src/shared/profiles/profile-ids';

// `npm test` runs a few dozen lives; the bench (`npm run bench crash`) runs 200 and records the counts.
const KILLS = Number(process.env['CRASH_KILLS'] ?? 40);
const SEED = Number(process.env['CRASH_SEED'] ?? 20261122);

describe('crash test: SIGKILL at random moments loses nothing, sends nothing twice, and the money adds up', () => {
  it(`survives ${KILLS} kills, refunds after success and complaints included`, async () => {
    const r = await runCrash(KILLS, SEED);
    console.log(
      `kills by phase: ${JSON.stringify(r.phases)}; provider holds ${r.held}; callbacks delivered ${r.callbacks_delivered}; refunded after success ${r.refunded_after_success}; ` +
        `complaints ${r.complaints}; reversals found only by the end-of-day check ${r.crash_reversals_found_by_sweep}; ledger-only ${r.ledgerOnly.length}`,
    );
    expect(r.phases['submit'] ?? 0).toBeGreaterThan(KILLS / 10);
    expect(r.phases['poll'] ?? 0).toBeGreaterThan(KILLS / 20);
    expect(r.held).toBeGreaterThan(KILLS / 2);
    expect(r.crash_doubles).toBe(0);
    expect(r.crash_lost).toBe(0);
    expect(r.mismatched).toEqual([]);
    expect(r.crash_money_mismatches).toBe(0);
    expect(r.refunded_after_success).toBeGreaterThan(0);
    // What the ledger has that the provider never saw was never charged: open, or closed as not sent.
    for (const t of r.ledgerOnly) expect(['Unknown', 'Error', 'Submitting']).toContain(t.status);
    for (const t of r.ledgerOnly) expect(t.submissions).toBe(0);
  }, 600_000);
});

// Issue 28: never-twice holds through every profile. Fewer lives each here; the bench runs more
// (`npm run bench crash-dialects`: crash_doubles_<dialect>).
const DIALECT_KILLS = Number(process.env['CRASH_DIALECT_KILLS'] ?? 12);
describe.each(BUILTIN_PROFILE_IDS.filter((d) => d !== 'document'))('crash test in the %s dialect', (dialect) => {
  it(`survives ${DIALECT_KILLS} kills: nothing sent twice, nothing lost, the money adds up`, async () => {
    const r = await runCrash(DIALECT_KILLS, SEED + 1, dialect);
    expect(r.held).toBeGreaterThan(DIALECT_KILLS / 2);
    expect(r.crash_doubles).toBe(0);
    expect(r.crash_lost).toBe(0);
    expect(r.mismatched).toEqual([]);
    expect(r.crash_money_mismatches).toBe(0);
    for (const t of r.ledgerOnly) expect(t.submissions).toBe(0);
  }, 600_000);
});

// Issue 36: the child sets up a library provider as a shop does (its operator codes, an address per
// host, every credential it declares). Two hosts: a status check sent to the recharge host finds
// nothing, and the pending recharges would stay open against the provider's final word.
describe('crash test in a library dialect with two hosts (RechargeExchange)', () => {
  it('survives 2 kills: nothing sent twice, nothing lost, the money adds up', async () => {
    const r = await runCrash(2, SEED + 2, 'rechargeexchange');
    expect(r.held).toBeGreaterThan(0);
    expect(r.crash_doubles).toBe(0);
    expect(r.crash_lost).toBe(0);
    expect(r.mismatched).toEqual([]);
    expect(r.crash_money_mismatches).toBe(0);
    for (const t of r.ledgerOnly) expect(t.submissions).toBe(0);
  }, 120_000);
});
