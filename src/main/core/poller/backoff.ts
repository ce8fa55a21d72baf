export interface BackoffSettings {
  /** First status check this long after the recharge. */
  firstDelayMs: number;
  /** Checks never wait longer than this between them. */
  maxDelayMs: number;
}

/**
 * Delay before check number `attempt` (0 = the first): doubling from the first delay up to the cap,
 * with ±20% jitter so that many open transactions do not all ask the provider at once.
 */
export function checkDelay(attempt: number, s: BackoffSettings, random: () => number = Math.random): number {
  const base = Math.min(s.maxDelayMs, s.firstDelayMs * 2 ** Math.min(attempt, 30));
  return Math.round(base * (0.8 + 0.4 * random()));
}
