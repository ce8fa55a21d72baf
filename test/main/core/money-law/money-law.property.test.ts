import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { startSandbox, type Sandbox } from '../../../../src/sandbox';
import { PLANS, type Plan } from '../../../../src/sandbox/scenarios';
import { isChangedAnswerPlan } from '../../../../src/sandbox/changed-answers';
import { openProviderSession, type ProviderSession } from '../../../../src/main/core/session/provider-session';
import { EventBus } from '../../../../src/main/core/events/event-bus';
import { NoticeBoard } from '../../../../src/main/core/notices/notice-board';
import { fixedRouting } from '../../../../src/main/core/routing/routing-source';
import { attemptFactsOf } from '../../../../src/main/core/routing/attempt-facts';
import { isDefiniteFailure } from '../../../../src/shared/routing/failover';
import { settingsSchema } from '../../../../src/shared/settings-schema';
import type { TxnRecord } from '../../../../src/main/core/txn/txn-record';
import { makeTempDir, removeTempDir } from '../../../support/temp-folder';
import { heldClock } from '../../../support/money-session';
import { twoAccountRules } from '../../../support/two-account-rules';
import { lawFindings, moneyOutside, type LawSim } from './law-sims';

// Issue 35: the money law, held over random provider words. Each attempt that reaches a provider
// plays a plan (any order of Success, Failure, Pending, refusal, Refunded, the changed answers of
// changed-answers.ts), some replies are lost or unreadable (unknown), on one account and on two
// with failover. The real recharge service and poller, on a held clock, follow the money through
// the follow-up schedule; after every step nothing is sent twice and no sale is sent while an
// attempt of it is unresolved; after every drain (the clock moved through 72 h of follow-ups) the
// ledger's money holds exactly what each provider charged, its words are the providers' checked
// words, and every double success at the providers is flagged.
//
// Red on main until the law's parts merge: changed answers recorded (law-changed-answer, items 1
// and 2), replies matched to the request (law-reply-match, item 3), not-sent failover (law-reach).

const HOUR = 3_600_000;
const START = Date.parse('2026-11-23T05:00:00Z');
/** The follow-up hops a drain walks: the first checks, then about 2 min, 1 h, 6 h, 24 h and 72 h. */
const DRAIN_HOPS = [1_000, 2_000, 5_000, 15_000, 60_000, 150_000, 1.1 * HOUR, 6.1 * HOUR, 24.1 * HOUR, 72.2 * HOUR, 73 * HOUR];

// MONEY_LAW_TRUTHFUL=1 plays only what a truthful provider says (no changed answer): the harness
// itself is then green on main, so what stays red is the law.
const TRUTHFUL = process.env['MONEY_LAW_TRUTHFUL'] === '1';
const plan = fc.constantFrom(
  ...PLANS.filter((p) => p !== 'success-complaint-refund' && (!TRUTHFUL || (!isChangedAnswerPlan(p) && p !== 'failure-reversed'))),
);
const fraction = fc.constantFrom(0, 0, 0.15);
const step = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('sell' as const),
      operator: fc.constantFrom('JIO', 'AT'),
      amount: fc.integer({ min: 10, max: 99 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('wait' as const), ms: fc.constantFrom(1_000, 30_000, 130_000, HOUR) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('drain' as const) }) },
);
const runArb = fc.record({
  accounts: fc.constantFrom(1, 2),
  seed: fc.integer({ min: 1, max: 1_000_000 }),
  // What each attempt reaching a provider plays, in order of arrival, per provider.
  main: fc.array(plan, { minLength: 8, maxLength: 8 }),
  spare: fc.array(plan, { minLength: 8, maxLength: 8 }),
  noReply: fraction,
  garbage: fraction,
  reversalMs: fc.constantFrom(90_000, 30 * 60_000, 5 * HOUR),
  steps: fc.array(step, { minLength: 1, maxLength: 5 }),
});
type Run = typeof runArb extends fc.Arbitrary<infer T> ? T : never;

async function startSim(account: 'main' | 'spare', run: Run, script: readonly Plan[], now: () => number): Promise<Sandbox> {
  return startSandbox({
    now,
    seed: run.seed + (account === 'main' ? 0 : 1),
    username: account === 'main' ? '9000000001' : '9000000002',
    token: `law-token-${account}`,
    dialect: account === 'main' ? 'document' : 'hash-text',
    balance: 1_000_000,
    pendingMs: 60_000,
    reversalMs: run.reversalMs,
    script: [...script],
    // After the script, what a sale past it plays: a plain success.
    plans: { success: 1 },
    faults: { noReply: run.noReply, garbage: run.garbage },
    noReplyHoldMs: 300,
  });
}

let failovers = 0;
let changedAnswers = 0;

