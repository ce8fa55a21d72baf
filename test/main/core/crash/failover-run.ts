import { startSandbox, type Sandbox, type StartOptions } from '../../../../src/sandbox';
import { createRng } from '../../../../src/sandbox/rng';
import { Ledger } from '../../../../src/main/core/ledger/ledger';
import { ledgerPath } from '../../../../src/main/core/session/provider-session';
import { makeTempDir, removeTempDir } from '../../../support/temp-folder';
import type { BuiltinProfileId } from '../../../../src/shared/profiles/profile-ids';
import { bundleChild, freePort, runLife, type PhaseKill } from './crash-process';
import { countFailover, type AppAttempt, type FailoverCounts, type SimRecord } from './failover-count';

const OPENING_RUPEES = 10_000_000;
const NO_FAULTS = { latencyMs: 0, jitterMs: 0, noReply: 0, resetAfter: 0, badGateway: 0, garbage: 0, htmlError: 0, refuse: 0 };

/** Every attempt the app's ledger holds, as the counting reads it; `told`: the refs the owner was told of as possible doubles. */
export function appAttempts(ledger: Pick<Ledger, 'history' | 'openTxns'>, told: ReadonlySet<string>): AppAttempt[] {
  return ledger
    .history({ limit: 100_000 })
    .concat(ledger.openTxns())
    .map((t) => ({
      refId: t.refId,
      account: t.accountId ?? 'main',
      saleId: t.saleId ?? t.refId,
      attemptNo: t.attemptNo ?? 1,
      status: t.status,
      amount: t.amount,
      margin: t.margin ?? null,
      flagged: told.has(t.refId),
    }));
}

/** What a simulator holds: its own records of the app's account there. */
export function simRecord(account: string, s: Sandbox): SimRecord {
  const wallet = s.admin.account(s.credentials.username);
  return {
    account,
    txns: s.admin.allTransactions(),
    submissions: s.admin.submissions(),
    wallet: { buyerBalance: wallet.buyerBalance, opening: wallet.opening, booksBalance: wallet.booksBalance },
  };
}

/** A simulator as the child core is told of it (argv JSON). */
export interface FailoverSim {
  readonly account: string;
  readonly url: string;
  readonly username: string;
  readonly token: string;
  readonly dialect: BuiltinProfileId;
  readonly callbackPort: number;
}

/**
 * The two providers of the test, different in dialect and in how they fail (issue 29 item 4):
 * `main` speaks the document, refuses some recharges as not processed, fails some at once, some
 * after a Pending, and reverses some of its failures long after its status check confirmed them;
 * both also play issue 35's changed answers (refusals carried out, replies about another request);
 * `spare` speaks caps-json, mostly succeeds, sometimes late, sometimes fails after a Pending, and
 * times out, resets or answers garbage now and then. Both are slow enough to be killed mid-call.
 */
const SIMS: readonly (StartOptions & { account: string; dialect: BuiltinProfileId })[] = [
  {
    account: 'main',
    username: '9000000001',
    dialect: 'document',
    plans: {
      success: 3,
      failure: 3,
      'pending-failure': 2,
      'failure-reversed': 1,
      'pending-success': 1,
      // Changed answers (issue 35): a refusal then carried out, a refusal naming another ref, a reversal later refunded.
      'refused-carried-out': 1,
      'refused-other-ref': 1,
      'failure-reversed-refund': 1,
    },
    faults: { latencyMs: 2, jitterMs: 30, refuse: 0.15, noReply: 0.03, resetAfter: 0.03 },
  },
  {
    account: 'spare',
    username: '9000000002',
    dialect: 'caps-json',
    plans: {
      success: 6,
      'pending-success': 2,
      'pending-failure': 1,
      failure: 1,
      // Changed answers (issue 35): HTTP 429 and a gateway's body for recharges carried out, another number, two changes.
      'refused-429': 1,
      'gateway-504': 1,
      'success-other-number': 1,
      'pending-failure-reversed': 1,
    },
    faults: { latencyMs: 2, jitterMs: 30, refuse: 0.05, noReply: 0.03, garbage: 0.03 },
  },
];

/**
 * The moments of a failover a life may be aimed at (the child's `phase:` lines): the first
 * attempt's row written, its failure known (a refusal or a confirmed failure), the second
 * attempt's row written (its send under way), and its first answer.
 */
const AIMS = ['a1-Submitting', 'a1-Error', 'a1-Failure', 'a2-Submitting', 'a2-Pending', 'a2-Success'] as const;

