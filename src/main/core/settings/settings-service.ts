import { newInstallPrefix } from '../recharge/ref-id';
import { SETTINGS_MIGRATIONS, SETTINGS_VERSION, settingsSchema, type Settings, type SettingsPatch } from '../../../shared/settings-schema';
import type { SettingsStore } from './settings-store';

export interface SettingsNotice {
  code: 'settings_reset';
  message: string;
}

function migrate(raw: Record<string, unknown>): Record<string, unknown> {
  let value = raw;
  let version = typeof value['version'] === 'number' ? (value['version'] as number) : 0;
  if (version > SETTINGS_VERSION) throw new Error(`settings version ${version} is newer than this app`);
  while (version < SETTINGS_VERSION) value = SETTINGS_MIGRATIONS[version++]!(value);
  return value;
}

function deepMerge<T extends object>(base: T, patch: object): T {
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined) continue;
    const current = out[k];
    out[k] =
      v && typeof v === 'object' && !Array.isArray(v) && current && typeof current === 'object'
        ? deepMerge(current as object, v as object)
        : v;
  }
  return out as T;
}

/**
 * Loads settings, upgrading old files and filling defaults. A file that cannot be read or does
 * not fit is kept aside, defaults load, and the shopkeeper is told; the app never fails to start
 * over its settings.
 */
export class SettingsService {
  private current: Settings;
  readonly notice: SettingsNotice | null = null;

  constructor(private readonly store: SettingsStore) {
    const loaded = store.load();
    if (loaded.kind === 'ok') {
      try {
        const raw = loaded.value;
        if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new Error('not an object');
        const migrated = migrate({ installPrefix: newInstallPrefix(), ...(raw as Record<string, unknown>) });
        this.current = settingsSchema.parse(migrated);
        if (migrated !== raw) store.save(this.current);
        return;
      } catch (e) {
        this.notice = this.reset(`it did not fit (${e instanceof Error ? e.message.slice(0, 120) : 'unreadable'})`);
      }
    } else if (loaded.kind === 'corrupt') {
      this.notice = this.reset('it could not be read');
    }
    this.current ??= this.defaults();
    if (loaded.kind === 'missing') store.save(this.current);
  }

  private defaults(): Settings {
    return settingsSchema.parse({ version: SETTINGS_VERSION, installPrefix: newInstallPrefix() });
  }

  private reset(why: string): SettingsNotice {
    const aside = this.store.setAside();
    this.current = this.defaults();
    this.store.save(this.current);
    return {
      code: 'settings_reset',
      message: `The settings file was damaged: ${why}. Default settings are in use; the old file was kept${aside ? ` as ${aside}` : ''}. Check Settings.`,
    };
  }

  get(): Settings {
    return this.current;
  }

  update(patch: SettingsPatch | { provider: Partial<Settings['provider']> } | Pick<Settings, 'acceptWeakTokenProtection'>): Settings {
    this.current = settingsSchema.parse(deepMerge(this.current, patch));
    this.store.save(this.current);
    return this.current;
  }
}
