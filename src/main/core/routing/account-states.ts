import type { AccountState } from '../../../shared/routing/route-decision';
import type { AccountId, RoutingRules } from '../../../shared/routing/routing-schema';
import { istDate, istDayStart } from '../../../shared/ist-date';
import type { Ledger } from '../ledger/ledger';

/** What the session knows of an account's wallet: the last buyer balance read, and whether the last read failed. */
export interface WalletFacts {
  readonly balancePaise: number | null;
  readonly checkFailed: boolean;
}

/** Statuses that say an attempt did not succeed when sent (refused, failed, no answer): the pause counts these. */
const NOT_SUCCEEDED: ReadonlySet<string> = new Set(['Error', 'Failure', 'Unknown', 'NeedsAttention']);
/**
 * How far back the pause looks: the newest rows of the whole ledger, read by id (one short walk).
 * Far more than any pause setting (at most 50), so a busy second account does not hide the first's run.
 */
const RECENT_ROWS = 300;

/**
 * Each account's state for the route decision, from the ledger (today's spend per operator,
 * failures in a row since its last Success) and the wallets as last read. Asked once per decision.
 */
export function accountStates(
  ledger: Ledger,
  rules: RoutingRules,
  now: number,
  wallet: (id: AccountId) => WalletFacts,
): Map<AccountId, AccountState> {
  const spent = new Map<AccountId, Record<string, number>>();
  for (const row of ledger.spentSince(istDayStart(istDate(now)))) {
    const byOperator = spent.get(row.account) ?? {};
    byOperator[row.operator] = row.paise;
    spent.set(row.account, byOperator);
  }
  const failures = new Map<AccountId, number>();
  const settled = new Set<AccountId>();
  for (const row of ledger.recentAttempts(RECENT_ROWS)) {
    if (settled.has(row.account)) continue;
    if (row.status === 'Success') settled.add(row.account);
    else if (NOT_SUCCEEDED.has(row.status)) failures.set(row.account, (failures.get(row.account) ?? 0) + 1);
  }
  const states = new Map<AccountId, AccountState>();
  for (const account of rules.accounts) {
    const w = wallet(account.id);
    states.set(account.id, {
      spentTodayPaise: spent.get(account.id) ?? {},
      balancePaise: w.balancePaise,
      failuresInRow: failures.get(account.id) ?? 0,
      balanceCheckFailed: w.checkFailed,
    });
  }
  return states;
}
