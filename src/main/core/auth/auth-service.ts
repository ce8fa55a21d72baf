import type { OutcomeOf } from '../../../shared/outcomes/outcome-registry';
import type { ResponseOf } from '../../../shared/ipc/contract';
import { UserFacingError } from '../errors/user-facing-error';
import type { AccountCredentials } from '../reseller/client-credentials';
import type { Profile } from '../../../shared/profiles/profile-v2';
import { FIRST_ACCOUNT_ID } from '../../../shared/routing/single-account';
import type { SettingsService } from '../settings/settings-service';
import type { SecretVault } from '../vault/secret-vault';
import { checkTyped } from './account-rules';
import { typedCredentials, type TypedInput } from '../../../shared/profiles/typed-credentials';
import { keepSecrets, keptSecrets, needsAddress, placeOf, plainValues, readCredentials, type CredentialsRead } from './account-credentials';
import { testConnection } from './connection-test';
import { requireSecrets } from './required-secrets';
import { shopKept, shopFields } from './shop-values';
import { chosenShopValues } from '../../../shared/profiles/chosen-shop-values';
import type { ShopChoices } from '../../../shared/profiles/shop-choices';
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

  /** The account's profile; null when it is not on this computer (the session says so in words). */
  private profile(): Profile | null {
    try {
      return this.deps.profiles(this.deps.settings.get().provider.profile).profile;
    } catch {
      return null;
    }
  }

  /** The account's credentials; a host whose address changed drops its secrets, and why is kept. */
  private read(): CredentialsRead {
    const p = this.profile();
    if (!p) return { kind: 'none' };
    const read = readCredentials(this.deps.vault, p, this.deps.settings.get().provider);
    if (read.kind === 'moved') this.deps.settings.update({ secretsDropped: { [FIRST_ACCOUNT_ID]: read.host } });
    return read;
  }

  /** The credentials of the live account, when its address, name and every secret are saved. */
  liveCredentials(): AccountCredentials | null {
    const { baseUrl, username } = this.deps.settings.get().provider;
    const read = this.read();
    return baseUrl && username && read.kind === 'saved' ? read.credentials : null;
  }

  /**
   * The live account's credentials as a profile not yet saved would send them (the workbench's
   * connection test): only those it declares, typed for the very hosts it sends to; none else.
   */
  credentialsFor(profile: Profile): AccountCredentials | null {
    const { baseUrl, username } = this.deps.settings.get().provider;
    if (!baseUrl || !username) return null;
    const read = readCredentials(this.deps.vault, profile, this.deps.settings.get().provider, false);
    return read.kind === 'saved' ? read.credentials : null;
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
  hold(): OutcomeOf<'token_unreadable' | 'token_missing' | 'credentials_host_changed'> | null {
    if (!this.liveAccount()) return null;
    const read = this.read();
    if (read.kind === 'saved') return null;
    if (read.kind === 'unreadable') return { code: 'token_unreadable', params: {} };
    const dropped = this.deps.settings.get().secretsDropped[FIRST_ACCOUNT_ID];
    if (dropped) return { code: 'credentials_host_changed', params: { host: dropped } };
    return { code: 'token_missing', params: {} };
  }

  status(): AuthStatus {
    const s = this.deps.settings.get();
    const p = this.profile();
    const read = this.read();
    return {
      mode: this.mode(),
      configured: this.liveCredentials() !== null,
      token: read.kind === 'moved' ? 'none' : read.kind === 'saved' ? 'saved' : read.kind,
      username: s.provider.username,
      baseUrl: s.provider.baseUrl,
      backend: this.deps.vault.backend,
      weak: this.deps.vault.weak,
      weakAccepted: s.acceptWeakTokenProtection,
      fields: p?.credentials ?? [],
      values: p ? plainValues(p, s.provider) : {},
      needsAddress: p ? needsAddress(p) : true,
      dropped: s.secretsDropped[FIRST_ACCOUNT_ID] ?? null,
      shopValues: p?.shopValues ?? [],
      ...(p ? shopFields(p, s.provider.shop) : { shop: {}, shopSetAside: [] }),
    };
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

  /**
   * Saves the live account and switches to it. Each secret left empty keeps the saved one, but
   * only for the same addresses and account name it was typed for: never handed to a new address.
   */
  async save(input: { baseUrl: string; shop?: ShopChoices | undefined } & TypedInput): Promise<void> {
    const p = this.profile();
    if (!p) throw new UserFacingError('profile_missing', { id: this.deps.settings.get().provider.profile });
    const typed = checkTyped(p, input.baseUrl, typedCredentials(input));
    if (!typed.ok) throw UserFacingError.of(typed.error);
    const saved = this.deps.settings.get().provider;
    const next = { baseUrl: typed.baseUrl, ...placeOf(p, typed.plain), ...shopKept(p, input.shop, saved.shop) };
    const secrets = { ...keptSecrets(this.deps.vault, p, saved, next), ...typed.secrets };
    requireSecrets(this.deps.vault, p, secrets);
    if (Object.keys(typed.secrets).length > 0) {
      await this.mayKeepToken();
      keepSecrets(this.deps.vault, p, next.baseUrl, secrets);
    }
    this.deps.settings.update({ provider: next, mode: 'live', secretsDropped: { [FIRST_ACCOUNT_ID]: null } });
  }

  clear(): void {
    this.deps.vault.clear();
    this.deps.settings.update({ mode: 'demo' });
  }

  /** Asks the provider's balance with what is typed, each field left empty read from what is saved. */
  async test(input: { baseUrl?: string | undefined; shop?: ShopChoices | undefined } & TypedInput): Promise<ResponseOf<'auth:test'>> {
    const given = typedCredentials(input);
    const p = this.profile();
    const saved = this.deps.settings.get().provider;
    if (!p) return { ok: false, reason: 'not_configured', said: '' };
    const baseUrl = input.baseUrl ?? saved.baseUrl;
    const typedAny = Object.values(given).some((v) => v.trim() !== '');
    if ((needsAddress(p) && !baseUrl) || (!typedAny && !saved.username)) return { ok: false, reason: 'not_configured', said: '' };
    const typed = checkTyped(p, baseUrl, { ...plainValues(p, saved), ...given });
    if (!typed.ok)
      return { ok: false, reason: typed.error.code === 'credential_invalid' ? 'invalid_credential' : typed.error.code, said: '' };
    const next = { baseUrl: typed.baseUrl, ...placeOf(p, typed.plain) };
    const kept = keptSecrets(this.deps.vault, p, saved, next);
    const secrets = { ...kept, ...typed.secrets };
    if (p.credentials.some((f) => f.secret && secrets[f.name] === undefined)) {
      const otherAccount = Object.keys(typed.secrets).length === 0 && kept === null && this.deps.vault.read().kind === 'saved';
      return { ok: false, reason: otherAccount ? 'token_needed' : 'not_configured', said: '' };
    }
    const { shop } = shopKept(p, input.shop, saved.shop);
    return testConnection(
      {
        baseUrl: typed.baseUrl,
        values: { ...typed.plain, ...secrets },
        secrets: Object.values(secrets),
        ...(p.shopValues.length === 0 ? {} : { shop: chosenShopValues(p.shopValues, shop).values }),
      },
      this.deps.profiles(saved.profile),
    );
  }
}
