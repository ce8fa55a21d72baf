import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A token bucket: at most `perSecond` requests toward the provider, bursts up to the same count.
 * `take()` resolves when a request may go.
 */
export class RateLimiter {
  private tokens: number;
  private last: number;

  constructor(
    private readonly perSecond: number,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = perSecond;
    this.last = now();
  }

  /**
   * True once a request may go; false, at once and with no token taken, when `signal` is aborted
   * first (the poller is stopping: a quit must not wait its turn behind the rate cap).
   */
  async take(signal?: AbortSignal): Promise<boolean> {
    for (;;) {
      if (signal?.aborted) return false;
      const t = this.now();
      this.tokens = Math.min(this.perSecond, this.tokens + ((t - this.last) / 1000) * this.perSecond);
      this.last = t;
      if (this.tokens >= 1) {
        this.tokens -= 1;
        return true;
      }
      await sleep(Math.ceil(((1 - this.tokens) / this.perSecond) * 1000), undefined, { signal }).catch(() => {});
    }
  }
}
