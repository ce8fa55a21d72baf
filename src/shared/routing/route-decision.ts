import * as z from 'zod';
import type { AccountId, RouteEntry, RoutingRules } from './routing-schema';
import { providerTakes, type ProviderAmounts } from '../profiles/provider-amounts';

/**
 * What the session knows of one account when a recharge is typed. An account never seen has no
 * state: nothing spent, its balance unknown, no failures.
 */
export interface AccountState {
  /**
   * Paise sent to this account today (India's day), per operator code, counting every attempt not
   * definitely failed. Only a cap reads it, so the session fills only the operator routed, for the
   * accounts its route caps; an operator missing counts as nothing spent.
   */
  readonly spentTodayPaise: Readonly<Record<string, number>>;
  /** The wallet as last read; null when never read (then it is not a reason to skip). */
  readonly balancePaise: number | null;
  /**
   * Attempts in a row since its last Success that did not succeed when sent: refusals, failures,
   * timeouts, unreadable replies, no connection. A provider that is down times out rather than
   * fails, so pausing counts those too; pausing only ever sends less, so it may count widely.
   */
  readonly failuresInRow: number;
  /** The last balance check failed (no answer, a refusal, an unreadable reply). */
  readonly balanceCheckFailed: boolean;
  /** The amounts its provider takes per operator (its profile's limits); absent: any the operator takes. */
  readonly providerAmounts?: ProviderAmounts;
}

export const SKIP_REASONS = [
  /** The entry's amount list or range does not take this amount. */
  'amount_not_routed',
  /** Its provider does not take this amount for the operator (the profile's limits, issue 36). */
  'provider_amount',
  /** The owner's downtime switch. */
  'paused',
  'paused_failures',
  'paused_balance_check',
  /** This amount would take the account past its daily cap for the operator. */
  'cap_reached',
  'low_balance',
  /** This sale was already sent to it once (a failover never goes back to the same account). */
  'already_tried',
  /** The rules name an account that is gone (rules are checked on save; kept for a stale copy). */
  'unknown_account',
] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

const step = z.object({ account: z.string().max(40), skipped: z.enum(SKIP_REASONS).nullable() });

/**
 * The decision as it is stored with the sale's row, written before the row (so a crash cannot
 * leave a row that does not say why it went where it went). Parsed back with this schema.
 */
export const routeDecisionSchema = z.object({
  operator: z.string().max(20),
  amountRupees: z.number().int().positive(),
  steps: z.array(step).max(20),
});
export type RouteDecision = z.infer<typeof routeDecisionSchema>;

const NO_STATE: AccountState = { spentTodayPaise: {}, balancePaise: null, failuresInRow: 0, balanceCheckFailed: false };

function takesAmount(entry: RouteEntry, amount: number): boolean {
  const m = entry.amounts;
  if (!m) return true;
  return m.kind === 'range' ? amount >= m.min && amount <= m.max : m.amounts.includes(amount);
}

/** Why an account that lost its footing is paused by itself, or null; the session tells the owner once. */
export function autoPauseOf(rules: Pick<RoutingRules, 'pauseAfterFailures'>, state: AccountState): 'failures' | 'balance_check' | null {
  if (state.failuresInRow >= rules.pauseAfterFailures) return 'failures';
  return state.balanceCheckFailed ? 'balance_check' : null;
}

function skipOf(
  rules: RoutingRules,
  entry: RouteEntry,
  operator: string,
  amount: number,
  states: ReadonlyMap<AccountId, AccountState>,
  tried: readonly AccountId[],
): SkipReason | null {
  if (!takesAmount(entry, amount)) return 'amount_not_routed';
  const account = rules.accounts.find((a) => a.id === entry.account);
  if (!account) return 'unknown_account';
  if (tried.includes(account.id)) return 'already_tried';
  if (account.paused) return 'paused';
  const state = states.get(account.id) ?? NO_STATE;
  if (!providerTakes(state.providerAmounts, operator, amount)) return 'provider_amount';
  const auto = autoPauseOf(rules, state);
  if (auto) return auto === 'failures' ? 'paused_failures' : 'paused_balance_check';
  const paise = amount * 100;
  if (entry.dailyCapRupees !== undefined && (state.spentTodayPaise[operator] ?? 0) + paise > entry.dailyCapRupees * 100)
    return 'cap_reached';
  if (state.balancePaise !== null && state.balancePaise < paise) return 'low_balance';
  return null;
}

/**
 * Where one recharge goes: every account the operator's route lists, in the owner's order, each
 * either a candidate (`skipped: null`) or the reason it was passed over. Pure, so the same facts
 * always give the same answer and the answer can be stored with the sale and shown on its card.
 * `tried`: the accounts this sale was already sent to (a failover asks again without them).
 */
export function decideRoute(
  rules: RoutingRules,
  operator: string,
  amountRupees: number,
  states: ReadonlyMap<AccountId, AccountState>,
  tried: readonly AccountId[] = [],
): RouteDecision {
  const entries = rules.routes[operator] ?? [];
  return {
    operator,
    amountRupees,
    steps: entries.map((entry) => ({ account: entry.account, skipped: skipOf(rules, entry, operator, amountRupees, states, tried) })),
  };
}

/** The account to send to first, or null when none may take it (the counter refuses: route_no_account). */
export function chosenAccount(decision: RouteDecision): AccountId | null {
  return decision.steps.find((s) => s.skipped === null)?.account ?? null;
}
