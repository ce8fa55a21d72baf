import type { AccountId } from '../../../shared/routing/routing-schema';

/**
 * Which accounts' providers cannot be reached now (issue 35): a status check or a balance read that
 * reached nobody marks its own account, an answer clears it. The route skips an unreachable
 * account; the counter stops only when no account it routes to can be reached (with one account,
 * when that one cannot, as before routing).
 */
export class AccountReach {
  /** Unreachable accounts, each with when it was first found so in this spell. */
  private readonly down = new Map<AccountId, number>();

  constructor(
    private readonly now: () => number,
    private readonly onChange: () => void,
  ) {}

  note(account: AccountId, reachable: boolean): void {
    if (reachable !== this.down.has(account)) return;
    if (reachable) this.down.delete(account);
    else this.down.set(account, this.now());
    this.onChange();
  }

  reachable(account: AccountId): boolean {
    return !this.down.has(account);
  }

  unreachable(): AccountId[] {
    return [...this.down.keys()];
  }
}
