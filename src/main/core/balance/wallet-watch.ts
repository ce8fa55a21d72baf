import type { TxnRecord } from '../txn/txn-record';
import { walletEffect } from '../txn/money-story';

type Effect = Pick<TxnRecord, 'status' | 'amount' | 'margin'>;
type Range = { low: number; high: number };
const NOTHING: Range = { low: 0, high: 0 };

/**
 * Tells a wallet change the app's own transactions explain from one they do not (a reversal after
 * success, a complaint's refund, a top-up made on the provider's site). Between two balance
 * readings the buyer balance may move only as the transactions the app changed in between say,
 * give or take the amounts still without an answer. Pure: the caller feeds it every transaction
 * change and every balance reading, before and after, in the order they happened.
 */
export class WalletWatch {
  /** The buyer balance the story is measured from; null until the first reading. */
  private base: number | null = null;
  /** The range the story moved the wallet since `base`. */
  private low = 0;
  private high = 0;
  /** The other counters' recharges on this wallet that changed since `base`: as first seen, and now. */
  private readonly peers = new Map<string, { was: Range; is: Range }>();

  /** A transaction's status changed (before is null for a new one). */
  txnChanged(before: Effect | null, after: Effect): void {
    const was = before ? walletEffect(before) : { low: 0, high: 0 };
    const is = walletEffect(after);
    this.low += is.low - was.high;
    this.high += is.high - was.low;
  }

  /**
   * Another counter's recharge on this wallet changed, as pulled from the shop ledger. Its change
   * reaches here after the provider moved the wallet, and a reading taken in between already holds
   * it: so since the base it moved the wallet anywhere from nothing to all it did from the state it
   * was first seen in to the one it is in now. Never exact: an exact count learned late would read
   * the base's own movement as money in, and forgiving that would hide a real drop of the same
   * size. Kept per recharge, not added up change by change: its Submitting and its Success are one
   * charge, never two.
   */
  peerChanged(refId: string, before: Effect | null, after: Effect): void {
    const first = this.peers.get(refId)?.was ?? (before ? walletEffect(before) : NOTHING);
    this.peers.set(refId, { was: first, is: walletEffect(after) });
  }

  /**
   * A buyer balance read from the provider. `openAmount`: the paise of recharges still without an
   * answer now, each of which may have moved either way meanwhile. Answers the paise the story
   * cannot explain (positive: more came back than it knows of), 0 when it can. An explained
   * reading becomes the new base; an unexplained one does not, so the story can still catch up
   * once the status checks find what moved.
   */
  observe(buyer: number, openAmount: number): number {
    if (this.base === null) {
      this.rebase(buyer);
      return 0;
    }
    const moved = buyer - this.base;
    let low = this.low;
    let high = this.high;
    for (const { was, is } of this.peers.values()) {
      low += Math.min(0, is.low - was.high);
      high += Math.max(0, is.high - was.low);
    }
    const lowest = low - openAmount;
    const highest = high + openAmount;
    const unexplained = moved < lowest ? moved - lowest : moved > highest ? moved - highest : 0;
    if (unexplained === 0) this.rebase(buyer);
    return unexplained;
  }

  /** Money no status check could explain (a top-up): accepted as part of the wallet from now on. */
  forgive(paise: number): void {
    if (this.base !== null) this.base += paise;
  }

  private rebase(buyer: number): void {
    this.base = buyer;
    this.low = 0;
    this.high = 0;
    this.peers.clear();
  }
}
