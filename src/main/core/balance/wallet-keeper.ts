import type { Ledger } from '../ledger/ledger';
import type { BalanceSnapshot, TxnRecord } from '../txn/txn-record';
import { walletEffect } from '../txn/money-story';
import { isFinal } from '../../../shared/status';
import { WalletWatch } from './wallet-watch';

/**
 * How often the wallet is read when nothing else reads it. The provider's document gives no rate
 * limit for the balance call (section 8: "not shown"); the poller already sends up to 5 status
 * checks a second, so one balance read a minute is far below anything a provider could object
 * to, and a refund nobody announced shows within a minute.
 */
export const BALANCE_EVERY_MS = 60_000;

/**
 * A final answer usually comes with others (a batch of checks, a reply then its follow-up): one
 * read a moment later covers them all.
 */
const AFTER_ANSWER_MS = 1_000;

/** How far back a wallet change that nothing explains is looked for: the provider's reversals come within days. */
export const SWEEP_RECENT_MS = 72 * 3600_000;
/** At most this many recent successes are checked per unexplained change (plus the open complaints). */
export const SWEEP_MAX_SUCCESSES = 50;

/**
 * How far before the last base reading another counter's change, by its own clock, is still
 * counted: counters' clocks differ a little, and an older change is in the base already. A counter
 * whose clock is further behind has its recharges told as unexplained: an alarm too many, never
 * one too few.
 */
export const PEER_CLOCK_SLACK_MS = 5 * 60_000;

type Row = Pick<TxnRecord, 'refId' | 'status' | 'amount' | 'margin'>;
/** Whether the other counters' recharges on this wallet were counted before a drop was told. */
export type OtherCounters = 'checked' | 'unchecked';

export interface WalletKeeperDeps {
  ledger: Pick<Ledger, 'openTxns' | 'history' | 'complaints'>;
  /**
   * Reads the balance on the app's own account (its reading comes back through `balanceRead` too);
   * the provider's limits may hold it back, and then the last reading is answered (an older `at`).
   */
  refresh: () => Promise<Pick<BalanceSnapshot, 'at' | 'buyer'>>;
  /** A status check now (the poller's: rate-capped, the newest answer wins). */
  check: (refId: string) => Promise<TxnRecord | undefined>;
  /** Whether the provider answered lately (the poller's view): a search made offline proves nothing. */
  online: () => boolean;
  now: () => number;
  everyMs?: number;
  /**
   * The shop's other counters on this wallet (issue 37): their rows as they stand once a drop seen
   * `at` had time to reach the shop ledger; false when it did not answer. Absent: this counter alone.
   */
  peers?: (at: number) => Promise<boolean>;
  /** Money out that the checks did not explain: told once per reading that found it (issue 35 item 4). */
  onUnexplainedOut?: (found: { amount: number; at: number; recharges: number; complaints: number; otherCounters?: OtherCounters }) => void;
  log?: (message: string, detail?: unknown) => void;
}

/**
 * Keeps the wallet told without the shopkeeper asking: reads it at a steady pace and after every
 * final answer, and when it moved in a way the app's own transactions do not explain, checks the
 * recent successes and the open complaints at once, so a reversal or a complaint's refund is found
 * (and told, by the session's usual notices) rather than waiting for a click.
 */
export class WalletKeeper {
  private readonly watch = new WalletWatch();
  /** Each transaction's last status this session, so a change reported without its "before" is still a change. */
  private readonly seen = new Map<string, Row>();
  /**
   * Paise each recharge still without an answer may or may not have moved, by ref_id: read from
   * the ledger once, then kept from the changes, so a recharge's reply (whose balance is read on
   * the submit path) costs no query.
   */
  private unsure: Map<string, number> | null = null;
  /** When the reading the story is measured from was taken (null before the first). */
  private baseAt: number | null = null;
  private steady: NodeJS.Timeout | null = null;
  private soon: NodeJS.Timeout | null = null;
  private sweeping: Promise<void> | null = null;
  /**
   * A search ended without a fresh reading of its own (the provider's limit held it back): the
   * next reading is judged at once, with what the search checked, instead of searching again.
   */
  private judgeNext: Checked | null = null;
  private stopped = false;

  constructor(private readonly deps: WalletKeeperDeps) {}

  start(): void {
    this.steady = setInterval(() => this.read(), this.deps.everyMs ?? BALANCE_EVERY_MS);
    this.steady.unref?.();
  }

  stop(): void {
    this.stopped = true;
    if (this.steady) clearInterval(this.steady);
    if (this.soon) clearTimeout(this.soon);
    this.steady = this.soon = null;
  }

  /** The sweep under way, if any (tests and shutdown). */
  async idle(): Promise<void> {
    await this.sweeping;
  }

  /**
   * A transaction changed. `before` as the poller saw it; undefined when the caller does not know
   * (a recharge's own reply), and the last one seen here stands in.
   */
  txnChanged(before: Row | null | undefined, after: Row): void {
    const prior = this.seen.get(after.refId) ?? before ?? null;
    this.seen.set(after.refId, { refId: after.refId, status: after.status, amount: after.amount, margin: after.margin });
    if (this.unsure) this.noteUnsure(after);
    if (prior?.status === after.status && prior.margin === after.margin) return;
    this.watch.txnChanged(prior, after);
    if (isFinal(after.status) && prior?.status !== after.status) this.readSoon();
  }

