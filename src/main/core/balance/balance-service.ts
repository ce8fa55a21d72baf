import type { Ledger } from '../ledger/ledger';
import type { BalanceSnapshot } from '../txn/txn-record';
import type { ResellerClient } from '../reseller/reseller-client';
import { UserFacingError } from '../errors/user-facing-error';
import type { Outcome } from '../../../shared/outcomes/outcome-registry';
import { reachedNobody } from '../reseller/reached-nobody';
import { outcome as outcomeOf } from '../../../shared/outcomes/outcome-registry';
import type { BalanceGate, BalanceRules } from './balance-gate';

export interface BalanceDeps {
  ledger: Ledger;
  client: ResellerClient;
  now?: () => number;
  /** Paise; crossing below it raises `onLow`. */
  lowThreshold: () => number;
  onUpdate: (b: BalanceSnapshot) => void;
  onLow: (buyer: number, threshold: number) => void;
  /** Whether the read reached the provider (an answer or a refusal) or nobody (no connection, no reply in time). */
  onReach?: (reachable: boolean) => void;
  /**
   * The provider's word on balance reads (its profile): whether it has a balance call and the least
   * interval between reads, kept across this account's sessions by `gate` under `account`.
   * Absent: a balance call with no limit, as every version 1 profile.
   */
  limits?: { rules: BalanceRules; gate: BalanceGate; account: string };
}

/** Who asked: the shopkeeper (the screen says when a read is held back) or the app on its own. */
export type BalanceAsker = 'shop' | 'app';

/**
 * The wallet as last known: every balance reply, recharge reply and callback updates it, and the
 * last value is kept in the ledger so it can be shown, with its age, while offline.
 */
export class BalanceService {
  private readonly now: () => number;
  /**
   * The ledger's last snapshot, read once and then kept as this service writes each new one (it is
   * the only writer): a submit asks for it twice, and each ask was a query. Undefined: not read yet.
   */
  private latest: BalanceSnapshot | null | undefined = undefined;
  /** The provider's no to the last balance request, until one is answered: a window opened later shows it, not "Live". */
  private refused: Outcome | null = null;
  /** Why the figure shown is not a fresh read the shopkeeper asked for, until one is (issue 36). */
  private held: Outcome | null = null;
  private reading: Promise<BalanceSnapshot> | null = null;

  constructor(private readonly deps: BalanceDeps) {
    this.now = deps.now ?? Date.now;
    // A restart must not read again sooner than the provider allows: its last answered read counts.
    if (deps.limits?.rules.everyMs != null) deps.limits.gate.seed(deps.limits.account, deps.ledger.lastBalanceReadAt());
    if (deps.limits && !deps.limits.rules.hasCall) this.held = outcomeOf('balance_from_replies', {});
  }

  last(): BalanceSnapshot | null {
    if (this.latest === undefined) this.latest = this.deps.ledger.lastBalance() ?? null;
    return this.latest;
  }

  record(snapshot: BalanceSnapshot, before: BalanceSnapshot | null = this.last()): void {
    this.deps.ledger.addBalanceSnapshot(snapshot);
    this.latest = snapshot;
    this.deps.onUpdate(snapshot);
    const threshold = this.deps.lowThreshold();
    if (threshold > 0 && snapshot.buyer < threshold && (before === null || before.buyer >= threshold)) {
      this.deps.onLow(snapshot.buyer, threshold);
    }
  }

  /** A recharge or status reply carries the buyer balance after that step. */
  noteReplyBalance(buyer: number | null): void {
    if (buyer === null) return;
    const last = this.last();
    this.record({ at: this.now(), buyer, seller: last?.seller ?? null, lien: last?.lien ?? null, source: 'reply' }, last);
  }

  refusal(): Outcome | null {
    return this.refused;
  }

  /** What the screen says beside the figure: a read held back by the provider's limit, or no balance call at all. */
  note(): Outcome | null {
    return this.held;
  }

  /**
   * Reads the wallet from the provider, unless its profile says not now: without a balance call the
   * figure is the last reply's; within the provider's least interval, the last read's (a read under
   * way is joined, never doubled). Either way nothing is sent.
   */
  async refresh(by: BalanceAsker = 'shop'): Promise<BalanceSnapshot> {
    const limits = this.deps.limits;
    if (!limits) return this.read();
    if (this.reading) return this.reading;
    const last = this.last();
    if (!limits.rules.hasCall) {
      if (last) return last;
      throw new UserFacingError('balance_from_replies', {});
    }
    const now = this.now();
    const until = limits.gate.heldUntil(limits.account, limits.rules.everyMs, now);
    if (until !== null) {
      const everySeconds = Math.round((limits.rules.everyMs ?? 0) / 1000);
      const note = outcomeOf('balance_held_back', { at: last?.at ?? null, everySeconds, nextAt: until });
      if (by === 'shop') this.held = note;
      if (last) return last;
      throw UserFacingError.of(note);
    }
    limits.gate.note(limits.account, now);
    this.reading = this.read().finally(() => (this.reading = null));
    return this.reading;
  }

  private async read(): Promise<BalanceSnapshot> {
    const outcome = await this.deps.client.balance();
    this.deps.onReach?.(!reachedNobody(outcome));
    if (outcome.kind === 'answer') {
      this.refused = null;
      this.held = null;
      const snapshot: BalanceSnapshot = {
        at: this.now(),
        buyer: outcome.buyer,
        seller: outcome.seller,
        lien: outcome.lien,
        source: 'balance',
      };
      this.record(snapshot);
      return snapshot;
    }
    if (outcome.kind === 'rejected') {
      const error = new UserFacingError('provider_rejected', { what: 'balance', said: outcome.message.slice(0, 300) });
      this.refused = error.outcome;
      throw error;
    }
    throw new UserFacingError('provider_unreachable', { what: 'balance' });
  }
}
