/**
 * Callbacks carry no signature, so anyone who can reach the listener can send them, as many as
 * they like. Each is only a hint to run a status check, and these are what it may cost: per
 * ref_id one check under way and at most one more waiting, started no sooner than `minGapMs` after
 * the last; at most `concurrency` hint checks at once over all ref_ids, and at most `maxWaiting`
 * ref_ids waiting. Beyond that a hint is dropped (and logged, once per burst): the poller's own
 * schedule still checks every open transaction, and the shopkeeper's "check now" never queues here.
 */
export interface HintQueueOptions {
  readonly check: (refId: string) => Promise<unknown>;
  readonly log: (line: string) => void;
  readonly concurrency?: number;
  readonly maxWaiting?: number;
  readonly minGapMs?: number;
  readonly now?: () => number;
}

export class HintQueue {
  private readonly running = new Set<string>();
  /** Waiting ref_ids in arrival order (a Map keeps insertion order). */
  private readonly waiting = new Map<string, true>();
  private readonly lastStart = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private dropped = 0;
  private closed = false;
  private readonly concurrency: number;
  private readonly maxWaiting: number;
  private readonly minGapMs: number;
  private readonly now: () => number;

  constructor(private readonly o: HintQueueOptions) {
    this.concurrency = o.concurrency ?? 2;
    this.maxWaiting = o.maxWaiting ?? 200;
    this.minGapMs = o.minGapMs ?? 5_000;
    this.now = o.now ?? Date.now;
  }

  hint(refId: string): void {
    if (this.closed || this.waiting.has(refId)) return;
    if (this.waiting.size >= this.maxWaiting) {
      if (this.dropped++ === 0) this.o.log(`callback hints: more than ${this.maxWaiting} waiting; dropping hints until there is room`);
      return;
    }
    if (this.dropped > 0) {
      this.o.log(`callback hints: ${this.dropped} dropped while the queue was full`);
      this.dropped = 0;
    }
    this.waiting.set(refId, true);
    this.pump();
  }

  /** Hints waiting or under way (tests). */
  get size(): number {
    return this.waiting.size + this.running.size;
  }

  close(): void {
    this.closed = true;
    this.waiting.clear();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private pump(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    let soonest = Infinity;
    for (const refId of this.waiting.keys()) {
      if (this.running.size >= this.concurrency) return;
      if (this.running.has(refId)) continue;
      const readyAt = (this.lastStart.get(refId) ?? -Infinity) + this.minGapMs;
      if (readyAt > this.now()) {
        soonest = Math.min(soonest, readyAt);
        continue;
      }
      this.waiting.delete(refId);
      this.start(refId);
    }
    if (soonest !== Infinity && !this.closed) {
      this.timer = setTimeout(() => this.pump(), Math.max(0, soonest - this.now()));
      this.timer.unref?.();
    }
  }

  private start(refId: string): void {
    this.running.add(refId);
    this.lastStart.set(refId, this.now());
    void this.o
      .check(refId)
      .catch(() => {})
      .finally(() => {
        this.running.delete(refId);
        this.forgetOld();
        this.pump();
      });
  }

  /** The gap only matters for a while: the map of last starts does not grow with every ref_id ever hinted. */
  private forgetOld(): void {
    if (this.lastStart.size <= this.maxWaiting) return;
    const before = this.now() - this.minGapMs;
    for (const [refId, at] of this.lastStart) if (at < before) this.lastStart.delete(refId);
  }
}
