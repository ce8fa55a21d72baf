import { join } from 'node:path';
import { startSandbox, type Sandbox, type StartOptions } from '../../../../src/sandbox';
import { createRng } from '../../../../src/sandbox/rng';
import { Ledger } from '../../../../src/main/core/ledger/ledger';
import { moneyStory } from '../../../../src/main/core/txn/money-story';
import { moneyHeld } from '../../../../src/shared/money-law/status-money';
import type { TxnRecord } from '../../../../src/main/core/txn/txn-record';
import { makeTempDir, removeTempDir } from '../../../support/temp-folder';
import { createEngine, type ProfileEngine } from '../../../../src/shared/profiles/profile-engine';
import { builtinEngine } from '../../../../src/shared/profiles/builtin-profiles';
import { otherCredentials, ownersVersion } from '../../../support/library-account';
import { bundleChild, freePort, runLife } from './crash-process';
import { crashOperators, isLibraryDialect, type CrashDialect } from './crash-library';
import { asksByProviderId, reversed, statusWords, tellsMargin } from './dialect-tells';

const OPENING_RUPEES = 10_000_000;

export interface CrashResult {
  crash_runs: number;
  /** ref_ids the provider received more than once. */
  crash_doubles: number;
  /** Transactions the provider holds that the ledger does not. */
  crash_lost: number;
  /** Transactions whose ledger status differs from the provider's, plus 1 if the wallet does not add up. */
  crash_money_mismatches: number;
  /** Recharges whose final word at the provider the dialect's status check cannot say: left as the counter last knew them. */
  crash_untold: number;
  untold: { refId: string; provider: string; ledger: string }[];
  /** Reversals after success whose callbacks all arrived while the core was dead: found by the end-of-day check. */
  crash_reversals_found_by_sweep: number;
  phases: Record<string, number>;
  callbacks_delivered: number;
  held: number;
  refunded_after_success: number;
  complaints: number;
  ledgerOnly: { refId: string; status: string; submissions: number }[];
  mismatched: { refId: string; provider: string; ledger: string }[];
}

/**
 * How the sandbox plays a dialect: a built-in one by its id; a library provider as the shop runs
 * it (the owner's version with the crash child's operator codes), knowing every credential it declares.
 */
function playedDialect(dialect: CrashDialect): {
  engine: ProfileEngine;
  options: Pick<StartOptions, 'dialect' | 'dialectEngine' | 'credentialValues'>;
} {
  if (!isLibraryDialect(dialect)) return { engine: builtinEngine(dialect), options: { dialect } };
  const engine = createEngine(ownersVersion(dialect, crashOperators(dialect)), 'check');
  return { engine, options: { dialectEngine: engine, credentialValues: otherCredentials(engine) } };
}

/**
 * Kills the core at random instants while it recharges, follows refunds after success, raises
 * complaints and hears callbacks; then lets a last life settle and compares the ledger with the
 * provider. The test asserts on the result; the bench records it.
 */
