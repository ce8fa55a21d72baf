import type { ResellerClient } from '../reseller/reseller-client';
import type { ProfileEngine } from '../../../shared/profiles/profile-engine';
import type { AccountId, RoutingRules } from '../../../shared/routing/routing-schema';
import { FIRST_ACCOUNT_ID } from '../../../shared/routing/single-account';
import type { RoutingSource } from './routing-source';

/** One provider account as the session talks to it: its own client, speaking its own profile. */
export interface AccountLink {
  readonly id: AccountId;
  readonly client: ResellerClient;
  readonly profile: ProfileEngine;
  /** False when its token is not in the vault: it is never chosen (it could not be sent to). */
  readonly usable: boolean;
}

export interface ProviderAccountsDeps {
  /** The account of Settings (`main`): the session's own client and profile. */
  readonly main: AccountLink;
  readonly routing: RoutingSource;
  /** Opens the link of another account from its rules entry (credentials from its vault key). */
  readonly open: (account: RoutingRules['accounts'][number]) => AccountLink;
  readonly log?: (message: string, detail?: unknown) => void;
}

/**
 * The session's provider accounts (issue 29): `main` is the one of Settings, as before routing;
 * every other account of the rules gets its own client and profile engine, opened when the rules
 * name it. With routing off only `main` is used. A link the rules drop is kept until the session
 * closes: a row sent to it may still be waiting for its status check.
 */
export class ProviderAccounts {
  private readonly links = new Map<AccountId, { link: AccountLink; key: string }>();
  /** Links replaced by a change of address or profile: closed with the session. */
  private readonly retired: AccountLink[] = [];
  private readonly unsubscribe: () => void;

  constructor(private readonly deps: ProviderAccountsDeps) {
    this.unsubscribe = deps.routing.onChange(() => this.sync());
    this.sync();
  }

  /** The rules in force: routing off is the one account of Settings, whatever else the file holds. */
  rules(): RoutingRules {
    return this.deps.routing.rules();
  }

  get enabled(): boolean {
    return this.rules().enabled;
  }

  /** The link of an account; one the rules never named (a stale row) is asked through main's. */
  link(id: AccountId): AccountLink {
    if (id === FIRST_ACCOUNT_ID) return this.deps.main;
    return this.links.get(id)?.link ?? this.deps.main;
  }

  has(id: AccountId): boolean {
    return id === FIRST_ACCOUNT_ID || this.links.has(id);
  }

  /** The account's name as the owner wrote it (the id when the rules no longer name it). */
  nameOf(id: AccountId): string {
    return this.rules().accounts.find((a) => a.id === id)?.name ?? id;
  }

  /** Every account with a link, main first. */
  all(): AccountLink[] {
    return [this.deps.main, ...[...this.links.values()].map((l) => l.link)];
  }

  private sync(): void {
    let rules: RoutingRules;
    try {
      rules = this.rules();
    } catch (e) {
      this.deps.log?.('the routing rules could not be read', e);
      return;
    }
    if (!rules.enabled) return;
    for (const account of rules.accounts) {
      if (account.id === FIRST_ACCOUNT_ID) continue;
      const key = JSON.stringify([account.baseUrl, account.username, account.profile]);
      const known = this.links.get(account.id);
      if (known?.key === key) continue;
      try {
        // A changed address or profile is a new client; the old one ends with the session.
        if (known) this.retired.push(known.link);
        this.links.set(account.id, { link: this.deps.open(account), key });
      } catch (e) {
        this.deps.log?.(`the provider account ${account.id} could not be opened`, e);
      }
    }
  }

  async close(): Promise<void> {
    this.unsubscribe();
    const others = [...[...this.links.values()].map((l) => l.link), ...this.retired];
    await Promise.allSettled(others.map((l) => l.client.close()));
  }
}
