import { createRouter, type Router } from './ipc/router';
import { EventBus } from './events/event-bus';
import { buildHandlers } from './ipc/handlers';
import { AuthService } from './auth/auth-service';
import { SettingsService } from './settings/settings-service';
import type { SettingsStore } from './settings/settings-store';
import type { SecretVault } from './vault/secret-vault';
import { silentNotifier, type Notifier } from './notifier';
import { ledgerPath, openProviderSession, type ProviderSession, type SessionOptions } from './session/provider-session';
import type { ClientTimeouts } from './reseller/reseller-client';
import { noUpdater, type Updater } from './updater';
import type { DemoProvider } from './session/demo-provider';
import { startCallbackListener, type CallbackListener } from './callback/callback-listener';
import { NoticeBoard } from './notices/notice-board';
import { restoreInto } from './backup/restore-session';
import { importFromOtherPc } from './backup/move-pc';

export interface CoreLogger {
  error(message: string, detail?: unknown): void;
}

export interface CoreOptions {
  readonly name: string;
  readonly version: string;
  readonly dataDir: string;
  readonly settingsStore: SettingsStore;
  readonly vault: SecretVault;
  readonly logger: CoreLogger;
  readonly notifier?: Notifier;
  readonly now?: () => number;
  readonly timeouts?: ClientTimeouts;
  /** Plays the provider in demo mode; the composition root decides what that is. */
  readonly demoProvider: DemoProvider;
  readonly updater?: Updater;
}

export interface Core {
  readonly router: Router;
  readonly events: EventBus;
  /** The open provider session (tests and the crash harness look inside). */
  session(): Promise<ProviderSession>;
  close(): Promise<void>;
}

/**
 * Builds the main-process services from their ports. The Electron composition root and the web
 * harness both call this, so the harness runs the real core.
 */
export async function createCore(o: CoreOptions): Promise<Core> {
  const events = new EventBus();
  const settings = new SettingsService(o.settingsStore);
  const auth = new AuthService(settings, o.vault);
  const notifier = o.notifier ?? silentNotifier;
  const notices = new NoticeBoard(events, o.now);
  const sessionOptions: SessionOptions = {
    notices,
    saveBackupFolder: (secondFolder) => settings.update({ backup: { secondFolder } }),
    dataDir: o.dataDir,
    settings: () => settings.get(),
    events,
    now: o.now,
    timeouts: o.timeouts,
    notify: (title, body) => notifier.notify(title, body),
  };
  const open = () => {
    const live = auth.mode() === 'live' ? auth.liveCredentials() : null;
    return openProviderSession(live ? { mode: 'live', credentials: live } : { mode: 'demo', provider: o.demoProvider }, sessionOptions);
  };

  let current = open();
  const initial = await current;
  if (settings.notice) notices.add({ level: 'warning', params: {}, ...settings.notice });
  // The balance is shown at once from the ledger; a fresh one follows when the provider answers.
  void initial.balances.refresh().catch(() => {});

  const reopen = async () => {
    const previous = current;
    current = (async () => {
      await (await previous).close();
      const next = await open();
      void next.balances.refresh().catch(() => {});
      return next;
    })();
    await current;
  };

  const restoreBackup = async (path: string) => {
    const previous = current;
    const restored = restoreInto(previous, path, open, o.now ?? Date.now);
    // Refused before anything closed (not a backup, a recharge in flight): the session goes on.
    current = restored.then(
      (r) => r.session,
      () => previous,
    );
    const r = await restored;
    if ('error' in r) throw r.error;
    void r.session.balances.refresh().catch(() => {});
    return r.result;
  };

  // The callback listener follows its settings; a callback only asks the current session to check.
  let listener: CallbackListener | null = null;
  let listenerKey = '';
  const syncListener = async () => {
    const c = settings.get().callbackListener;
    const key = c.enabled ? `${c.host}:${c.port}` : '';
    if (key === listenerKey) return;
    await listener?.close();
    listener = null;
    listenerKey = key;
    if (!c.enabled) return;
    try {
      listener = await startCallbackListener({
        host: c.host,
        port: c.port,
        log: (m) => o.logger.error(m),
        onHint: (refId) => {
          void (async () => {
            const s = await current;
            if (s.ledger.get(refId)) await s.poller.checkNow(refId, 'callback');
            else o.logger.error(`callback for unknown ref_id ${refId.slice(0, 64)} ignored`);
          })();
        },
      });
    } catch (e) {
      listenerKey = '';
      notices.add({
        level: 'warning',
        code: 'callback_listener_failed',
        params: { port: c.port },
        message: `The callback listener could not start on ${c.host}:${c.port} (${e instanceof Error ? e.message : 'error'}). Choose another port in Settings; status checks go on regardless.`,
      });
    }
  };
  await syncListener();

  const updater = o.updater ?? noUpdater;
  updater.onReady((version) => events.emit('app:updateReady', { version }));

  const router = createRouter(
    buildHandlers({
      app: { name: o.name, version: o.version, dataDir: o.dataDir, mode: () => auth.mode() },
      auth,
      settings,
      session: () => current,
      reopen,
      settingsChanged: syncListener,
      callbackUrl: () => listener?.url ?? null,
      updater,
      notices,
      restoreBackup,
      importFromOtherPc: (path) =>
        importFromOtherPc(path, {
          liveLedgerFile: (username) => ledgerPath(o.dataDir, { mode: 'live', credentials: { baseUrl: '', username, token: '' } }),
          currentLedgerFile: async () => (await current).ledger.file,
          restoreOpen: restoreBackup,
          updateSettings: (patch) => settings.update(patch),
          now: o.now ?? Date.now,
        }),
    }),
    (channel, e) => o.logger.error(`IPC ${channel} failed`, e),
  );

  return {
    router,
    events,
    session: () => current,
    async close() {
      await listener?.close();
      await (await current).close();
    },
  };
}
