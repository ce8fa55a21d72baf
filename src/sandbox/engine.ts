import { findOperator, isValidNumberFor } from '../shared/operators';
import { istDate, isIsoDate } from '../shared/ist-date';
import { formatInr, paise } from '../shared/money';
import { Rejection } from './errors';
import { createRng, randomDigits, type Rng } from './rng';
import { planFor, type Plan, type PlanMix } from './scenarios';
import { firstOf, nextMove } from './plan-course';
import type { Wait } from './changed-answers';
import { canSettle, debit, hold, marginFor, reverseFailure, settle, topUp, type TxnState } from './wallet';
import type { SandboxOptions } from './options';
import type { Account, Complaint, SandboxStore, SandboxStatus, Txn } from './store';

/** The date a dialect without one asks with (see `status`). */
export const ANY_DATE = 'any';

export type Query = Readonly<Record<string, string | undefined>>;

export interface StatusChange {
  readonly txn: Txn;
  readonly account: Account;
}

export interface TxnOutcome {
  readonly txn: Txn;
  readonly account: Account;
  /** Set when an old deployment replays the original for a reused ref_id. */
  readonly duplicate?: boolean;
}

const COMPLAINT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
const MESSAGES: Record<SandboxStatus, string> = {
  Success: 'Recharge successful',
  Pending: 'Recharge is being processed by the operator',
  Failure: 'Recharge failed at the operator; the amount is refunded to your wallet',
  Refunded: 'Transaction amount refunded to your wallet',
};

function required<K extends string>(query: Query, names: readonly K[]): Record<K, string> {
  const missing = names.filter((n) => (query[n] ?? '').trim() === '');
  if (missing.length) {
    throw new Rejection('missingParameter', `Missing parameter${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`);
  }
  // Object.fromEntries cannot carry the key type K; every name was checked present just above.
  return Object.fromEntries(names.map((n) => [n, (query[n] ?? '').trim()])) as Record<K, string>;
}

const rupees = (amount: number) => formatInr(paise(amount)).replace('₹', 'Rs ');

/**
 * The provider's service: accounts, recharges, statuses, complaints and the wallet, played by
 * the document's rules. It knows nothing of HTTP; every state change is one SQLite transaction.
 */
export class SandboxEngine {
  private readonly outcomes: Rng;
  private readonly ids: Rng;
  private readonly listeners = new Set<(change: StatusChange) => void>();
  /** Weights for non-test numbers; an admin may change them while running. */
  private planMix: PlanMix | undefined;
  /** Plans the next recharges take, in order, before any other rule (a test's script). */
  private readonly script: Plan[] = [];
  /** Status checks asked per ref_id (found or not): a test counts how often a client asks. */
  private readonly lookups = new Map<string, number>();

  constructor(
    readonly store: SandboxStore,
    readonly options: SandboxOptions,
    readonly now: () => number = Date.now,
    /** The dialect may ask the status without a date (every dialect but the document's own). */
    private readonly datelessStatus = options.dialect !== 'document',
  ) {
    this.outcomes = createRng(options.seed);
    this.ids = createRng(options.seed ^ 0x5eed);
    this.planMix = options.plans;
    this.script.push(...options.script);
  }

  setPlanMix(mix: PlanMix | undefined): void {
    this.planMix = mix;
  }

  planMixNow(): PlanMix | undefined {
    return this.planMix;
  }

  /** Queues plans for the next recharges (whatever their numbers); returns how many wait. */
  scriptPlans(plans: readonly Plan[]): Plan[] {
    this.script.push(...plans);
    return [...this.script];
  }

  scriptLeft(): Plan[] {
    return [...this.script];
  }

  private waitMs(wait: Wait): number {
    return wait === 'reversal' ? this.options.reversalMs : this.options.pendingMs;
  }

