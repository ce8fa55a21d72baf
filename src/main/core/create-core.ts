import { createRouter, type Router } from './ipc/router';
import { contract, type EventPayloadOf } from '../../shared/ipc/contract';
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
import { noClipboard, type Clipboard } from './clipboard';
import type { ConfirmWeakProtection } from './auth/confirm-weak-protection';
import { lockDataFolder } from './data-folder/data-folder-lock';
import { saveDiagnostics, type DiagnosticsPort } from './diagnostics/diagnostics';
import { join } from 'node:path';
import { NoticeBoard } from './notices/notice-board';
import { restoreInto } from './backup/restore-session';
import { importFromOtherPc } from './backup/move-pc';
import type { ChildCommand } from './backup/closing-job';

export interface CoreLogger {
  error(message: string, detail?: unknown): void;
  info?(message: string): void;
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
  readonly clipboard?: Clipboard;
  /** Main-side yes/no for storing the token under weak protection; absent means no. */
  readonly confirmWeakProtection?: ConfirmWeakProtection;
  /** Where "Save diagnostics" writes; by default a file in the data folder, with no log. */
  readonly diagnostics?: DiagnosticsPort;
  /**
   * How to start src/main/closing-backup.ts as a child process, so the backup of a clean close
   * does not hold the quit; absent, the quit waits for it.
   */
  readonly closingBackup?: ChildCommand;
}

export interface Core {
  readonly router: Router;
  readonly events: EventBus;
  /** Notices raised while starting, before any window could listen (the shell shows them). */
  readonly startupNotices: readonly EventPayloadOf<'app:notice'>[];
  /** The open provider session (tests and the crash harness look inside). */
  session(): Promise<ProviderSession>;
  close(): Promise<void>;
}

/**
 * Builds the main-process services from their ports. The Electron composition root and the web
 * harness both call this, so the harness runs the real core.
 */
export async function createCore(o: CoreOptions): Promise<Core> {
  // Before anything is opened: a second core on this folder would share the ledger and resend.
  const lock = lockDataFolder(o.dataDir);
  try {
    return await buildCore(o, () => lock.release());
  } catch (e) {
    lock.release();
    throw e;
  }
}

async function buildCore(o: CoreOptions, releaseLock: () => void): Promise<Core> {
  const events = new EventBus();
  const startupNotices: EventPayloadOf<'app:notice'>[] = [];
  const stopCollecting = events.subscribe((event, payload) => {
    const notice = contract.events['app:notice'].safeParse(payload);
    if (event === 'app:notice' && notice.success) startupNotices.push(notice.data);
  });
  const settings = new SettingsService(o.settingsStore);
  const auth = new AuthService(settings, o.vault, o.confirmWeakProtection);
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
    log: (message, detail) => o.logger.error(message, detail),
    closingBackup: o.closingBackup,
  };
  const open = () => {
    const account = auth.liveAccount();
    if (!account) return openProviderSession({ mode: 'demo', provider: o.demoProvider }, sessionOptions);
    // A live account whose token cannot be read stays live, on hold: never demo behind its back.
    const hold = auth.hold();
    const credentials = auth.liveCredentials() ?? { ...account, token: '' };
    return openProviderSession({ mode: 'live', credentials, hold }, sessionOptions);
  };
  const started = (s: ProviderSession) => {
    if (s.hold) notices.add({ level: 'error', params: {}, ...s.hold });
    // The balance is shown at once from the ledger; a fresh one follows when the provider answers.
    else void s.balances.refresh().catch(() => {});
  };

  // The shop's log hears what support will ask about: notices and every status a recharge takes.
  events.subscribe((event, payload) => {
    if (event === 'app:notice' || event === 'txn:updated') o.logger.info?.(`${event} ${JSON.stringify(payload)}`);
  });
  o.logger.info?.(`${o.name} ${o.version} starting in ${o.dataDir}`);

  let current = open();
  const initial = await current;
  if (settings.notice) notices.add({ level: 'warning', params: {}, ...settings.notice });
  started(initial);

  const reopen = async () => {
    const previous = current;
    current = (async () => {
      await (await previous).close();
      const next = await open();
      started(next);
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
    // The damaged history they told of is no longer the one in use.
    for (const code of ['ledger_salvaged', 'ledger_replaced', 'ledger_check_failed'] as const) notices.clear(code);
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
  stopCollecting();

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
      clipboard: o.clipboard ?? noClipboard,
      saveDiagnostics: () =>
        saveDiagnostics(o.diagnostics ?? { choosePath: async (name) => join(o.dataDir, name), logFiles: () => [] }, {
          name: o.name,
          version: o.version,
          dataDir: o.dataDir,
          now: o.now ?? Date.now,
          status: () => auth.status(),
          settings: () => settings.get(),
          ledger: async () => (await current).ledger,
          secrets: () => {
            const token = o.vault.read();
            return token.kind === 'saved' ? [token.token] : [];
          },
        }),
      notices,
      restoreBackup,
      importFromOtherPc: (path) =>
        importFromOtherPc(path, {
          liveLedgerFile: (username) => ledgerPath(o.dataDir, { mode: 'live', credentials: { baseUrl: '', username, token: '' } }),
          currentLedgerFile: async () => (await current).ledger.file,
          restoreOpen: restoreBackup,
          updateSettings: (patch) => settings.update(patch),
          openImportedAccount: async (account) => {
            o.vault.clear();
            settings.update({ provider: account, mode: 'live' });
            await reopen();
            return { open: (await current).ledger.openTxns().length };
          },
          now: o.now ?? Date.now,
        }),
    }),
    (channel, e) => o.logger.error(`IPC ${channel} failed`, e),
  );

  return {
    router,
    events,
    startupNotices,
    session: () => current,
    async close() {
      try {
        await listener?.close();
        await (await current).close({ quitting: true });
      } finally {
        releaseLock();
      }
    },
  };
}