export interface FailoverResult extends FailoverCounts {
  crash_failover_runs: number;
  /** Reversal doubles the owner was told of in some life, though maybe not in the last. */
  crash_reversals_told_in_a_killed_life: number;
  /** Changed answers told only thanks to the settling life's check of every attempt counted failed (their callbacks came while the core was dead). */
  crash_failover_found_by_sweep: number;
  phases: Record<string, number>;
  /** Lives killed at the moment of a failover they were aimed at, by that moment. */
  aimed: Record<string, number>;
}

/**
 * Kills the core at random instants while it sells across the two simulators, failing over where
 * the law allows; then lets a last life settle and counts from the simulators' own records.
 */
export async function runFailoverCrash(kills: number, seed: number): Promise<FailoverResult> {
  const bundle = await bundleChild('failover-child.ts');
  const dataDir = makeTempDir('crash-failover');
  const started: Sandbox[] = [];
  try {
    const sims: FailoverSim[] = [];
    for (const [i, spec] of SIMS.entries()) {
      const callbackPort = await freePort();
      const { account, ...options } = spec;
      const sandbox = await startSandbox({
        ...options,
        seed: seed + i,
        token: `failover-token-${account}`,
        balance: OPENING_RUPEES,
        pendingMs: 300,
        // After the first status check (1 s) has confirmed the failure and the failover was sent.
        reversalMs: 2500,
        callbackUrl: `http://127.0.0.1:${callbackPort}/api/webhook/callback/1`,
        callbackRetries: 3,
        callbackTimeoutMs: 500,
        noReplyHoldMs: 1500,
      });
      started.push(sandbox);
      sims.push({
        account,
        url: sandbox.url,
        username: sandbox.credentials.username,
        token: sandbox.credentials.token,
        dialect: spec.dialect,
        callbackPort,
      });
    }
    const life = (i: number, mode: 'run' | 'settle', killAfterMs: number | null, atPhase?: PhaseKill) =>
      runLife(bundle, [dataDir, String(seed + i), mode, String(i), JSON.stringify(sims)], killAfterMs, atPhase);

    const rng = createRng(seed);
    const phases: Record<string, number> = {};
    const hits: Record<string, number> = {};
    const flags = (lines: string[]) => new Set(lines.filter((l) => l.startsWith('flag:')).map((l) => l.slice(5)));
    const toldBefore = new Set<string>();
    for (let i = 0; i < kills; i++) {
      // Long enough lives that a status check (1 s after a send) confirms failures and fails over;
      // every other life aimed at a moment of a failover, killed within a few ms of reaching it.
      const aim = i % 2 === 1 ? AIMS[Math.floor(rng() * AIMS.length)] : undefined;
      const atPhase = aim && { phase: aim, delayMs: Math.floor(rng() * 15) };
      const { lastPhase, lines, aimed } = await life(i, 'run', 5 + Math.floor(rng() * 2500), atPhase);
      phases[lastPhase] = (phases[lastPhase] ?? 0) + 1;
      if (aim && aimed) hits[aim] = (hits[aim] ?? 0) + 1;
      for (const ref of flags(lines)) toldBefore.add(ref);
    }
    for (const s of started) s.admin.setFaults(NO_FAULTS);
    // Every change due has happened (a reversal, a refund after it: 2.8 s) before the last life looks.
    await new Promise((r) => setTimeout(r, 3000));
    for (const s of started) await s.admin.callbacks();
    const settled = await life(kills, 'settle', null);
    if (!settled.lines.includes('settled')) throw new Error(`the settling life did not finish: ${settled.lines.join('\n')}`);
    const sweep = Number((settled.lines.find((l) => l.startsWith('sweep:')) ?? 'sweep:0').slice(6));
    // Flagged is what the owner is told after the last restart: a notice lives in memory only.
    const told = flags(settled.lines);

    const ledger = Ledger.open(ledgerPath(dataDir, { mode: 'live', credentials: { ...sims[0]!, baseUrl: sims[0]!.url } }));
    try {
      const app = appAttempts(ledger, told);
      const records = started.map((s, i) => simRecord(sims[i]!.account, s));
      return {
        crash_failover_runs: kills,
        crash_failover_found_by_sweep: sweep,
        crash_reversals_told_in_a_killed_life: toldBefore.size,
        phases,
        aimed: hits,
        ...countFailover(records, app),
      };
    } finally {
      ledger.close();
    }
  } finally {
    await Promise.all(started.map((s) => s.close()));
    removeTempDir(dataDir);
  }
}
