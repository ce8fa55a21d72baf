import { mayFailover, type AttemptFacts, type FailoverVerdict } from './failover';
import { chosenAccount, decideRoute, type AccountState, type RouteDecision } from './route-decision';
import type { AccountId, RoutingRules } from './routing-schema';

export type AttemptPlan =
  | { readonly send: true; readonly attempt: number; readonly account: AccountId; readonly decision: RouteDecision }
  | Exclude<FailoverVerdict, { send: true }>
  /** The law allows another attempt but no account may take it: the sale stays as it is. */
  | { readonly send: false; readonly why: 'no_account'; readonly decision: RouteDecision };

/**
 * The one question the recharge service asks, for a new sale and after every answer of an open
 * one: may an attempt be sent now, and where? The failover law first (nothing is routed while an
 * attempt could still succeed), then the route without the accounts this sale has been sent to.
 * The decision comes back to be stored with the attempt's row before it is sent. `states` may be
 * a function: it is asked only when the law allows an attempt (reading them costs a ledger query).
 */
export function nextAttempt(
  rules: RoutingRules,
  sale: { readonly operator: string; readonly amountRupees: number },
  attempts: readonly AttemptFacts[],
  states: ReadonlyMap<AccountId, AccountState> | (() => ReadonlyMap<AccountId, AccountState>),
): AttemptPlan {
  const verdict = mayFailover(attempts, rules.maxAttemptsPerSale);
  if (!verdict.send) return verdict;
  const tried = attempts.map((a) => a.account);
  const decision = decideRoute(rules, sale.operator, sale.amountRupees, typeof states === 'function' ? states() : states, tried);
  const account = chosenAccount(decision);
  if (account === null) return { send: false, why: 'no_account', decision };
  return { send: true, attempt: verdict.attempt, account, decision };
}
