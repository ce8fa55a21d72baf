import type { Outcome, OutcomeOf } from '../../../shared/outcomes/outcome-registry';
import type { RoutingView as FullView } from '../../../shared/ipc/routing-schemas';
import { checkRoutingRules, type RoutingCheck } from '../../../shared/routing/routing-check';
import { routingRulesSchema, type AccountId, type RoutingRules } from '../../../shared/routing/routing-schema';
import { FIRST_ACCOUNT_ID, singleAccountRules } from '../../../shared/routing/single-account';
import type { Settings } from '../../../shared/settings-schema';
import { UserFacingError } from '../errors/user-facing-error';
import { SettingsWriteError, type SettingsStore, type StoredSettings } from '../settings/settings-store';
import type { SecretVault } from '../vault/secret-vault';
import { accountFaults } from './account-faults';
import type { Profile } from '../../../shared/profiles/profile-v2';
import type { TypedInput } from '../../../shared/profiles/typed-credentials';
import type { AccountCredentials } from '../reseller/client-credentials';
import { accountCard, accountSecrets, dropMovedSecrets, typedSecrets } from './account-secrets';
import { keepSecrets } from '../auth/account-credentials';
import type { RoutingSource } from './routing-source';

/** What the store knows; which accounts paused themselves is the session's to say (the IPC handler adds it). */
type RoutingView = Omit<FullView, 'pausedBy'>;

export interface RoutingStoreDeps {
  /** `routing.json` in the data folder, written as settings.json is (atomically, a last-good copy). */
  readonly file: SettingsStore;
  readonly settings: () => Settings;
  /** An account's profile, or null when it is not on this computer. */
  readonly profileOf: (id: string) => Profile | null;
  readonly vaultFor: (account: AccountId) => SecretVault;
  /** Asked before a token is kept with weak protection (Settings' own question); throws to refuse. */
  readonly mayKeepToken: () => Promise<void>;
  readonly now: () => number;
  readonly notices: { add(level: 'warning', outcome: Outcome): unknown; clear(code: 'routing_set_aside'): void };
}

/** The first account as the shopkeeper knows it: the provider's host, or its id before one is set. */
function firstAccountName(settings: Settings): string {
  try {
    return new URL(settings.provider.baseUrl).hostname.slice(0, 40) || FIRST_ACCOUNT_ID;
  } catch {
    return FIRST_ACCOUNT_ID;
  }
}

/** The first account's address, username and profile are Settings' own: one place, never two that differ. */
function withFirstAccount(rules: RoutingRules, settings: Settings): RoutingRules {
  const { baseUrl, username, profile } = settings.provider;
  return { ...rules, accounts: rules.accounts.map((a) => (a.id === FIRST_ACCOUNT_ID ? { ...a, baseUrl, username, profile } : a)) };
}

/** A file read at start: its rules to use, or why not and what of it the owner can still edit. */
type Loaded =
  { kind: 'none' } | { kind: 'saved'; rules: RoutingRules } | { kind: 'set_aside'; problem: Outcome; draft: RoutingRules | null };

/**
 * The owner's routing rules, kept in `routing.json` and read at every decision (RoutingSource).
 * With no file the one account of Settings decides, routing off, exactly as before. A file that is
 * damaged, or whose rules are refused now (a profile gone from this computer), is not used: routing
 * stays off, a copy of the file is kept, the shopkeeper is told, and the owner can correct the rules
 * (what of them still parses) in Settings. A save is checked whole, every fault named, and nothing
 * is written unless all pass.
 */