async function oneRun(run: Run): Promise<void> {
  const clock = heldClock(START);
  const dataDir = makeTempDir('money-law');
  const main = await startSim('main', run, run.main, clock.now);
  const spare = await startSim('spare', run, run.spare, clock.now);
  const sims: LawSim[] =
    run.accounts === 2
      ? [
          { account: 'main', sandbox: main },
          { account: 'spare', sandbox: spare },
        ]
      : [{ account: 'main', sandbox: main }];
  const settings = settingsSchema.parse({
    version: 1,
    installPrefix: 'LAWP',
    poller: { firstCheckSeconds: 1, maxIntervalMinutes: 60, maxInFlight: 3, ratePerSecond: 50 },
    recharge: { duplicateWindowMinutes: 0 },
    provider: { baseUrl: main.url, username: main.credentials.username, profile: 'document' },
  });
  const events = new EventBus();
  const sentWhileOpen: string[] = [];
  const seen = new Set<string>();
  let session: ProviderSession | null = null;
  // The first word of an attempt after the first (its row is written before it is sent): every
  // earlier attempt of its sale must be a definite failure by the ledger's own facts.
  events.subscribe((event, payload) => {
    const { txn } = payload as { txn: TxnRecord };
    if (event !== 'txn:updated' || seen.has(txn.refId) || !session) return;
    seen.add(txn.refId);
    if ((txn.attemptNo ?? 1) < 2) return;
    const earlier = session.ledger.attemptsOf(txn.saleId ?? txn.refId).filter((a) => (a.attemptNo ?? 1) < (txn.attemptNo ?? 1));
    for (const a of earlier) if (!isDefiniteFailure(attemptFactsOf(a))) sentWhileOpen.push(`${txn.refId} after ${a.refId} (${a.status})`);
  });

  /** Moves the clock, lets the simulators' books and the poller's due checks happen, and waits for them. */
  const advance = async (ms: number) => {
    clock.advance(ms);
    for (const s of [main, spare]) s.admin.tick();
    for (let round = 0; round < 3; round++) {
      session!.poller.kick();
      await new Promise((r) => setTimeout(r, 15));
      await session!.poller.idle();
    }
  };
  const drain = async () => {
    const from = clock.t;
    for (const hop of DRAIN_HOPS) if (from + hop > clock.t) await advance(from + hop - clock.t);
  };
  const check = (drained: boolean) => {
    const f = lawFindings(sims, session!.ledger);
    expect(f.sentTwice).toEqual([]);
    expect(sentWhileOpen).toEqual([]);
    expect(f.causedDoubles).toEqual([]);
    if (!drained) return;
    expect(f.lost).toEqual([]);
    expect(f.statusOff).toEqual([]);
    expect(moneyOutside(f)).toEqual([]);
    expect(f.unflaggedDoubles).toEqual([]);
  };

  try {
    session = await openProviderSession(
      { mode: 'live', credentials: { baseUrl: main.url, username: main.credentials.username, token: main.credentials.token } },
      {
        dataDir,
        settings: () => settings,
        events,
        notices: new NoticeBoard({ events, now: clock.now }),
        now: clock.now,
        timeouts: { connectMs: 300, headersMs: 250, bodyMs: 250, totalMs: 400 },
        ...(run.accounts === 2
          ? {
              routing: fixedRouting(
                twoAccountRules(spare, true, (op) => (op === 'AT' ? [{ account: 'spare' }, { account: 'main' }] : undefined)),
              ),
              accountCredentials: (a) =>
                a.id === 'spare' ? { baseUrl: a.baseUrl, username: a.username, token: spare.credentials.token } : null,
            }
          : {}),
      },
    );
    for (const [i, s] of run.steps.entries()) {
      if (s.kind === 'sell') {
        const number = `98${String(run.seed % 1000).padStart(3, '0')}${String(i).padStart(4, '0')}7`;
        await session.recharge
          .submit({ number, operator: s.operator, amount: s.amount, confirmDuplicate: true, confirmOpen: true })
          .catch(() => undefined);
        await advance(0);
      } else if (s.kind === 'wait') await advance(s.ms);
      else {
        for (const sim of [main, spare]) sim.admin.setFaults({ noReply: 0, garbage: 0 });
        await drain();
        for (const sim of [main, spare]) sim.admin.setFaults({ noReply: run.noReply, garbage: run.garbage });
      }
      check(s.kind === 'drain');
    }
    for (const sim of [main, spare]) sim.admin.setFaults({ noReply: 0, garbage: 0 });
    await drain();
    check(true);
    const rows = session.ledger.history({ limit: 1000 });
    failovers += rows.filter((r) => (r.attemptNo ?? 1) > 1).length;
    changedAnswers += [main, spare]
      .flatMap((s) => s.admin.allTransactions())
      .filter((t) => t.plan !== 'success' && t.status === 'Success').length;
  } finally {
    await session?.close();
    await Promise.all([main.close(), spare.close()]);
    removeTempDir(dataDir);
  }
}

describe('the money law over random provider words (issue 35)', () => {
  it('after every step: sent once, no sale sent while unresolved; after every drain: the ledger holds what the providers charged, every double flagged', async () => {
    await fc.assert(fc.asyncProperty(runArb, oneRun), {
      numRuns: Number(process.env['MONEY_LAW_RUNS'] ?? 14),
      seed: 20261135,
      endOnFailure: true,
    });
    // Not vacuous: sales went to a second account, and providers said Success after another word.
    expect(failovers).toBeGreaterThan(0);
    if (!TRUTHFUL) expect(changedAnswers).toBeGreaterThan(0);
  }, 240_000);
});
