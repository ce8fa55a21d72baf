import Store from 'electron-store';
import { existsSync, renameSync } from 'node:fs';
import type { SettingsStore, StoredSettings } from '../core/settings/settings-store';

/**
 * Settings in electron-store. A file that is not valid JSON makes electron-store throw on open;
 * that is reported as corrupt so the core keeps it aside instead of the app failing to start.
 */
export class ElectronSettingsStore implements SettingsStore {
  private store: Store<Record<string, unknown>> | null = null;
  private path: string | null = null;

  private open(): Store<Record<string, unknown>> {
    this.store ??= new Store<Record<string, unknown>>({ name: 'settings', clearInvalidConfig: false });
    this.path = this.store.path;
    return this.store;
  }

  load(): StoredSettings {
    try {
      const store = this.open();
      return existsSync(store.path) && Object.keys(store.store).length > 0 ? { kind: 'ok', value: store.store } : { kind: 'missing' };
    } catch (e) {
      return { kind: 'corrupt', detail: e instanceof Error ? e.message : String(e) };
    }
  }

  save(value: object): void {
    this.open().store = value as Record<string, unknown>;
  }

  setAside(): string | null {
    const path = this.path ?? new Store({ name: 'settings-probe' }).path.replace(/settings-probe\.json$/, 'settings.json');
    this.store = null;
    if (!existsSync(path)) return null;
    const target = `${path}.bad-${Date.now()}`;
    renameSync(path, target);
    return target;
  }
}
