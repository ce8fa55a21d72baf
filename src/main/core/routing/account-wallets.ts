import type { AccountId } from '../../../shared/routing/routing-schema';
import type { AccountLink } from './provider-accounts';
import type { WalletFacts } from './account-states';
import { reachedNobody } from '../reseller/reached-nobody';
import { balanceRulesOf, type BalanceGate } from '../balance/balance-gate';

/** One account's wallet as last read, for the route decision and the owner's view. */
export interface AccountWallet extends WalletFacts {
  readonly account: AccountId;
  readonly at: number | null;
}

const UNREAD: WalletFacts = { balancePaise: null, checkFailed: false };

/**
 * The wallets of the accounts other than `main` (whose wallet the session's balance service keeps,
 * with its history in the ledger): read from each account's own provider, kept in memory. A read
 * that fails marks the account's balance check failed, which pauses it for routing until a read
 * answers again; a balance never read is no reason to skip an account.
 */
export class AccountWallets {
  private readonly wallets = new Map<AccountId, AccountWallet>();

  constructor(
    private readonly now: () => number,
    /** Whether a read reached the account's provider (an answer or a refusal) or nobody. */
    private readonly onReach?: (id: AccountId, reachable: boolean) => void,
    /** Each account's balance reads, held to its provider's least interval (issue 36). */
    private readonly gate?: BalanceGate,
    /** Every fresh reading (a balance answer, a reply's balance): the account's wallet story is told. */
    private readonly onRead?: (id: AccountId, buyer: number) => void,
  ) {}

  get(id: AccountId): WalletFacts {
    return this.wallets.get(id) ?? UNREAD;
  }

  list(): AccountWallet[] {
    return [...this.wallets.values()];
  }

  /** Asks the account's provider for its wallet; answers what is now known. */
  async refresh(link: AccountLink): Promise<AccountWallet> {
    // No balance call, or read too lately for its provider: the wallet stays as its replies left it.
    const rules = balanceRulesOf(link.profile.profile);
    const known = this.wallets.get(link.id);
    // Without its token the account is not asked, and not called paused: Settings says it waits for
    // its token (issue 40). A provider with no balance call has no balance check to fail. Either way
    // a check marked failed before is forgotten.
    if (!link.usable || !rules.hasCall) {
      const unfailed = { ...(known ?? { account: link.id, ...UNREAD, at: null }), checkFailed: false };
      this.wallets.set(link.id, unfailed);
      return unfailed;
    }
    if (this.gate?.heldUntil(link.id, rules.everyMs, this.now()) != null) return known ?? { account: link.id, ...UNREAD, at: null };
    this.gate?.note(link.id, this.now());
    const read = await link.client.balance();
    this.onReach?.(link.id, !reachedNobody(read));
    const wallet: AccountWallet =
      read.kind === 'answer'
        ? { account: link.id, balancePaise: read.buyer, checkFailed: false, at: this.now() }
        : { account: link.id, balancePaise: this.wallets.get(link.id)?.balancePaise ?? null, checkFailed: true, at: this.now() };
    this.wallets.set(link.id, wallet);
    if (read.kind === 'answer') this.onRead?.(link.id, read.buyer);
    return wallet;
  }

  /** A recharge or status reply carries the wallet after it. */
  noteReply(id: AccountId, buyer: number | null): void {
    if (buyer === null) return;
    this.wallets.set(id, { account: id, balancePaise: buyer, checkFailed: false, at: this.now() });
    this.onRead?.(id, buyer);
  }
}
