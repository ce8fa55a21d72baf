/** Where settings are kept: electron-store in the app, a JSON file in the harness and tests. */
export type StoredSettings = { kind: 'ok'; value: unknown } | { kind: 'missing' } | { kind: 'corrupt'; detail: string };

export interface SettingsStore {
  load(): StoredSettings;
  save(value: object): void;
  /** Moves the current file aside (never deletes it) and returns where it went. */
  setAside(): string | null;
}
