/**
 * When each provider account's balance was last asked for (issue 36 item 6). A provider may block
 * an account that reads its balance more often than its document allows; every balance request
 * of every account passes here first. Kept by the core, not the session, so a session opened again
 * (another account in Settings, a restore) does not start counting afresh; after a restart the
 * ledger's last balance reply stands in (`seed`).
 */
export class BalanceGate {
  private readonly asked = new Map<string, number>();

  /** A read known from elsewhere (the ledger's last balance reply): never moves the mark back. */
  seed(account: string, at: number | null): void {
    if (at !== null && at > (this.asked.get(account) ?? -Infinity)) this.asked.set(account, at);
  }

  /** When this account may be read again, or null when it may be read now. */
  heldUntil(account: string, everyMs: number | null, now: number): number | null {
    const last = this.asked.get(account);
    if (everyMs === null || last === undefined || now - last >= everyMs) return null;
    return last + everyMs;
  }

  /** The moment a request leaves: a request the provider never answers still counts against its limit. */
  note(account: string, at: number): void {
    this.asked.set(account, at);
  }
}

/** What a profile says of one account's balance call: whether it has one, and its least interval. */
export interface BalanceRules {
  readonly hasCall: boolean;
  readonly everyMs: number | null;
}

export function balanceRulesOf(profile: {
  calls: { balance?: unknown };
  limits: { balanceEverySeconds?: number | undefined };
}): BalanceRules {
  const every = profile.limits.balanceEverySeconds;
  return { hasCall: profile.calls.balance !== undefined, everyMs: every === undefined ? null : every * 1000 };
}
