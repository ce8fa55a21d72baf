import { existsSync, readFileSync, renameSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { SettingsStore, StoredSettings } from '../core/settings/settings-store';

/** Settings as a JSON file (the harness and tests); written whole through a temp file. */
export class JsonFileSettingsStore implements SettingsStore {
  constructor(private readonly file: string) {}

  load(): StoredSettings {
    if (!existsSync(this.file)) return { kind: 'missing' };
    try {
      return { kind: 'ok', value: JSON.parse(readFileSync(this.file, 'utf8')) as unknown };
    } catch (e) {
      return { kind: 'corrupt', detail: e instanceof Error ? e.message : String(e) };
    }
  }

  save(value: object): void {
    mkdirSync(dirname(this.file), { recursive: true });
    const tmp = `${this.file}.tmp`;
    writeFileSync(tmp, `${JSON.stringify(value, null, 2)}\n`);
    renameSync(tmp, this.file);
  }

  setAside(): string | null {
    if (!existsSync(this.file)) return null;
    const target = `${this.file}.bad-${Date.now()}`;
    renameSync(this.file, target);
    return target;
  }
}