export class RoutingStore implements RoutingSource {
  private loaded: Loaded;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly deps: RoutingStoreDeps) {
    this.loaded = this.load(deps.file.load());
    if (this.loaded.kind === 'set_aside') {
      const copy = deps.file.keepCopy();
      const why = this.loaded.problem.code === 'routing_refused' ? 'refused' : 'damaged';
      deps.notices.add('warning', { code: 'routing_set_aside', params: { why, copy: copy ?? undefined } });
    }
  }

  private load(stored: StoredSettings): Loaded {
    if (stored.kind === 'missing') return { kind: 'none' };
    const raw = stored.kind === 'ok' ? stored.value : stored.lastGood;
    const checked = raw === undefined ? null : this.check(raw);
    if (stored.kind === 'ok' && checked?.ok) return { kind: 'saved', rules: checked.rules };
    const draft = raw === undefined ? null : routingRulesSchema.safeParse(raw);
    return {
      kind: 'set_aside',
      problem: stored.kind === 'corrupt' || !checked || checked.ok ? { code: 'routing_unreadable', params: { where: '' } } : checked.error,
      draft: draft?.success ? { ...draft.data, enabled: false } : null,
    };
  }

  /** `checkRoutingRules`, then per account what Settings checks and whether its profile is here. */
  private check(raw: unknown): RoutingCheck {
    const parsed = routingRulesSchema.safeParse(raw);
    if (!parsed.success) return checkRoutingRules(raw);
    const rules = withFirstAccount(parsed.data, this.deps.settings());
    const base = checkRoutingRules(rules);
    if (!base.ok && base.error.code === 'routing_unreadable') return base;
    const { faults, accounts } = accountFaults(rules, this.deps.profileOf);
    const all = [...(!base.ok && base.error.code === 'routing_refused' ? base.error.params.faults : []), ...faults];
    if (all.length > 0) return { ok: false, error: { code: 'routing_refused', params: { faults: all.slice(0, 20) } } };
    return { ok: true, rules: { ...rules, accounts } };
  }

  rules(): RoutingRules {
    const settings = this.deps.settings();
    if (this.loaded.kind === 'saved') return withFirstAccount(this.loaded.rules, settings);
    return singleAccountRules(settings, firstAccountName(settings));
  }

  onChange(cb: () => void): () => void {
    this.listeners.add(cb);
    return () => this.listeners.delete(cb);
  }

  view(): RoutingView {
    const settings = this.deps.settings();
    const loaded = this.loaded;
    const rules = loaded.kind === 'set_aside' && loaded.draft ? withFirstAccount(loaded.draft, settings) : this.rules();
    const tokens = Object.fromEntries(rules.accounts.map((a) => [a.id, this.secrets(a).state]));
    const cards = Object.fromEntries(rules.accounts.map((a) => [a.id, accountCard(this.deps.profileOf(a.profile), a)]));
    return { rules, state: loaded.kind, problem: loaded.kind === 'set_aside' ? loaded.problem : null, tokens, accounts: cards };
  }

  /** One account's secrets as its profile reads them (the first account's are Settings' to read). */
  private secrets(a: RoutingRules['accounts'][number]) {
    const vault = this.deps.vaultFor(a.id);
    if (a.id === FIRST_ACCOUNT_ID) return { state: vault.read().kind, credentials: null };
    return accountSecrets(vault, this.deps.profileOf(a.profile), a);
  }

  /** What an account's client sends with: only what its profile declares, to the hosts they were typed for. */
  credentials(a: RoutingRules['accounts'][number]): AccountCredentials | null {
    return this.secrets(a).credentials;
  }

  /** Checks and keeps the rules, or throws every fault in words and keeps nothing. */
  save(raw: unknown): RoutingView {
    const checked = this.check(raw);
    if (!checked.ok) throw UserFacingError.of(checked.error);
    const before = this.view().rules.accounts;
    try {
      this.deps.file.save(checked.rules);
    } catch (e) {
      if (e instanceof SettingsWriteError) throw new UserFacingError('settings_not_saved', { reason: e.reason, cue: e.cue });
      throw e;
    }
    this.loaded = { kind: 'saved', rules: checked.rules };
    // Secrets typed for an account's old host or name are never sent to its new one: asked again.
    dropMovedSecrets(before, checked.rules.accounts, this.deps.vaultFor, this.deps.profileOf);
    this.deps.notices.clear('routing_set_aside');
    for (const cb of this.listeners) cb();
    return this.view();
  }

  /**
   * The owner's resume of an account that paused itself: its failures in a row count again from
   * now (resumedAt), and the owner's own pause switch is off. Saved, and checked, as any change.
   */
  resume(account: AccountId): RoutingView {
    const rules = this.view().rules;
    if (!rules.accounts.some((a) => a.id === account)) {
      throw new UserFacingError('routing_refused', { faults: [{ fault: 'unknown_account', account }] });
    }
    const now = this.deps.now();
    return this.save({ ...rules, accounts: rules.accounts.map((a) => (a.id === account ? { ...a, paused: false, resumedAt: now } : a)) });
  }

  /**
   * Keeps one account's secrets under its own key, each checked as its profile declares it and
   * kept with the host addresses it is typed for (version 1's token alone, as before); only for an
   * account the rules name. A secret left empty keeps the saved one for the same hosts.
   */
  async setToken(account: AccountId, input: TypedInput): Promise<RoutingView> {
    const a = this.view().rules.accounts.find((x) => x.id === account);
    if (!a) throw new UserFacingError('routing_refused', { faults: [{ fault: 'unknown_account', account }] });
    const p = this.deps.profileOf(a.profile);
    if (!p) throw new UserFacingError('profile_missing', { id: a.profile });
    const secrets = typedSecrets(this.deps.vaultFor(account), p, a, input);
    await this.deps.mayKeepToken();
    keepSecrets(this.deps.vaultFor(account), p, a.baseUrl, secrets);
    for (const cb of this.listeners) cb();
    return this.view();
  }

  /** The saved rules as a backup or move file carries them (no token is ever in them); null without a file. */
  carried(): string | null {
    return this.loaded.kind === 'saved' ? JSON.stringify(this.loaded.rules) : null;
  }

  /** Rules brought by a move file, kept only when they pass every check here; the refusal otherwise. */
  keepCarried(text: string): OutcomeOf<'routing_refused' | 'routing_unreadable' | 'settings_not_saved'> | null {
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      return { code: 'routing_unreadable', params: { where: '' } };
    }
    try {
      this.save(raw);
      return null;
    } catch (e) {
      if (e instanceof UserFacingError && ['routing_refused', 'routing_unreadable', 'settings_not_saved'].includes(e.code))
        return e.outcome as OutcomeOf<'routing_refused' | 'routing_unreadable' | 'settings_not_saved'>;
      throw e;
    }
  }
}

/** A rules file that lives as long as the core (tests and benches that do not keep one). */
export function memoryRulesFile(): SettingsStore {
  let value: object | null = null;
  return {
    load: () => (value === null ? { kind: 'missing' } : { kind: 'ok', value: structuredClone(value) }),
    save: (v) => (value = structuredClone(v)),
    keepCopy: () => null,
  };
}