  onStatusChange(listener: (change: StatusChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(changes: StatusChange[]): void {
    for (const change of changes) for (const l of this.listeners) l(change);
  }

  /** The configured account, created on first start (or found again in a state file). */
  ensureAccount(a: { username: string; token: string; balance: number; seller: number; callbackUrl: string | null }): Account {
    const existing = this.store.accountByUsername(a.username);
    if (existing) return existing;
    return this.store.createAccount({
      username: a.username,
      token: a.token,
      buyer: a.balance * 100,
      seller: a.seller * 100,
      callbackUrl: a.callbackUrl,
    });
  }

  authenticate(query: Query): Account {
    const { username, api_token } = required(query, ['username', 'api_token']);
    const account = this.store.accountByUsername(username);
    if (!account || account.token !== api_token) throw new Rejection('badCredentials', 'Invalid username or API token');
    if (account.suspended) throw new Rejection('accountSuspended', 'Your account is suspended. Contact your distributor.');
    return account;
  }

  recharge(query: Query): TxnOutcome {
    const refParam = (query['ref_id'] ?? '').trim();
    if (refParam) this.store.countSubmission(refParam);
    const account = this.authenticate(query);
    const p = required(query, ['number', 'amount', 'operator', 'ref_id']);
    const operator = findOperator(p.operator);
    if (!operator) throw new Rejection('unknownOperator', `Unknown operator code ${p.operator.slice(0, 20)}`);
    if (!/^[1-9]\d{0,8}$/.test(p.amount)) throw new Rejection('invalidParameter', 'Amount must be a positive whole number of rupees');
    const amount = Number(p['amount']) * 100;
    if (amount < operator.minAmount * 100 || amount > operator.maxAmount * 100) {
      throw new Rejection(
        'amountOutOfRange',
        `Amount for ${operator.name} must be between ${rupees(operator.minAmount * 100)} and ${rupees(operator.maxAmount * 100)}`,
      );
    }
    const number = p.number;
    if (!isValidNumberFor(operator, number)) {
      throw new Rejection(
        'invalidNumber',
        `${number.slice(0, 20)} is not a valid ${operator.name} ${operator.category === 'mobile' ? 'mobile number' : 'subscriber ID'}`,
      );
    }
    const refId = p.ref_id;
    if (refId.length > 64) throw new Rejection('invalidParameter', 'ref_id is longer than 64 characters');

    return this.store.transaction(() => {
      const original = this.store.txnByRef(account.id, refId);
      if (original) {
        if (this.options.duplicateRefId === 'replay')
          return { txn: original, account: this.store.accountById(account.id), duplicate: true };
        throw new Rejection('duplicateRefId', `Duplicate reference id ${refId}`);
      }
      const now = this.now();
      if (
        this.options.sameNumberWindowMs > 0 &&
        this.store.hasRecentSame(account.id, number, amount, now - this.options.sameNumberWindowMs)
      ) {
        throw new Rejection('sameNumberRecently', 'Same number and amount recharged recently. Try again after some time.');
      }
      const fresh = this.store.accountById(account.id);
      if (fresh.buyer < amount) throw new Rejection('insufficientFund', 'Insufficient Fund');

      const plan = planFor(number, this.options.profile, this.outcomes, this.planMix, this.script.shift());
      const first = firstOf(plan);
      const margin = marginFor(amount, this.options.commissionBp[operator.code] ?? 0);
      let wallet = hold(fresh, amount);
      if (first !== 'Pending') wallet = settle(wallet, 'Pending', first, amount, margin);
      const txn: Txn = {
        txnId: `RT${String(this.store.nextId('txn')).padStart(10, '0')}`,
        accountId: account.id,
        refId,
        number,
        operator: operator.code,
        amount,
        status: first,
        optId: first === 'Success' ? this.operatorRef() : '',
        margin,
        message: MESSAGES[first],
        rechargeDate: istDate(now),
        createdAt: now,
        updatedAt: now,
        plan,
        resolveAt: this.resolveAt(plan, first, now),
      };
      this.store.insertTxn(txn);
      this.store.saveWallet(account.id, wallet);
      const updated = this.store.accountById(account.id);
      if (first !== 'Pending') queueMicrotask(() => this.emit([{ txn, account: updated }]));
      return { txn, account: updated };
    });
  }

  /**
   * The `refuse` fault: the provider turns the recharge away before taking it, nothing held and
   * nothing filed. Said as "insufficient fund" (128), the refusal every profile declares not
   * processed, as a wallet too low for this sale would (the backup account then takes it).
   */
  refuseRecharge(query: Query): never {
    const refParam = (query['ref_id'] ?? '').trim();
    if (refParam) this.store.countSubmission(refParam);
    this.authenticate(query);
    throw new Rejection('insufficientFund', 'Insufficient Fund');
  }

  status(query: Query): TxnOutcome {
    const account = this.authenticate(query);
    // A provider that looks a recharge up by its own id (issue 36) finds it by that id.
    const own = query['ref_id'] === undefined && this.datelessStatus ? this.store.txnById(query['txn_id'] ?? '') : undefined;
    const p = required(own?.accountId === account.id ? { ...query, ref_id: own.refId } : query, ['ref_id', 'recharge_date']);
    this.lookups.set(p.ref_id, (this.lookups.get(p.ref_id) ?? 0) + 1);
    // A dialect whose status check carries no date finds the recharge by its reference alone.
    const anyDate = p.recharge_date === ANY_DATE && this.datelessStatus;
    if (!anyDate && !isIsoDate(p.recharge_date))
      throw new Rejection('invalidParameter', 'recharge_date must be a date in the form YYYY-MM-DD');
    const txn = this.store.txnByRef(account.id, p.ref_id);
    if (!txn || (!anyDate && txn.rechargeDate !== p['recharge_date'])) {
      throw new Rejection('unknownRefId', `No transaction with ref_id ${p.ref_id.slice(0, 64)} on ${p['recharge_date']}`);
    }
    return { txn, account };
  }

  /** How many status checks asked about this ref_id. */
  lookupCount(refId: string): number {
    return this.lookups.get(refId) ?? 0;
  }

  balance(query: Query): Account {
    return this.authenticate(query);
  }

  complain(query: Query): { complaint: Complaint; existing: boolean } {
    const account = this.authenticate(query);
    const p = required(query, ['txn_id', 'reason']);
    if (p.reason.length > 500) throw new Rejection('invalidParameter', 'Reason is longer than 500 characters');
    const txn = this.store.txnById(p.txn_id);
    if (!txn || txn.accountId !== account.id) throw new Rejection('unknownTxnId', `No transaction with txn_id ${p.txn_id.slice(0, 64)}`);
    return this.store.transaction(() => {
      const existing = this.store.complaintByTxn(txn.txnId);
      if (existing) return { complaint: existing, existing: true };
      const now = this.now();
      if (now - txn.createdAt > COMPLAINT_MAX_AGE_MS)
        throw new Rejection('complaintTooOld', 'Complaint can be raised only within 7 days of the transaction');
      const scripted = txn.plan === 'success-complaint-refund' && txn.status === 'Success';
      const complaint: Complaint = {
        complainId: `CM${String(this.store.nextId('complaint')).padStart(8, '0')}`,
        accountId: account.id,
        txnId: txn.txnId,
        reason: p.reason,
        status: txn.status === 'Refunded' ? 'Resolved' : 'Open',
        resolution: txn.status === 'Refunded' ? 'refunded' : null,
        createdAt: now,
        resolveAt: scripted ? now + this.options.pendingMs : null,
      };
      this.store.insertComplaint(complaint);
      return { complaint, existing: false };
    });
  }

  /** Applies every transition whose time has come; returns when the next one is due. */
  tick(): number | null {
    const now = this.now();
    const changes: StatusChange[] = [];
    this.store.transaction(() => {
      for (const txn of this.store.dueTxns(now)) {
        const next = nextMove(txn.plan, txn.status);
        if (next) changes.push(this.move(txn, next.to, now));
        else this.store.updateTxn({ ...txn, resolveAt: null });
      }
      for (const complaint of this.store.dueComplaints(now)) {
        const txn = this.store.txnById(complaint.txnId)!;
        if (txn.status === 'Success') changes.push(this.move(txn, 'Refunded', now));
        else
          this.store.updateComplaint({
            ...complaint,
            status: 'Resolved',
            resolution: txn.status === 'Refunded' ? 'refunded' : 'rejected',
            resolveAt: null,
          });
      }
    });
    this.emit(changes);
    return this.store.nextDueAt();
  }

  /** Admin: force a transaction to a status, moving the money as the provider would. */
  forceStatus(txnId: string, to: TxnState): StatusChange {
    const change = this.store.transaction(() => {
      const txn = this.store.txnById(txnId);
      if (!txn) throw new Rejection('unknownTxnId', `No transaction with txn_id ${txnId}`);
      if (!canSettle(txn.status, to)) throw new Rejection('invalidParameter', `A ${txn.status} transaction cannot become ${to}`);
      return this.move(txn, to, this.now());
    });
    this.emit([change]);
    return change;
  }

  /**
   * Admin, a fault: a Failure becomes a Success, the money taken after all. What a provider that
   * reverses its own failure does; the app must flag it as a possible double recharge (issue 29).
   */
  reverseFailure(txnId: string): StatusChange {
    const change = this.store.transaction(() => {
      const txn = this.store.txnById(txnId);
      if (!txn) throw new Rejection('unknownTxnId', `No transaction with txn_id ${txnId}`);
      if (txn.status !== 'Failure') throw new Rejection('invalidParameter', `Only a Failure can be reversed, not ${txn.status}`);
      // The same move as the failure-reversed plan's, by hand.
      return this.move(txn, 'Success', this.now());
    });
    this.emit([change]);
    return change;
  }

  /** Admin: resolve a complaint by hand, with or without a refund. */
  resolveComplaint(complainId: string, refund: boolean): Complaint {
    const changes: StatusChange[] = [];
    const result = this.store.transaction(() => {
      const complaint = this.store.complaintById(complainId);
      if (!complaint) throw new Rejection('invalidParameter', `No complaint ${complainId}`);
      const txn = this.store.txnById(complaint.txnId)!;
      if (refund && txn.status === 'Success') changes.push(this.move(txn, 'Refunded', this.now()));
      else this.store.updateComplaint({ ...complaint, status: 'Resolved', resolution: refund ? 'refunded' : 'rejected', resolveAt: null });
      return this.store.complaintById(complainId)!;
    });
    this.emit(changes);
    return result;
  }

  topUp(username: string, amountPaise: number): Account {
    return this.changeWallet(username, (account) => topUp(account, amountPaise));
  }

  /** Paise taken out of the buyer wallet that no recharge explains (a fault a dishonest or careless provider shows). */
  debit(username: string, amountPaise: number): Account {
    return this.changeWallet(username, (account) => debit(account, amountPaise));
  }

  private changeWallet(username: string, change: (account: Account) => ReturnType<typeof topUp>): Account {
    return this.store.transaction(() => {
      const account = this.store.accountByUsername(username);
      if (!account) throw new Rejection('badCredentials', `No account ${username}`);
      this.store.saveWallet(account.id, change(account));
      return this.store.accountById(account.id);
    });
  }

  private move(txn: Txn, to: TxnState, now: number): StatusChange {
    const account = this.store.accountById(txn.accountId);
    const reversal = txn.status === 'Failure' && to === 'Success';
    this.store.saveWallet(
      account.id,
      reversal ? reverseFailure(account, txn.amount, txn.margin) : settle(account, txn.status, to, txn.amount, txn.margin),
    );
    // Only a plan whose course goes on from this status keeps a timer (Success → Refunded, Failure → Success).
    const resolveAt = this.resolveAt(txn.plan, to, now);
    const updated: Txn = {
      ...txn,
      status: to,
      optId: to === 'Success' && !txn.optId ? this.operatorRef() : txn.optId,
      message: MESSAGES[to],
      updatedAt: now,
      resolveAt,
    };
    this.store.updateTxn(updated);
    if (to === 'Refunded') {
      const complaint = this.store.complaintByTxn(txn.txnId);
      if (complaint && complaint.status === 'Open')
        this.store.updateComplaint({ ...complaint, status: 'Resolved', resolution: 'refunded', resolveAt: null });
    }
    return { txn: updated, account: this.store.accountById(account.id) };
  }

  private resolveAt(plan: Plan, status: TxnState, now: number): number | null {
    const next = nextMove(plan, status);
    return next ? now + this.waitMs(next.wait) : null;
  }

  private operatorRef(): string {
    return `OP${randomDigits(this.ids, 10)}`;
  }
}
