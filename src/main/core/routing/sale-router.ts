import type { ProviderAmounts } from '../../../shared/profiles/provider-amounts';
import {
  autoPauseOf,
  chosenAccount,
  decideRoute,
  type AccountState,
  type RouteDecision,
  type SkipReason,
} from '../../../shared/routing/route-decision';
import { nextAttempt, type AttemptPlan } from '../../../shared/routing/next-attempt';
import { isDefiniteFailure } from '../../../shared/routing/failover';
import type { AccountId, RoutingRules } from '../../../shared/routing/routing-schema';
import { FIRST_ACCOUNT_ID } from '../../../shared/routing/single-account';
import type { TxnRecord } from '../txn/txn-record';
import type { Ledger } from '../ledger/ledger';
import type { NoticeBoard } from '../notices/notice-board';
import type { ResellerClient } from '../reseller/reseller-client';
import { UserFacingError } from '../errors/user-facing-error';
import { attemptFactsOf } from './attempt-facts';
import { DoubleFlags } from './double-flags';
import { accountStates, type WalletFacts } from './account-states';
import type { ProviderAccounts } from './provider-accounts';

export interface SaleRouterDeps {
  readonly accounts: ProviderAccounts;
  readonly ledger: Ledger;
  readonly now: () => number;
  /** The wallet of an account as last read. */
  readonly wallet: (id: AccountId) => WalletFacts;
  readonly notices?: Pick<NoticeBoard, 'add'> & Partial<Pick<NoticeBoard, 'clearKey'>>;
}

/** Where a first attempt goes, and the decision stored with its row (null with routing off: today's one account). */
export interface FirstRoute {
  readonly account: AccountId;
  readonly routeJson: string | null;
}

/** The decision's steps with each account's name, for the confirmation (IPC `recharge:route`). */
export interface RoutePreview {
  readonly enabled: boolean;
  readonly chosen: AccountId | null;
  readonly steps: { account: AccountId; name: string; skipped: SkipReason | null }[];
}

/**
 * The session's routing (issue 29): where each attempt of a sale goes, asked before its row is
 * written; whether a sale may go on after an attempt ended (the failover law, then the route
 * without the accounts tried); and what the owner must hear (an account that paused itself, a
 * possible double recharge). With routing off every sale is one attempt to the account of
 * Settings, exactly as before routing.
 */
export class SaleRouter {
  /** Accounts whose pause was told, and when: told once (until a success, or the owner's resume). */
  private readonly pauseTold = new Map<AccountId, number>();
  /** Possible doubles, kept in the ledger: a sale flagged is never continued, whatever its attempts say later. */
  readonly doubles: DoubleFlags;

  constructor(private readonly deps: SaleRouterDeps) {
    this.doubles = new DoubleFlags({ ledger: deps.ledger, nameOf: (id) => this.nameOf(id), now: deps.now, notices: deps.notices });
  }

  get enabled(): boolean {
    return this.deps.accounts.enabled;
  }

  clientFor(id: AccountId): ResellerClient {
    return this.deps.accounts.link(id).client;
  }

  nameOf(id: AccountId): string {
    return this.deps.accounts.nameOf(id);
  }

  private decide(operator: string, amountRupees: number, tried: readonly AccountId[] = []): RouteDecision {
    const rules = this.deps.accounts.rules();
    return decideRoute(rules, operator, amountRupees, this.statesFor(rules, operator), tried);
  }

  /** The accounts' states as a decision for `operator` reads them (null: for the pause alone, no spend). */
  private statesFor(rules: RoutingRules, operator: string | null): Map<AccountId, AccountState> {
    return accountStates(
      this.deps.ledger,
      rules,
      this.deps.now(),
      (id) => this.walletOf(id),
      operator,
      (id) => this.amountsOf(id),
    );
  }

  /** What amounts the account's provider takes (its profile's limits). */
  amountsOf(id: AccountId): ProviderAmounts {
    return this.deps.accounts.link(id).profile.profile.limits.amounts;
  }

  /** An account without a usable link (no token) reads as one whose balance check failed: it is skipped. */
  private walletOf(id: AccountId): WalletFacts {
    const w = this.deps.wallet(id);
    if (!this.deps.accounts.link(id).usable || (id !== FIRST_ACCOUNT_ID && !this.deps.accounts.has(id))) return { ...w, checkFailed: true };
    return w;
  }

  /** The confirmation's view: which account will take it, and why the others will not. */
  preview(operator: string, amountRupees: number): RoutePreview {
    if (!this.enabled) return { enabled: false, chosen: FIRST_ACCOUNT_ID, steps: [] };
    const decision = this.decide(operator, amountRupees);
    return {
      enabled: true,
      chosen: chosenAccount(decision),
      steps: decision.steps.map((s) => ({ account: s.account, name: this.nameOf(s.account), skipped: s.skipped })),
    };
  }