  /**
   * Another counter's recharge on this wallet, as the shop ledger's pull kept it (`before`: what
   * was kept of it, null when new here; `changedAt`: its last change by that counter's clock). A
   * change since the base reading is counted, the range it may have moved the wallet (wallet-watch.ts
   * says why); an older one is in the base already.
   */
  peerChanged(before: Omit<Row, 'refId'> | null, after: Row, changedAt: number): void {
    if (this.baseAt === null || changedAt < this.baseAt - PEER_CLOCK_SLACK_MS) return;
    if (before?.status === after.status && before.margin === after.margin) return;
    this.watch.peerChanged(after.refId, before, after);
  }

  /**
   * A buyer balance just read (a balance reply, a recharge or status reply's balance field). During
   * a search readings are passed over: the search judges its own reading, taken after its checks.
   */
  balanceRead(buyer: number): void {
    if (this.sweeping || this.stopped) return;
    const judged = this.judgeNext;
    if (judged) {
      this.judgeNext = null;
      this.judge(buyer, judged);
      return;
    }
    if (this.watch.observe(buyer, this.openAmount()) === 0) {
      this.baseAt = this.deps.now();
      return;
    }
    const seenAt = this.deps.now();
    this.sweeping = this.sweep(seenAt).finally(() => (this.sweeping = null));
  }

  private read(): void {
    if (this.stopped) return;
    // Offline or refused: the next read tries again; the header says the balance's age meanwhile.
    this.deps.refresh().catch(() => {});
  }

  private readSoon(): void {
    if (this.soon || this.stopped) return;
    this.soon = setTimeout(() => {
      this.soon = null;
      this.read();
    }, AFTER_ANSWER_MS);
    this.soon.unref?.();
  }

  private noteUnsure(t: Row): void {
    const e = walletEffect(t);
    if (e.high > e.low) this.unsure?.set(t.refId, e.high - e.low);
    else this.unsure?.delete(t.refId);
  }

  /** Recharges still without an answer: each may have moved the wallet, or not. */
  private openAmount(): number {
    if (!this.unsure) {
      this.unsure = new Map();
      for (const t of this.deps.ledger.openTxns()) {
        const e = walletEffect(t);
        if (e.high > e.low) this.unsure.set(t.refId, e.high - e.low);
      }
    }
    let sum = 0;
    for (const paise of this.unsure.values()) sum += paise;
    return sum;
  }

  private async sweep(seenAt: number): Promise<void> {
    const { ledger, now } = this.deps;
    const complained = ledger
      .complaints()
      .filter((c) => c.state === 'raised')
      .map((c) => c.refId);
    const successes = ledger
      .history({ from: now() - SWEEP_RECENT_MS, statuses: ['Success'], limit: SWEEP_MAX_SUCCESSES })
      .map((t) => t.refId);
    // What a check finds reaches the story through `txnChanged` (the poller's onChange), whoever
    // asked first: a search that added up what its own checks moved counted a refund twice when
    // another check (History's, the poller's) found it a moment before, and told money out that
    // never went.
    for (const refId of new Set([...complained, ...successes])) {
      if (this.stopped) return;
      try {
        await this.deps.check(refId);
      } catch (e) {
        this.deps.log?.(`wallet sweep: check of ${refId} failed`, e);
      }
    }
    // Offline, the checks found nothing because they reached nobody: the next reading searches again.
    if (!this.deps.online() || this.stopped) return;
    // Another counter's recharge on this wallet reaches the shop ledger just after the provider
    // took its money: its row is waited for (one sync after it had time to be pushed), not told.
    const others = this.deps.peers ? await this.deps.peers(seenAt) : null;
    if (this.stopped) return;
    const checked: Checked = {
      seenAt,
      recharges: successes.length,
      complaints: complained.length,
      ...(others === null ? {} : { otherCounters: others ? 'checked' : 'unchecked' }),
    };
    // The reading that set this off was taken before the checks; a sale finished since moved the
    // story but not that figure. A reading taken now is measured against the story as it stands.
    const askedAt = this.deps.now();
    const fresh = await this.deps.refresh().catch(() => null);
    if (this.stopped) return;
    if (fresh && fresh.at >= askedAt) this.judge(fresh.buyer, checked);
    else this.judgeNext = checked;
  }

  /**
   * What the story cannot explain after the search is the wallet's from now on: money in is a
   * top-up on the provider's site; money out is told (amount, when first seen, what was checked),
   * never guessed at.
   */
  private judge(buyer: number, checked: Checked): void {
    const left = this.watch.observe(buyer, this.openAmount());
    // Explained or forgiven, the story is measured from this reading now.
    this.baseAt = this.deps.now();
    if (left === 0) return;
    this.watch.forgive(left);
    const { seenAt, ...what } = checked;
    if (left < 0) this.deps.onUnexplainedOut?.({ ...what, amount: -left, at: seenAt });
  }
}

/** What a search looked at: told with money out that it could not explain. */
interface Checked {
  seenAt: number;
  recharges: number;
  complaints: number;
  otherCounters?: OtherCounters;
}
