import { errorFacts } from '../errors/error-facts';

/** Where settings are kept: a JSON file, written atomically, in the app and in the harness. */
export type StoredSettings =
  | { kind: 'ok'; value: unknown }
  | { kind: 'missing' }
  /** `lastGood`: the last copy that was known to parse, when there is one. */
  | { kind: 'corrupt'; detail: string; lastGood?: unknown };

export interface SettingsStore {
  load(): StoredSettings;
  /** Replaces the file whole, or throws `SettingsWriteError` and leaves the old one as it was. */
  save(value: object): void;
  /** Copies the current file aside for support (never deletes it) and returns where it went. */
  keepCopy(): string | null;
}

export type WriteFailure = 'disk_full' | 'read_only' | 'no_permission' | 'other';

/** A settings write that failed: the file on disk is unchanged and still good. */
export class SettingsWriteError extends Error {
  readonly reason: WriteFailure;
  /** The OS's own code (ENOSPC), shown after the plain words for support. */
  readonly cue: string;
  constructor(
    readonly file: string,
    cause: unknown,
  ) {
    const { code, message } = errorFacts(cause);
    const reason: WriteFailure =
      code === 'ENOSPC' || code === 'EDQUOT'
        ? 'disk_full'
        : code === 'EROFS'
          ? 'read_only'
          : code === 'EACCES' || code === 'EPERM'
            ? 'no_permission'
            : 'other';
    super(`settings not written: ${reason} (${code || message})`, { cause });
    this.name = 'SettingsWriteError';
    this.reason = reason;
    this.cue = (code || message).slice(0, 200);
  }
}
