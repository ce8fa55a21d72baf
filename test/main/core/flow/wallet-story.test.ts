import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { startSandbox } from '../../../../src/sandbox';
import { heldClock, openMoneySession } from '../../../support/money-session';
import { moneyStory } from '../../../../src/main/core/txn/money-story';
import { startCallbackListener } from '../../../../src/main/core/callback/callback-listener';
import { builtinEngine } from '../../../../src/shared/profiles/builtin-profiles';
import { BUILTIN_PROFILE_IDS, type BuiltinProfileId } from '../../../../src/shared/profiles/profile-ids';

const PENDING_MS = 60_000;
// Test numbers whose fate the sandbox fixes: success, failure, pending then success or failure,
// success then reversed, pending forever, success then refunded on complaint.
const SUFFIXES = ['5555', '0000', '1111', '2222', '3333', '4444', '6666'] as const;

type Op =
  | { kind: 'recharge'; suffix: (typeof SUFFIXES)[number]; amount: number }
  | { kind: 'time' }
  | { kind: 'reverse'; pick: number }
  | { kind: 'complain'; pick: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('recharge' as const),
      suffix: fc.constantFrom(...SUFFIXES),
      amount: fc.integer({ min: 10, max: 400 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('time' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reverse' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('complain' as const), pick: fc.nat() }) },
);

/** Runs one sequence against a fresh sandbox and session; returns the books' difference in paise. */
async function mismatchAfter(ops: Op[], dialect: BuiltinProfileId): Promise<{ diff: number; successes: number }> {
  const clock = heldClock(Date.parse('2026-11-22T06:00:00Z'));
  // The provider's callbacks reach the app's real listener, which hints a status check.
  let hint: (refId: string) => void = () => {};
  const listener = await startCallbackListener({
    host: '127.0.0.1',
    port: 0,
    onHint: (r) => hint(r),
    read: (params) => builtinEngine(dialect).readCallback(params),
    log: () => {},
  });
  const sandbox = await startSandbox({ pendingMs: PENDING_MS, balance: 100_000, now: clock.now, callbackUrl: `${listener.url}1`, dialect });
  const { session, close } = await openMoneySession({ baseUrl: sandbox.url, now: clock.now, profile: dialect });
  hint = (refId) => void session.poller.checkNow(refId, 'callback');
  const settle = async () => {
    await sandbox.admin.callbacks();
    await session.poller.idle();
  };
  try {
    const opening = await session.balances.refresh();
    const successes = () => session.ledger.history({ limit: 500 }).filter((t) => t.status === 'Success' && t.txnId);
    let n = 0;
    const time = async () => {
      clock.advance(PENDING_MS + 1);
      sandbox.admin.tick();
      await settle();
      for (const t of session.ledger.dueChecks(clock.now(), 100)) await session.poller.checkNow(t.refId, 'poll');
    };
    for (const o of ops) {
      if (o.kind === 'recharge') {
        const number = `98${String(n++).padStart(4, '0')}${o.suffix}`;
        await session.recharge.submit({ number, operator: 'JIO', amount: o.amount, confirmDuplicate: true, confirmOpen: true });
      } else if (o.kind === 'time') {
        await time();
      } else {
        const list = successes();
        const t = list[o.pick % Math.max(list.length, 1)];
        if (!t?.txnId) continue;
        if (o.kind === 'reverse') {
          // The provider reverses a success and says so by callback, which hints a check.
          sandbox.admin.forceStatus(t.txnId, 'Refunded');
        } else {
          await session.complaints.create(t.refId, 'not received');
          const complaint = sandbox.admin.complaints().find((c) => c.txnId === t.txnId);
          if (complaint?.status === 'Open') sandbox.admin.resolveComplaint(complaint.complainId, true);
        }
      }
      await settle();
    }
    // Let everything that will resolve resolve, and follow the complaints to their end.
    for (let i = 0; i < 4; i++) await time();
    clock.advance(3 * 3600_000);
    for (const t of session.ledger.dueChecks(clock.now(), 500)) await session.poller.checkNow(t.refId, 'poll');
    const closing = await session.balances.refresh();
    const story = moneyStory(session.ledger.history({ limit: 500 }));
    expect(story.unresolved).toBe(0);
    return { diff: closing.buyer - opening.buyer - (story.back - story.out), successes: successes().length };
  } finally {
    await close();
    await sandbox.close();
    await listener.close();
  }
}

// The document's dialect gets the most sequences; every other built-in dialect fewer, to keep CI short.
const RUNS: Record<BuiltinProfileId, number> = Object.fromEntries(
  BUILTIN_PROFILE_IDS.map((id) => [id, Number(process.env['WALLET_RUNS'] ?? (id === 'document' ? 12 : 6))]),
) as Record<BuiltinProfileId, number>;

describe.each(BUILTIN_PROFILE_IDS)('the wallet story adds up in the %s dialect', (dialect) => {
  it('for random sequences of recharges, failures, refunds and reversals: money out and back equals the balance change', async () => {
    let runs = 0;
    let mismatches = 0;
    let successes = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 14 }), async (ops) => {
        runs++;
        const { diff, successes: s } = await mismatchAfter(ops, dialect);
        successes += s;
        if (diff !== 0) mismatches++;
        expect(diff).toBe(0);
      }),
      { numRuns: RUNS[dialect], seed: Number(process.env['WALLET_SEED'] ?? 1122) },
    );
    console.log(`wallet story (${dialect}): ${runs} random sequences, ${successes} successes, ${mismatches} mismatches`);
    // A dialect the app could not speak would add up trivially, with nothing ever sent.
    expect(successes).toBeGreaterThan(0);
  }, 120_000);
});