export async function runCrash(kills: number, seed: number, dialect: CrashDialect = 'document'): Promise<CrashResult> {
  const childBundle = await bundleChild('crash-child.ts');
  const dataDir = makeTempDir('crash');
  const callbackPort = await freePort();
  const played = playedDialect(dialect);
  const sandbox: Sandbox = await startSandbox({
    seed,
    ...played.options,
    balance: OPENING_RUPEES,
    pendingMs: 150,
    callbackUrl: `http://127.0.0.1:${callbackPort}/api/webhook/callback/1`,
    callbackRetries: 3,
    callbackTimeoutMs: 500,
    faults: { latencyMs: 2, jitterMs: 25, noReply: 0.05, resetAfter: 0.05, badGateway: 0.04, garbage: 0.04, htmlError: 0.04 },
    noReplyHoldMs: 1500,
  });
  const life = (lifeSeed: number, mode: 'run' | 'settle', killAfterMs: number | null) =>
    runLife(
      childBundle,
      [
        dataDir,
        sandbox.url,
        sandbox.credentials.username,
        sandbox.credentials.token,
        String(lifeSeed),
        mode,
        String(callbackPort),
        dialect,
        JSON.stringify(sandbox.hostUrls),
      ],
      killAfterMs,
    );

  try {
    const rng = createRng(seed);
    const phases: Record<string, number> = {};
    for (let i = 0; i < kills; i++) {
      const { lastPhase } = await life(seed + i, 'run', 5 + Math.floor(rng() * 250));
      phases[lastPhase] = (phases[lastPhase] ?? 0) + 1;
    }
    sandbox.admin.setFaults({ latencyMs: 0, jitterMs: 0, noReply: 0, resetAfter: 0, badGateway: 0, garbage: 0, htmlError: 0 });
    // Callbacks still being retried toward a dead core are delivered (or given up) first.
    const delivered = (await sandbox.admin.callbacks()).filter((c) => c.httpStatus === 200);
    const settled = await life(seed + kills, 'settle', null);
    if (!settled.lines.includes('settled')) throw new Error(`the settling life did not finish: ${settled.lines.join('\n')}`);
    const sweepLine = settled.lines.find((l) => l.startsWith('sweep:')) ?? 'sweep:0';

    const ledger = Ledger.open(join(dataDir, 'live', sandbox.credentials.username, 'ledger.db'));
    try {
      const counters = sandbox.admin.submissions();
      const held = sandbox.admin.allTransactions();
      const mine = held.map((t) => ({ t, row: ledger.get(t.refId) }));
      const lost = mine.filter((m) => !m.row).length;
      // What the dialect's status check cannot tell leaves a recharge as the counter last knew it:
      // a word it has no rule for (RechargeExchange never says a failure there) keeps it open or a
      // reversed success a success; a check only by the provider's id cannot be asked about a
      // recharge whose reply never came. Untold, not mis-told; a final word the counter holds
      // against the provider's is always a mismatch.
      const said = statusWords(played.engine.profile);
      const byProviderId = asksByProviderId(played.engine.profile);
      const differs = mine.flatMap((m) => (m.row && m.row.status !== m.t.status ? [{ m, row: m.row }] : []));
      const untoldRows = differs.filter(
        (d) =>
          (!said.has(d.m.t.status) && (moneyHeld(d.row.status) || reversed(d.row.status, d.m.t.status))) ||
          (byProviderId && moneyHeld(d.row.status) && !d.row.txnId),
      );
      const untoldSet = new Set(untoldRows);
      const toEntry = (d: (typeof differs)[number]) => ({ refId: d.m.t.refId, provider: d.m.t.status, ledger: d.row.status });
      const mismatched = differs.filter((d) => !untoldSet.has(d)).map(toEntry);
      // The wallet: what the ledger's statuses say went out and came back, against the provider's
      // balance; an untold recharge counts as the provider has it (its difference is reported apart).
      const untoldRefs = new Set(untoldRows.map((d) => d.m.t.refId));
      const tells = tellsMargin(played.engine.profile);
      const asProvider = (t: (typeof held)[number], row: TxnRecord) => ({
        ...row,
        status: t.status,
        margin: tells ? t.margin : row.margin,
      });
      const rows = mine.flatMap((m) => (m.row ? [untoldRefs.has(m.t.refId) ? asProvider(m.t, m.row) : m.row] : []));
      const story = moneyStory(rows);
      const account = sandbox.admin.account(sandbox.credentials.username);
      // A dialect whose replies never say the margin: the commission the provider paid is money the
      // ledger was never told of (the wallet is read from the provider), so it is added here.
      const commissionUntold = tells ? 0 : account.commission;
      const walletOff = account.buyerBalance !== OPENING_RUPEES * 100 + story.back - story.out + commissionUntold || !account.booksBalance;
      const heldRefs = new Set(held.map((t) => t.refId));
      const ledgerOnly = ledger
        .history({ limit: 100_000 })
        .concat(ledger.openTxns())
        .filter((t) => !heldRefs.has(t.refId))
        .map((t) => ({ refId: t.refId, status: t.status, submissions: counters[t.refId] ?? 0 }));
      return {
        crash_runs: kills,
        crash_doubles: Object.values(counters).filter((n) => n > 1).length,
        crash_lost: lost,
        crash_money_mismatches: mismatched.length + (walletOff ? 1 : 0),
        crash_untold: untoldRows.length,
        untold: untoldRows.map(toEntry),
        crash_reversals_found_by_sweep: Number(sweepLine.slice(6)),
        phases,
        callbacks_delivered: delivered.length,
        held: held.length,
        refunded_after_success: rows.filter((r) => r.moneyNote === 'refunded_after_success').length,
        complaints: ledger.complaints().length,
        ledgerOnly,
        mismatched,
      };
    } finally {
      ledger.close();
    }
  } finally {
    await sandbox.close();
    removeTempDir(dataDir);
  }
}
