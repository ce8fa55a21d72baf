/** Application updates: electron-updater in the packaged app, nothing in the harness or tests. */
export type UpdateStatus = 'unavailable' | 'idle' | 'checking' | 'downloading' | 'ready' | 'error';

export interface Updater {
  state(): { status: UpdateStatus; version: string | null };
  /** Called once an update has downloaded and waits for a restart. */
  onReady(listener: (version: string) => void): void;
  /** Quits and installs. The core calls it only when no recharge is being sent. */
  restart(): void;
}

export const noUpdater: Updater = {
  state: () => ({ status: 'unavailable', version: null }),
  onReady: () => {},
  restart: () => {},
};
