import { newInstallPrefix } from '../recharge/ref-id';
import { SETTINGS_MIGRATIONS, SETTINGS_VERSION, settingsSchema, type Settings, type SettingsPatch } from '../../../shared/settings-schema';
import type { SettingsStore } from './settings-store';

export interface SettingsNotice {
  code: 'settings_reset';
  message: string;
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
        if (!isRecord(raw)) throw new Error('not an object');
        const migrated = migrate({ installPrefix: newInstallPrefix(), ...raw });
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

  update(patch: SettingsPatch | { provider: Partial<Settings['provider']> } | { backup: Settings['backup'] }): Settings {
    this.current = settingsSchema.parse(deepMerge(this.current, patch));
    this.store.save(this.current);
    return this.current;
  }
}
