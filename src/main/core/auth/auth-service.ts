import type { OutcomeOf } from '../../../shared/outcomes/outcome-registry';
import type { ResponseOf } from '../../../shared/ipc/contract';
import { UserFacingError } from '../errors/user-facing-error';
import type { ProviderCredentials } from '../reseller/reseller-client';
import type { SettingsService } from '../settings/settings-service';
import type { SecretVault } from '../vault/secret-vault';
import { checkAccount } from './account-rules';
import { testConnection } from './connection-test';
import type { ConfirmWeakProtection } from './confirm-weak-protection';
import { WEAK_PROTECTION_QUESTION } from '../../../shared/words/weak-protection-words';
import type { ProfileEngine } from '../../../shared/profiles/profile-engine';

type AuthStatus = Omit<ResponseOf<'auth:status'>, 'callbackUrl'>;

/** The live account: URL and username in settings, the token in the vault and nowhere else. */
export interface AuthDeps {
  settings: SettingsService;
  vault: SecretVault;
  /** Asked before a token is kept with weak protection; absent: never. */
  confirmWeakProtection?: ConfirmWeakProtection;
  /** The profile the connection test speaks: the one the account's settings name. */
  profiles: (id: string) => ProfileEngine;
}

export class AuthService {
  constructor(private readonly deps: AuthDeps) {}

  /** The credentials of the live account, when all three parts are saved. */
  liveCredentials(): ProviderCredentials | null {
    const { baseUrl, username } = this.deps.settings.get().provider;
    const token = this.deps.vault.read();
    return baseUrl && username && token.kind === 'saved' ? { baseUrl, username, token: token.token } : null;
  }

  /** The live account's address and username, whether or not its token can be read. */
  liveAccount(): { baseUrl: string; username: string } | null {
    const s = this.deps.settings.get();
    return s.mode === 'live' && s.provider.baseUrl && s.provider.username
      ? { baseUrl: s.provider.baseUrl, username: s.provider.username }
      : null;
  }

  /**
   * Demo only when the shopkeeper chose it: a live account whose token cannot be read stays live,
   * with recharges on hold, so its ledger and open recharges stay in view.
   */
  mode(): 'demo' | 'live' {
    return this.liveAccount() ? 'live' : 'demo';
  }

  /** Why recharges are on hold in live mode (the plain-words reason), or null when they are not. */
  hold(): OutcomeOf<'token_unreadable' | 'token_missing'> | null {
    if (!this.liveAccount()) return null;
    const token = this.deps.vault.read();
    if (token.kind === 'unreadable') return { code: 'token_unreadable', params: {} };
    if (token.kind === 'none') return { code: 'token_missing', params: {} };
    return null;
  }

  status(): AuthStatus {
    const s = this.deps.settings.get();
    return {
      mode: this.mode(),
      configured: this.liveCredentials() !== null,
      token: this.deps.vault.read().kind,
      username: s.provider.username,
      baseUrl: s.provider.baseUrl,
      backend: this.deps.vault.backend,
      weak: this.deps.vault.weak,
      weakAccepted: s.acceptWeakTokenProtection,
    };
  }

  /** Throws the plain-words reason when the address or username cannot be used. */
  private checked(baseUrl: string, username: string): { baseUrl: string; username: string } {
    const account = checkAccount(baseUrl, username);
    if (!account.ok) throw new UserFacingError(account.code, {});
    return account;
  }

  /** True when this address and username are the ones the stored token was saved with. */
  private isSavedAccount(account: { baseUrl: string; username: string }): boolean {
    const saved = this.deps.settings.get().provider;
    return saved.baseUrl !== '' && saved.baseUrl === account.baseUrl && saved.username === account.username;
  }

  /**
   * Throws unless a token may be kept here: under weak protection only once the shopkeeper said
   * yes, asked in main (a native dialog, or the harness's CLI flag): the renderer cannot say yes.
   * Every account's token is kept in a vault of the same kind, so one answer holds for all.
   */
  async mayKeepToken(): Promise<void> {
    if (!this.deps.vault.weak || this.deps.settings.get().acceptWeakTokenProtection) return;
    const ask = this.deps.confirmWeakProtection ?? (async () => false);
    if (!(await ask(WEAK_PROTECTION_QUESTION[this.deps.settings.get().language]))) throw new UserFacingError('weak_protection', {});
    this.deps.settings.update({ acceptWeakTokenProtection: true });
  }

  /** Saves the live account and switches to it. */
  async save(input: { baseUrl: string; username: string; token?: string }): Promise<void> {
    const { baseUrl, username } = this.checked(input.baseUrl, input.username);
    if (input.token !== undefined) {
      await this.mayKeepToken();
      this.deps.vault.set(input.token.trim());
    } else {
      const saved = this.deps.vault.read();
      if (saved.kind === 'unreadable') {
        throw new UserFacingError('token_unreadable', {});
      }
      if (saved.kind === 'none') throw new UserFacingError('token_required', { accountChanged: false });
      if (!this.isSavedAccount({ baseUrl, username })) {
        // Keeping the token while changing where it goes would hand it to whatever address was typed.
        throw new UserFacingError('token_required', { accountChanged: true });
      }
    }
    this.deps.settings.update({ provider: { baseUrl, username }, mode: 'live' });
  }

  clear(): void {
    this.deps.vault.clear();
    this.deps.settings.update({ mode: 'demo' });
  }

  async test(input: { baseUrl?: string; username?: string; token?: string }): Promise<ResponseOf<'auth:test'>> {
    const saved = this.deps.settings.get().provider;
    const stored = input.token === undefined;
    const vaulted = this.deps.vault.read();
    const token = input.token ?? (vaulted.kind === 'saved' ? vaulted.token : null);
    const baseUrl = input.baseUrl ?? saved.baseUrl;
    const username = input.username ?? saved.username;
    if (!baseUrl || !username || !token) {
      return { ok: false, reason: 'not_configured', said: '' };
    }
    const account = checkAccount(baseUrl, username);
    if (!account.ok) return { ok: false, reason: account.code, said: '' };
    if (stored && !this.isSavedAccount(account)) {
      return { ok: false, reason: 'token_needed', said: '' };
    }
    return testConnection(
      { baseUrl: account.baseUrl, username: account.username, token },
      this.deps.profiles(this.deps.settings.get().provider.profile),
    );
  }
}
