import type { AccountState } from '../../../shared/routing/route-decision';
import type { ProviderAmounts } from '../../../shared/profiles/provider-amounts';
import type { AccountId, RoutingRules } from '../../../shared/routing/routing-schema';
import { istDate, istDayStart } from '../../../shared/ist-date';
import type { Ledger } from '../ledger/ledger';

/** What the session knows of an account's wallet: the last buyer balance read, and whether the last read failed. */
export interface WalletFacts {
  readonly balancePaise: number | null;
  readonly checkFailed: boolean;
}

/**
 * How far back the pause looks: the newest rows of the whole ledger, by id. Far more than any
 * pause setting (at most 50), so a busy second account does not hide the first's run.
 */
const RECENT_ROWS = 300;

/**
 * Each account's state for the route decision, from the ledger (failures in a row since its last
 * Success or the owner's resume; today's spend) and the wallets as last read. Asked once per
 * decision, so only what the decision reads is read: today's spend only for `spendFor`, the
 * operator routed, and only for the accounts its route caps (an uncapped entry never looks at
 * spend; with `spendFor` null, the pause alone, none is read).
 */
export function accountStates(
  ledger: Pick<Ledger, 'routeStates'>,
  rules: RoutingRules,
  now: number,
  wallet: (id: AccountId) => WalletFacts,
  spendFor: string | null,
  /** Each account's provider limits on amounts (its profile's); absent: none known. */
  amountsOf?: (id: AccountId) => ProviderAmounts,
): Map<AccountId, AccountState> {
  const sql = ledger.routeStates;
  const spent = new Map<AccountId, Record<string, number>>();
  if (spendFor !== null) {
    const since = istDayStart(istDate(now));
    for (const entry of rules.routes[spendFor] ?? [])
      if (entry.dailyCapRupees !== undefined && !spent.has(entry.account))
        spent.set(entry.account, { [spendFor]: sql.spentSince(since, entry.account, spendFor) });
  }
  // The owner's resume starts the count again: what paused the account does not pause it anew.
  const failures = sql.failuresInRow(RECENT_ROWS, new Map(rules.accounts.map((a) => [a.id, a.resumedAt ?? 0])));
  const states = new Map<AccountId, AccountState>();
  for (const account of rules.accounts) {
    const w = wallet(account.id);
    states.set(account.id, {
      spentTodayPaise: spent.get(account.id) ?? {},
      balancePaise: w.balancePaise,
      failuresInRow: failures.get(account.id) ?? 0,
      balanceCheckFailed: w.checkFailed,
      providerAmounts: amountsOf?.(account.id),
    });
  }
  return states;
}
