import { createRouter, type Router } from './ipc/router';
import { EventBus } from './events/event-bus';
import { buildHandlers } from './ipc/handlers';
import { AuthService } from './auth/auth-service';
import { SettingsService } from './settings/settings-service';
import type { SettingsStore } from './settings/settings-store';
import type { SecretVault } from './vault/secret-vault';
import { silentNotifier, type Notifier } from './notifier';
import { openProviderSession, type ProviderSession, type SessionOptions } from './session/provider-session';
import type { ClientTimeouts } from './reseller/reseller-client';
import { noUpdater, type Updater } from './updater';
import type { DemoProvider } from './session/demo-provider';
import { startCallbackListener, type CallbackListener } from './callback/callback-listener';
import type { ExportTarget } from './reports/export-target';
import { dataFolderTarget } from './reports/data-folder-target';
import { noPrinter, type ReceiptPrinter } from './receipts/receipt-printer';

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
  /** Where exports are saved; without one, `exports/` in the data folder. */
  readonly exportTarget?: ExportTarget;
  /** Prints receipts; without one (the harness) printing says it needs the desktop app. */
  readonly receiptPrinter?: ReceiptPrinter;
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
  const sessionOptions: SessionOptions = {
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
  if (settings.notice) events.emit('app:notice', { level: 'warning', ...settings.notice });
  if (initial.ledger.movedAside) {
    events.emit('app:notice', {
      level: 'error',
      code: 'ledger_damaged',
      message: `The history file was damaged and has been kept aside as ${initial.ledger.movedAside}. A new history was started; give the old file to support.`,
    });
  }
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
      events.emit('app:notice', {
        level: 'warning',
        code: 'callback_listener_failed',
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
      exportTarget: o.exportTarget ?? dataFolderTarget(o.dataDir),
      receiptPrinter: o.receiptPrinter ?? noPrinter,
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
