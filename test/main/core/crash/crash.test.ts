import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { startSandbox, type Sandbox } from '../../../../src/sandbox';
import { createRng } from '../../../../src/sandbox/rng';
import { Ledger } from '../../../../src/main/core/ledger/ledger';

const ROOT = resolve(import.meta.dirname, '../../../..');
const KILLS = Number(process.env['CRASH_KILLS'] ?? 200);
const SEED = Number(process.env['CRASH_SEED'] ?? 20261122);
const OPENING_RUPEES = 10_000_000;

let sandbox: Sandbox;
let dataDir: string;
let childBundle: string;

beforeAll(async () => {
  // Bundled once so each of the hundreds of restarts costs a plain Node start, not a compile.
  const outDir = join(ROOT, 'node_modules/.cache/rechargedesk');
  mkdirSync(outDir, { recursive: true });
  childBundle = join(outDir, 'crash-child.mjs');
  await build({
    entryPoints: [join(import.meta.dirname, 'crash-child.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    outfile: childBundle,
    external: ['better-sqlite3'],
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
    logLevel: 'silent',
  });
  dataDir = mkdtempSync(join(tmpdir(), 'rd-crash-'));
  sandbox = await startSandbox({
    seed: SEED,
    balance: OPENING_RUPEES,
    pendingMs: 150,
    faults: { latencyMs: 2, jitterMs: 25, noReply: 0.05, resetAfter: 0.05, badGateway: 0.04, garbage: 0.04, htmlError: 0.04 },
    noReplyHoldMs: 1500,
  });
});

afterAll(async () => {
  await sandbox?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function life(seed: number, mode: 'run' | 'settle', killAfterMs: number | null): Promise<{ lastPhase: string; lines: string[] }> {
  return new Promise((res, rej) => {
    const child = spawn(
      process.execPath,
      [childBundle, dataDir, sandbox.url, sandbox.credentials.username, sandbox.credentials.token, String(seed), mode],
      {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const lines: string[] = [];
    let lastPhase = 'start';
    let err = '';
    let buffered = '';
    child.stdout.on('data', (b: Buffer) => {
      buffered += b.toString();
      const parts = buffered.split('\n');
      buffered = parts.pop()!;
      for (const line of parts) {
        lines.push(line);
        if (line.startsWith('phase:')) lastPhase = line.slice(6);
        if (line === 'ready') {
          lastPhase = 'reconcile';
          if (killAfterMs !== null) setTimeout(() => child.kill('SIGKILL'), killAfterMs);
        }
      }
    });
    child.stderr.on('data', (b: Buffer) => (err += b.toString()));
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL' || (mode === 'settle' && code === 0)) res({ lastPhase, lines });
      else rej(new Error(`child ended ${code ?? signal}: ${err.slice(-2000)}`));
    });
  });
}

describe('crash test: SIGKILL at random moments loses nothing and sends nothing twice', () => {
  it(`survives ${KILLS} kills`, async () => {
    const rng = createRng(SEED);
    const phases: Record<string, number> = {};
    for (let i = 0; i < KILLS; i++) {
      const { lastPhase } = await life(SEED + i, 'run', 5 + Math.floor(rng() * 250));
      phases[lastPhase] = (phases[lastPhase] ?? 0) + 1;
    }
    console.log(`kills by phase: ${JSON.stringify(phases)}`);
    expect(phases['submit'] ?? 0).toBeGreaterThan(KILLS / 10);
    expect(phases['poll'] ?? 0).toBeGreaterThan(KILLS / 20);

    sandbox.admin.setFaults({ latencyMs: 0, jitterMs: 0, noReply: 0, resetAfter: 0, badGateway: 0, garbage: 0, htmlError: 0 });
    const settled = await life(SEED + KILLS, 'settle', null);
    expect(settled.lines).toContain('settled');

    const ledger = Ledger.open(join(dataDir, 'live', sandbox.credentials.username, 'ledger.db'));
    try {
      // 1. No ref_id reached the provider twice.
      const counters = sandbox.admin.submissions();
      const twice = Object.entries(counters).filter(([, n]) => n > 1);
      expect(twice).toEqual([]);

      // 2. Every transaction the provider holds is in the ledger, with the provider's status.
      const held = sandbox.admin.allTransactions();
      expect(held.length).toBeGreaterThan(KILLS / 2);
      const mismatched = held
        .map((t) => ({ refId: t.refId, provider: t.status, ledger: ledger.get(t.refId)?.status ?? 'missing' }))
        .filter((m) => m.provider !== m.ledger);
      expect(mismatched).toEqual([]);

      // 3. The provider's wallet is what the ledger's final statuses imply.
      let buyer = OPENING_RUPEES * 100;
      for (const t of held) {
        const mine = ledger.get(t.refId)!;
        if (mine.status === 'Success') buyer += -mine.amount + (mine.margin ?? 0);
        if (mine.status === 'Pending') buyer -= mine.amount;
      }
      const account = sandbox.admin.account(sandbox.credentials.username);
      expect(account.booksBalance).toBe(true);
      expect(account.buyerBalance).toBe(buyer);

      // 4. What the ledger has that the provider never saw was never charged: Unknown or Error only.
      const heldRefs = new Set(held.map((t) => t.refId));
      const notAtProvider = ledger.history({ limit: 100_000 }).filter((t) => !heldRefs.has(t.refId));
      for (const t of notAtProvider) expect(['Unknown', 'Error', 'Submitting']).toContain(t.status);
      for (const t of notAtProvider) expect(counters[t.refId] ?? 0).toBe(0);
      console.log(`provider holds ${held.length}; ledger-only ${notAtProvider.length} (never reached the provider)`);
    } finally {
      ledger.close();
    }
  }, 600_000);
});
