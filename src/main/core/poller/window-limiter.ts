import { setTimeout as sleep } from 'node:timers/promises';

/**
 * At most `max` requests in any window (a provider's "N status checks a minute", issue 36 item 6).
 * A request over the limit waits its turn, never dropped: `take()` resolves once it may go, or
 * false when `signal` is aborted first (the poller stopping; the next start checks the row again).
 * `onWaiting` hears how many wait, so the screen can say a check is waiting for the provider.
 */
export class WindowLimiter {
  private readonly sent: number[] = [];
  private waiting = 0;

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number,
    private readonly onWaiting?: (waiting: number) => void,
  ) {}

  async take(signal?: AbortSignal): Promise<boolean> {
    let held = false;
    try {
      for (;;) {
        if (signal?.aborted) return false;
        const t = this.now();
        while (this.sent.length > 0 && t - (this.sent[0] ?? t) >= this.windowMs) this.sent.shift();
        if (this.sent.length < this.max) {
          this.sent.push(t);
          return true;
        }
        if (!held) {
          held = true;
          this.onWaiting?.(++this.waiting);
        }
        await sleep(Math.max(1, (this.sent[0] ?? t) + this.windowMs - t), undefined, { signal }).catch(() => {});
      }
    } finally {
      if (held) this.onWaiting?.(--this.waiting);
    }
  }
}