  /**
   * The first attempt of a new sale: the first candidate, or the shopkeeper's pick when it is one.
   * No candidate (or a pick that is not one) refuses the sale: nothing is written or sent.
   */
  first(operator: string, amountRupees: number, pick?: AccountId): FirstRoute {
    if (!this.enabled) return { account: FIRST_ACCOUNT_ID, routeJson: null };
    const decision = this.decide(operator, amountRupees);
    const candidates = decision.steps.filter((s) => s.skipped === null).map((s) => s.account);
    const account = pick === undefined ? candidates[0] : candidates.find((c) => c === pick);
    if (account === undefined) throw new UserFacingError('route_no_account', { operator, amount: amountRupees * 100 });
    return { account, routeJson: JSON.stringify({ ...decision, chosen: account }) };
  }

  /**
   * May this sale send its next attempt now, and where? Asked after every attempt's answer. The
   * law reads the ledger's rows (never a timer or a count of tries); with routing off a sale is one attempt.
   */
  next(attempts: readonly TxnRecord[]): AttemptPlan | null {
    const first = attempts[0];
    if (!first || !this.enabled || this.doubles.isFlagged(first.saleId ?? first.refId)) return null;
    const rules = this.deps.accounts.rules();
    // The states only when the law allows an attempt: most answers end the sale (a success, an open attempt).
    const states = () => this.statesFor(rules, first.operator);
    return nextAttempt(rules, { operator: first.operator, amountRupees: first.amount / 100 }, attempts.map(attemptFactsOf), states);
  }

  /** The decision of a failover attempt, as stored with its row. */
  routeJson(plan: Extract<AttemptPlan, { send: true }>): string {
    return JSON.stringify({ ...plan.decision, chosen: plan.account });
  }

  /**
   * After an attempt's answer is stored: an account that has just paused itself is told once, and
   * an attempt counted failed that the provider now calls a Success, with another attempt sent
   * after it, is a possible double recharge: kept in the ledger, told loudly with both attempts named.
   */
  afterAnswer(after: TxnRecord, said: string): void {
    if (!this.enabled) return;
    const account = after.accountId ?? FIRST_ACCOUNT_ID;
    if (after.status === 'Success') this.endPause(account);
    else if (isDefiniteFailure(attemptFactsOf(after)) || after.status === 'Unknown') this.checkPause(account);
    if (said !== 'Success') return;
    const saleId = after.saleId ?? after.refId;
    const attempts = this.deps.ledger.attemptsOf(saleId);
    const i = attempts.findIndex((a) => a.refId === after.refId);
    const second = i >= 0 ? attempts[i + 1] : undefined;
    if (second) this.doubles.keep(after, second);
  }

  /** The accounts of the rules, in the owner's order, with their names (routing off: none). */
  accountList(): { id: AccountId; name: string }[] {
    if (!this.enabled) return [];
    return this.deps.accounts.rules().accounts.map((a) => ({ id: a.id, name: this.nameOf(a.id).slice(0, 40) }));
  }

  /** An attempt that did not succeed on `account`: tell the owner once if the account has now paused itself. */
  checkPause(account: AccountId): void {
    if (!this.enabled) return;
    const rules = this.deps.accounts.rules();
    const state = this.statesFor(rules, null).get(account);
    if (!state) return;
    const why = autoPauseOf(rules, state);
    if (why === null) return this.endPause(account);
    // A resume by the owner forgets the pause told: if it pauses itself again, that is told too.
    const told = this.pauseTold.get(account);
    const resumedAt = rules.accounts.find((a) => a.id === account)?.resumedAt ?? 0;
    if (told !== undefined && told >= resumedAt) return;
    this.pauseTold.set(account, this.deps.now());
    const name = this.nameOf(account).slice(0, 40);
    const params = why === 'failures' ? { account: name, why, failures: state.failuresInRow } : { account: name, why };
    this.deps.notices?.add('warning', { code: 'account_paused', params }, account);
  }

  /** The account answers again (a success, a wallet read): the alarm told of its pause is no longer true (issue 40). */
  private endPause(account: AccountId): void {
    if (this.pauseTold.delete(account)) this.deps.notices?.clearKey?.('account_paused', account);
  }

  /** Accounts that have paused themselves now, and why: the owner's Settings offers Resume for these. */
  pausedBy(): Record<AccountId, 'failures' | 'balance_check'> {
    if (!this.enabled) return {};
    const rules = this.deps.accounts.rules();
    // The wallets as read: an account without a token is not "paused", it is waiting for its token.
    const states = accountStates(this.deps.ledger, rules, this.deps.now(), (id) => this.deps.wallet(id), null);
    const paused: Record<AccountId, 'failures' | 'balance_check'> = {};
    for (const a of rules.accounts) {
      const state = states.get(a.id);
      const why = state ? autoPauseOf(rules, state) : null;
      if (why) paused[a.id] = why;
    }
    return paused;
  }
}
