import type { Ledger } from '../ledger/ledger';
import type { BalanceSnapshot } from '../txn/txn-record';
import type { ResellerClient } from '../reseller/reseller-client';
import { UserFacingError } from '../errors/user-facing-error';
import type { Outcome } from '../../../shared/outcomes/outcome-registry';
import { reachedNobody } from '../reseller/reached-nobody';

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
}

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

  constructor(private readonly deps: BalanceDeps) {
    this.now = deps.now ?? Date.now;
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

  async refresh(): Promise<BalanceSnapshot> {
    const outcome = await this.deps.client.balance();
    this.deps.onReach?.(!reachedNobody(outcome));
    if (outcome.kind === 'answer') {
      this.refused = null;
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
