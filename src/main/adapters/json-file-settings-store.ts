import { closeSync, copyFileSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { SettingsWriteError, type SettingsStore, type StoredSettings } from '../core/settings/settings-store';

function readJson(file: string): { ok: true; value: unknown } | { ok: false; detail: string } {
  try {
    return { ok: true, value: JSON.parse(readFileSync(file, 'utf8')) };
  } catch (e) {
    return { ok: false, detail: e instanceof Error ? e.message : String(e) };
  }
}

/** Makes a rename durable: POSIX needs the folder fsync'd; Windows cannot open a folder (and needs not). */
function syncFolder(dir: string): void {
  let fd: number | null = null;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // Windows, or a file system without folder fsync: the rename is still atomic.
  } finally {
    if (fd !== null) closeSync(fd);
  }
}

/**
 * Settings as a JSON file, in the app (the `settings.json` electron-store used to write, same
 * format) and in the harness. Written whole: temp file, fsync, rename, so a crash or a full disk
 * leaves the old file or the new one, never half of one. Before each write the current file, if it
 * parses, is kept as `<file>.last-good`, which a later damaged file falls back to.
 */
export class JsonFileSettingsStore implements SettingsStore {
  constructor(private readonly file: string) {}

  private get lastGood(): string {
    return `${this.file}.last-good`;
  }

  load(): StoredSettings {
    if (!existsSync(this.file)) return { kind: 'missing' };
    const main = readJson(this.file);
    if (main.ok) return { kind: 'ok', value: main.value };
    const backup = existsSync(this.lastGood) ? readJson(this.lastGood) : null;
    return backup?.ok ? { kind: 'corrupt', detail: main.detail, lastGood: backup.value } : { kind: 'corrupt', detail: main.detail };
  }

  save(value: object): void {
    const tmp = `${this.file}.tmp-${process.pid}`;
    try {
      mkdirSync(dirname(this.file), { recursive: true });
      if (existsSync(this.file) && readJson(this.file).ok) copyFileSync(this.file, this.lastGood);
      const fd = openSync(tmp, 'w', 0o600);
      try {
        writeSync(fd, `${JSON.stringify(value, null, 2)}\n`);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      renameSync(tmp, this.file);
      syncFolder(dirname(this.file));
    } catch (e) {
      rmSync(tmp, { force: true });
      throw new SettingsWriteError(this.file, e);
    }
  }

  keepCopy(): string | null {
    if (!existsSync(this.file)) return null;
    const target = `${this.file}.bad-${Date.now()}`;
    try {
      copyFileSync(this.file, target);
      return target;
    } catch {
      return null;
    }
  }
}
