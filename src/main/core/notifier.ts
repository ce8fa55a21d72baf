/** OS notifications: Electron's in the app, none (or a recorder) in the harness and tests. */
export interface Notifier {
  notify(title: string, body: string): void;
}

export const silentNotifier: Notifier = { notify: () => {} };
