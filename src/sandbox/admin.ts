import { Rejection } from './errors';
import type { SandboxEngine } from './engine';
import type { CallbackSender } from './callbacks';
import type { Faults } from './options';
import type { Plan, PlanMix } from './scenarios';
import type { Account, CallbackDelivery, Complaint, Txn } from './store';
import { booksBalance } from './wallet';

export interface AccountView {
  username: string;
  /** Paise, exact. */
  buyerBalance: number;
  sellerBalance: number;
  lienBalance: number;
  spent: number;
  commission: number;
  topups: number;
  opening: number;
  booksBalance: boolean;
  suspended: boolean;
  callbackUrl: string | null;
}

function view(a: Account): AccountView {
  return {
    username: a.username,
    buyerBalance: a.buyer,
    sellerBalance: a.seller,
    lienBalance: a.lien,
    spent: a.spent,
    commission: a.commission,
    topups: a.topups,
    opening: a.opening,
    booksBalance: booksBalance(a),
    suspended: a.suspended,
    callbackUrl: a.callbackUrl,
  };
}

/** In-process admin: the same operations the /sandbox/ HTTP routes expose. Amounts in paise. */
export class SandboxAdmin {
  constructor(
    private readonly engine: SandboxEngine,
    private readonly sender: CallbackSender,
    private readonly faultState: { current: Faults },
    private readonly reschedule: () => void,
  ) {}

  private accountOf(username: string): Account {
    const a = this.engine.store.accountByUsername(username);
    if (!a) throw new Rejection('badCredentials', `No account ${username}`);
    return a;
  }

  account(username: string): AccountView {
    return view(this.accountOf(username));
  }

  /** Adds whole rupees to the buyer balance. */
  topUp(username: string, rupees: number): AccountView {
    return view(this.engine.topUp(username, rupees * 100));
  }

  /** Takes paise out of the buyer balance, as a provider's unexplained charge would. */
  debit(username: string, paise: number): AccountView {
    return view(this.engine.debit(username, paise));
  }

  suspend(username: string, suspended: boolean): AccountView {
    const a = this.accountOf(username);
    this.engine.store.setSuspended(a.id, suspended);
    return this.account(username);
  }

  setToken(username: string, token: string): AccountView {
    this.engine.store.setToken(this.accountOf(username).id, token);
    return this.account(username);
  }

  setCallbackUrl(username: string, url: string | null): AccountView {
    this.engine.store.setCallbackUrl(this.accountOf(username).id, url);
    return this.account(username);
  }

  transactions(q: { username?: string; limit?: number; offset?: number } = {}): { total: number; items: Txn[] } {
    const username = q.username ?? this.engine.options.username;
    const limit = Math.min(Math.max(Number.isFinite(q.limit) ? q.limit! : 100, 1), 10_000);
    const offset = Math.max(Number.isFinite(q.offset) ? q.offset! : 0, 0);
    return this.engine.store.listTxns(this.accountOf(username).id, limit, offset);
  }

  allTransactions(): Txn[] {
    return this.engine.store.allTxns();
  }

  transaction(txnId: string): Txn {
    const t = this.engine.store.txnById(txnId);
    if (!t) throw new Rejection('unknownTxnId', `No transaction with txn_id ${txnId}`);
    return t;
  }

  forceStatus(txnId: string, status: 'Success' | 'Failure' | 'Refunded'): Txn {
    const change = this.engine.forceStatus(txnId, status);
    this.reschedule();
    return change.txn;
  }

  /** A fault: the provider reverses its own Failure into a Success (see SandboxEngine.reverseFailure). */
  reverseFailure(txnId: string): Txn {
    const change = this.engine.reverseFailure(txnId);
    this.reschedule();
    return change.txn;
  }

  complaints(username?: string): Complaint[] {
    return this.engine.store.listComplaints(this.accountOf(username ?? this.engine.options.username).id);
  }

  resolveComplaint(complainId: string, refund: boolean): Complaint {
    return this.engine.resolveComplaint(complainId, refund);
  }

  /** The plan weights non-test numbers follow now (undefined: the profile's). */
  plans(): PlanMix | undefined {
    return this.engine.planMixNow();
  }

  /** Changes what non-test numbers do from the next recharge on; null goes back to the profile. */
  setPlans(mix: PlanMix | null): PlanMix | undefined {
    this.engine.setPlanMix(mix ?? undefined);
    return this.plans();
  }

  /** Queues plans the next recharges take in order, whatever their numbers; returns the queue. */
  script(plans: readonly Plan[]): Plan[] {
    return this.engine.scriptPlans(plans);
  }

  scriptLeft(): Plan[] {
    return this.engine.scriptLeft();
  }

  faults(): Faults {
    return { ...this.faultState.current };
  }

  setFaults(patch: Partial<Faults>): Faults {
    this.faultState.current = { ...this.faultState.current, ...patch };
    return this.faults();
  }

  submissions(): Record<string, number> {
    return this.engine.store.submissions();
  }

  submissionCount(refId: string): number {
    return this.engine.store.submissionCount(refId);
  }

  /** How many status checks asked about this ref_id (found or not). */
  statusLookups(refId: string): number {
    return this.engine.lookupCount(refId);
  }

  /** Every callback attempt, after the ones under way have finished. */
  async callbacks(): Promise<CallbackDelivery[]> {
    await this.sender.idle();
    return this.engine.store.callbacks();
  }

  /** Applies due transitions now (tests with a fake clock call this). */
  tick(): number | null {
    const next = this.engine.tick();
    this.reschedule();
    return next;
  }
}
