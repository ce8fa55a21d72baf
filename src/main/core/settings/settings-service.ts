import type { OutcomeOf } from '../../../shared/outcomes/outcome-registry';
import { newInstallPrefix } from '../recharge/ref-id';
import { SETTINGS_MIGRATIONS, SETTINGS_VERSION, settingsSchema, type Settings, type SettingsPatch } from '../../../shared/settings-schema';
import { isDeepStrictEqual } from 'node:util';
import { shopUrlHasPassword } from '../../../shared/shop-url';
import { UserFacingError } from '../errors/user-facing-error';
import { SettingsWriteError, type SettingsStore } from './settings-store';
import { customerTextRefusal, withoutRefusedTexts, type CustomerTextNotice } from './customer-texts';

export type SettingsNotice = OutcomeOf<'settings_reset' | 'settings_restored' | 'settings_not_saved'>;

/** True when a raw settings file holds a shop ledger address with a password in it. */
function hadShopPassword(raw: unknown): boolean {
  const ledger = isRecord(raw) ? raw['shopLedger'] : null;
  const url = isRecord(ledger) ? ledger['url'] : null;
  return typeof url === 'string' && shopUrlHasPassword(url);
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function migrate(raw: Record<string, unknown>): Record<string, unknown> {
  const from = raw['version'];
  const version = typeof from === 'number' ? from : 0;
  if (version > SETTINGS_VERSION) throw new Error(`settings version ${version} is newer than this app`);
  return SETTINGS_MIGRATIONS.slice(version).reduce((value, step) => step(value), raw);
}

/** Nested objects merge key by key; anything else in the patch replaces; undefined keeps. */
function deepMerge(base: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined) continue;
    const current = out[k];
    out[k] = isRecord(v) && isRecord(current) ? deepMerge(current, v) : v;
  }
  return out;
}

/** A file's texts customers read, checked before anything else: a refused one is left empty and told. */
function checkedTexts(loaded: ReturnType<SettingsStore['load']>) {
  if (loaded.kind === 'missing') return { ...loaded, textNotices: [] };
  if (loaded.kind === 'ok') {
    const { value, notices } = withoutRefusedTexts(loaded.value);
    return { ...loaded, value, textNotices: notices };
  }
  if (loaded.lastGood === undefined) return { ...loaded, textNotices: [] };
  const { value, notices } = withoutRefusedTexts(loaded.lastGood);
  return { ...loaded, lastGood: value, textNotices: notices };
}

/**
 * Loads settings, upgrading old files and filling defaults. The file is written only when what it
 * holds changes. A file that cannot be read falls back to its last good copy, else to defaults; a
 * file that parses is never set aside (what fits is kept); and a write that fails (disk full,
 * read-only) is reported as that, while the settings in use stay as they were: a live account
 * never turns into demo because a disk is full.
 */
export class SettingsService {
  private current: Settings;
  readonly notice: SettingsNotice | null = null;
  /** Texts customers read that the file held in a refused form, each left empty and told. */
  readonly textNotices: readonly CustomerTextNotice[] = [];

  constructor(private readonly store: SettingsStore) {
    const stored = store.load();
    // Compared with what is on disk as it was, so that a refused text is written out of the file too.
    const onDisk = stored.kind === 'ok' ? stored.value : null;
    const loaded = checkedTexts(stored);
    this.textNotices = loaded.textNotices;
    if (loaded.kind === 'missing') {
      this.current = this.defaults();
      this.notice = this.trySave(null);
    } else if (loaded.kind === 'ok') {
      const { settings, dropped } = this.fit(loaded.value);
      this.current = settings;
      if (dropped) {
        const copy = store.keepCopy();
        this.notice = this.trySave(onDisk) ?? {
          code: 'settings_reset',
          params: { dropped: dropped.slice(0, 200), copy: copy ?? undefined },
        };
      } else {
        this.notice = this.trySave(onDisk);
        // A password taken out of the shop ledger's address: written once more, so that the copy
        // kept before a write (`.last-good`) no longer holds it either.
        if (!this.notice && hadShopPassword(loaded.value)) this.notice = this.trySave(null);
      }
    } else {
      const copy = store.keepCopy();
      if (loaded.lastGood !== undefined) {
        this.current = this.fit(loaded.lastGood).settings;
        this.notice = this.trySave(null) ?? { code: 'settings_restored', params: { copy: copy ?? undefined } };
      } else {
        this.current = this.defaults();
        this.notice = this.trySave(null) ?? { code: 'settings_reset', params: { copy: copy ?? undefined } };
      }
    }
  }

  /** What of a parsed file can be used: the file migrated and, key by key, whatever fits. */
  private fit(raw: unknown): { settings: Settings; dropped: string | null } {
    if (!isRecord(raw)) return { settings: this.defaults(), dropped: 'not an object' };
    let value: Record<string, unknown>;
    try {
      value = migrate({ installPrefix: newInstallPrefix(), ...raw });
    } catch (e) {
      return { settings: this.defaults(), dropped: e instanceof Error ? e.message.slice(0, 120) : 'unreadable' };
    }
    const dropped: string[] = [];
    for (let i = 0; i < 20; i++) {
      const parsed = settingsSchema.safeParse(value);
      if (parsed.success) return { settings: parsed.data, dropped: dropped.length ? dropped.join(', ') : null };
      const keys = [...new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? '')))];
      if (keys.includes('') || keys.includes('installPrefix')) break;
      value = Object.fromEntries(Object.entries(value).filter(([k]) => !keys.includes(k)));
      dropped.push(...keys);
    }
    return { settings: this.defaults(), dropped: 'the file as a whole' };
  }

  /** Saves when what is in use differs from what is on disk; a failed write becomes a notice. */
  private trySave(onDisk: unknown): SettingsNotice | null {
    if (isDeepStrictEqual(onDisk, this.current)) return null;
    try {
      this.store.save(this.current);
      return null;
    } catch (e) {
      if (!(e instanceof SettingsWriteError)) throw e;
      return { code: 'settings_not_saved', params: { reason: e.reason, cue: e.cue } };
    }
  }

  private defaults(): Settings {
    return settingsSchema.parse({ version: SETTINGS_VERSION, installPrefix: newInstallPrefix() });
  }

  get(): Settings {
    return this.current;
  }

  /** Applies a change and writes it; when the write fails nothing changes and the reason is shown. */
  update(
    patch:
      | SettingsPatch
      | { provider: Partial<Settings['provider']> }
      | { provider?: Partial<Settings['provider']>; mode?: Settings['mode']; secretsDropped: Settings['secretsDropped'] }
      | Pick<Settings, 'acceptWeakTokenProtection'>
      | { backup: Settings['backup'] }
      | { shopLedger: Settings['shopLedger'] },
  ): Settings {
    const refused = customerTextRefusal(patch);
    if (refused) throw new UserFacingError('customer_text_refused', refused);
    const next = settingsSchema.parse(deepMerge(this.current, patch));
    if (isDeepStrictEqual(next, this.current)) return this.current;
    try {
      this.store.save(next);
    } catch (e) {
      if (e instanceof SettingsWriteError) throw new UserFacingError('settings_not_saved', { reason: e.reason, cue: e.cue });
      throw e;
    }
    this.current = next;
    return this.current;
  }
}
