import { expect } from 'vitest';
import { openHarness, until, type TestHarness } from '../flow/harness-client';
import { saveSandboxAccount, testSandbox } from '../../../support/live-harness';
import type { Sandbox, StartOptions } from '../../../../src/sandbox';
import type { RoutingRules } from '../../../../src/shared/routing/routing-schema';
import { twoAccountRules } from '../../../support/two-account-rules';

// Two providers on loopback speaking different dialects: the first account (Settings, the
// document's words) and a spare one (hash-text). The app routes every operator main → spare.

export interface TwoProviderOptions {
  enabled?: boolean;
  pendingMs?: number;
  timeouts?: boolean;
  change?: (r: RoutingRules) => RoutingRules;
  /** A data folder kept across harnesses (a restart); the caller removes it. */
  keepDir?: string;
  /** More of the first account's simulator (plans, reversal delay). */
  main?: StartOptions;
  /** When a recharge that never left is closed as not sent (the harness's `--not-sent-*`). */
  notSentRule?: { lookups: number; afterMs: number };
}

/** A harness on the two sandboxes' accounts (the sandboxes may be given, to open it again after a restart). */
export async function openTwoProviders(
  options: TwoProviderOptions = {},
  sandboxes?: { main: Sandbox; spare: Sandbox },
): Promise<{ t: TestHarness; main: Sandbox; spare: Sandbox }> {
  const main =
    sandboxes?.main ??
    (await testSandbox({ username: '9000000001', token: 'main-token-123456', pendingMs: options.pendingMs ?? 300, ...options.main }));
  const spare =
    sandboxes?.spare ??
    (await testSandbox({ username: '9000000002', token: 'spare-token-123456', dialect: 'hash-text', pendingMs: 60_000 }));
  const t = await openHarness({
    acceptWeakTokenProtection: true,
    keepDir: options.keepDir,
    notSentRule: options.notSentRule,
    routing: {
      rules: (options.change ?? ((r) => r))(twoAccountRules(spare, options.enabled ?? true)),
      tokens: { spare: spare.credentials.token },
    },
    ...(options.timeouts ? { timeouts: { connectMs: 500, headersMs: 400, bodyMs: 400, totalMs: 500 } } : {}),
  });
  await t.ok('settings:update', { poller: { firstCheckSeconds: 1 } });
  await saveSandboxAccount(t, main);
  return { t, main, spare };
}

/** Waits for the sale's second attempt; every attempt then. */
export function secondAttempt(t: TestHarness, saleId: string, timeoutMs: number) {
  return until(
    async () => {
      const a = (await t.ok('txn:attempts', { saleId })).items;
      return a.length === 2 ? a : undefined;
    },
    timeoutMs,
    'the second attempt',
  );
}

/** The refs a sandbox was sent, in order. */
export const sentTo = (s: Sandbox) => s.admin.allTransactions().map((x) => x.refId);

/**
 * Once the spare can take a sale, the first account's provider stops answering and an Airtel ₹239
 * sale is submitted: it fails over to the spare. The sale's attempt on the spare.
 */
export async function failOverToSpare(t: TestHarness, main: Sandbox) {
  await until(
    async () => (await t.ok('recharge:route', { operator: 'AT', amount: 239 })).steps[1]?.skipped === null || undefined,
    5000,
    'the spare ready',
  );
  main.admin.suspend(main.credentials.username, true);
  const r = await t.ok('recharge:submit', { number: '9876545555', operator: 'AT', amount: 239 });
  expect(r.txn).toMatchObject({ accountId: 'spare', attemptNo: 2 });
  return r.txn;
}
