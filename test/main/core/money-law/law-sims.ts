import { walletEffect } from '../../../../src/main/core/txn/money-story';
import { MONEY_OF_STATUS } from '../../../../src/shared/money-law/status-money';
import type { Ledger } from '../../../../src/main/core/ledger/ledger';
import type { TxnRecord } from '../../../../src/main/core/txn/txn-record';
import type { Sandbox } from '../../../../src/sandbox';
import type { Plan } from '../../../../src/sandbox/scenarios';
import { UNSEEABLE_PLANS } from '../crash/failover-count';

/** A provider account of the proof: its id in the app's routing, and the simulator playing it. */
export interface LawSim {
  readonly account: string;
  readonly sandbox: Sandbox;
}

export interface LawFindings {
  /** ref_ids a provider received more than once. */
  readonly sentTwice: string[];
  /** Sales with two successes at the providers that the ledger has not flagged. */
  readonly unflaggedDoubles: string[];
  /** Sales with two successes the app caused: no lie it could not see explains them. */
  readonly causedDoubles: string[];
  /** Providers' transactions the ledger does not hold under that account. */
  readonly lost: string[];
  /** Per account, the provider's charge (buyer change) outside the ledger's money story. */
  readonly money: { account: string; charged: number; low: number; high: number }[];
  /** Attempts whose ledger status means other money than the provider's checked word (once the follow-ups ran). */
  readonly statusOff: { refId: string; provider: string; ledger: string }[];
}

/** Every attempt the ledger holds, open or closed. */
export function ledgerRows(ledger: Ledger): TxnRecord[] {
  return ledger.history({ limit: 100_000 }).concat(ledger.openTxns());
}

/**
 * The law, held against the providers' own books: sent once, every double flagged, none caused,
 * nothing lost, and the ledger's money (money-story.ts's walletEffect, a range while an attempt
 * has no answer) holding exactly what each provider charged.
 */
export function lawFindings(sims: readonly LawSim[], ledger: Ledger): LawFindings {
  const rows = ledgerRows(ledger);
  const byRef = new Map(rows.map((r) => [r.refId, r]));
  const found: LawFindings = { sentTwice: [], unflaggedDoubles: [], causedDoubles: [], lost: [], money: [], statusOff: [] };
  const successesBySale = new Map<string, { refId: string; plan: Plan }[]>();
  for (const { account, sandbox } of sims) {
    for (const [ref, n] of Object.entries(sandbox.admin.submissions())) if (n > 1) found.sentTwice.push(`${account}:${ref}`);
    for (const t of sandbox.admin.allTransactions()) {
      const row = byRef.get(t.refId);
      if (!row || (row.accountId ?? 'main') !== account) {
        found.lost.push(`${account}:${t.refId}`);
        continue;
      }
      // The same for the money is the same word: held at the provider and still open in the ledger
      // (flagged after 72 h), or refunded there after a failure the ledger kept (a move the table refuses).
      if (MONEY_OF_STATUS[row.status] !== MONEY_OF_STATUS[t.status])
        found.statusOff.push({ refId: t.refId, provider: t.status, ledger: row.status });
      if (t.status === 'Success') {
        const sale = row.saleId ?? row.refId;
        successesBySale.set(sale, [...(successesBySale.get(sale) ?? []), { refId: t.refId, plan: t.plan }]);
      }
    }
    const wallet = sandbox.admin.account(sandbox.credentials.username);
    let low = 0;
    let high = 0;
    for (const r of rows) {
      if ((r.accountId ?? 'main') !== account) continue;
      const e = walletEffect(r);
      low += e.low;
      high += e.high;
    }
    found.money.push({ account, charged: wallet.buyerBalance - wallet.opening, low, high });
  }
  for (const [sale, successes] of successesBySale) {
    if (successes.length < 2) continue;
    if (ledger.saleFlags.forSale(sale).length === 0) found.unflaggedDoubles.push(sale);
    if (!successes.some((s) => UNSEEABLE_PLANS.has(s.plan))) found.causedDoubles.push(sale);
  }
  return found;
}

/** The accounts whose charge the ledger's money does not hold. */
export function moneyOutside(f: LawFindings): LawFindings['money'] {
  return f.money.filter((m) => m.charged < m.low || m.charged > m.high);
}
