import { errorFacts } from './errors/error-facts';
import { createRouter, type Router } from './ipc/router';
import { EventBus } from './events/event-bus';
import { BalanceGate } from './balance/balance-gate';
import { ProfileStore } from './profiles/profile-store';
import { isBuiltinProfile } from '../../shared/profiles/profile-ids';
import type { ProfileEngine } from '../../shared/profiles/profile-engine';
import { builtinEngine } from '../../shared/profiles/builtin-profiles';
import { ProfileService } from './profiles/profile-service';
import { buildHandlers } from './ipc/handlers';
import { AuthService } from './auth/auth-service';
import { SettingsService } from './settings/settings-service';
import type { SettingsStore } from './settings/settings-store';
import type { SecretVault } from './vault/secret-vault';
import { silentNotifier, type Notifier } from './notifier';
import { ledgerPath, openProviderSession, type ProviderSession, type SessionOptions } from './session/provider-session';
import type { ClientTimeouts } from './reseller/reseller-client';
import type { NotSentRule } from './poller/after-answer';
import { noUpdater, type Updater } from './updater';
import type { DemoProvider } from './session/demo-provider';
import { startCallbackListener, type CallbackListener } from './callback/callback-listener';
import { callbackMismatch } from './callback/callback-match';
import { HintQueue } from './callback/hint-queue';
import { noClipboard, type Clipboard } from './clipboard';
import type { ConfirmWeakProtection } from './auth/confirm-weak-protection';
import { lockDataFolder } from './data-folder/data-folder-lock';
import { saveDiagnostics, type DiagnosticsPort } from './diagnostics/diagnostics';
import { join } from 'node:path';
import { NoticeBoard } from './notices/notice-board';
import { restoreInto } from './backup/restore-session';
import { isDamage, markForRepair } from './ledger/open-database';
import { importFromOtherPc } from './backup/move-pc';
import type { ExportTarget } from './reports/export-target';
import { browseInWindow, type PathChooser } from './files/path-chooser';
import { dataFolderTarget } from './reports/data-folder-target';
import { noPrinter, type ReceiptPrinter } from './receipts/receipt-printer';
import type { OpenShopDb } from './shop-ledger/shop-db';
import { configureShop, shopLinkFrom, shopStatus, type ShopSettingsDeps } from './shop-ledger/shop-settings';
import { shopHistory } from './shop-ledger/shop-history';
import { shopReport } from './shop-ledger/shop-report';
import { shopDay } from './shop-ledger/shop-day';
import { MemoryVault } from './vault/secret-vault';
import { UserFacingError } from './errors/user-facing-error';
import type { Person } from '../../shared/lock-schemas';
import { PinStore } from './lock/pin-store';
import { LockService } from './lock/lock-service';
import { roleGate } from './ipc/role-gate';
import type { ChildCommand } from './backup/closing-job';
import { queuedLog } from './log/queued-log';
import { memoryRulesFile, RoutingStore } from './routing/routing-store';
import type { RoutingSource } from './routing/routing-source';
import { accountVaults, type AccountVaults } from './routing/account-vaults';
import { carriedChanges } from './routing/carried-changes';
import { secretValues } from './vault/secret-bundle';
import { operatorCodes } from '../../shared/profiles/profile-operators';

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
  /** `routing.json` (issue 29), kept like settings.json; absent, the rules last as long as the core. */
  readonly routingFile?: SettingsStore;
  /** One vault per provider account, the first being `vault`; absent, the others are kept in memory. */
  readonly accountVaults?: AccountVaults;
  readonly logger: CoreLogger;
  readonly notifier?: Notifier;
  readonly now?: () => number;
  readonly timeouts?: ClientTimeouts;
  /** When a recharge that never left is closed as not sent (the harness's command line shortens it). */
  readonly notSentRule?: NotSentRule;
  /** How often the wallet is read on its own (the harness's command line shortens it); once a minute by default. */
  readonly balanceEveryMs?: number;
  /** Plays the provider in demo mode; the composition root decides what that is. */
  readonly demoProvider: DemoProvider;
  readonly updater?: Updater;
  readonly clipboard?: Clipboard;
  /** Main-side yes/no for storing the token under weak protection; absent means no. */
  readonly confirmWeakProtection?: ConfirmWeakProtection;
  /** Where "Save diagnostics" writes; by default a file in the data folder, with no log. */
  readonly diagnostics?: DiagnosticsPort;
  /** Where exports are saved; without one, `exports/` in the data folder. */
  readonly exportTarget?: ExportTarget;
  /** Picks folders and files; without one (the harness), the window browses by itself. */
  readonly pathChooser?: PathChooser;
  /** Prints receipts; without one (the harness) printing says it needs the desktop app. */
  readonly receiptPrinter?: ReceiptPrinter;
  /**
   * Opens the shared shop ledger (adapters/postgres in the app and the harness). Absent: no shop
   * ledger can be set, and every counter works alone, as before.
   */
  readonly openShopDb?: OpenShopDb;
  /** The shop ledger's password, kept like the token (OS keychain in the app). */
  readonly shopVault?: SecretVault;
  /** Fixed routing rules in place of routing.json's (tests); absent: the owner's rules, kept in `routingFile`. */
  readonly routing?: RoutingSource;
  /** Wait between shop ledger syncs while it answers (tests and benches shorten it). */
  readonly shopSyncMs?: number;
  /** How long one minute of the idle lock lasts (tests shorten it); 60 000 ms by default. */
  readonly lockMinuteMs?: number;
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
  /** What the shopkeeper must read, kept as state (the screen's notice bar reads it). */
  readonly notices: Pick<NoticeBoard, 'add' | 'list' | 'clearKey'>;
  /** The owner's routing rules, read at every decision. */
  readonly routing: RoutingSource;
  /** The open provider session (tests and the crash harness look inside). */
  session(): Promise<ProviderSession>;
  /** Who is at the counter now (issue 38): the one place a record of who did what asks. */
  person(): Person | null;
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
  const logger = queuedLog(o.logger);
  const events = new EventBus();
  const settings = new SettingsService(o.settingsStore);
  const profileStore = new ProfileStore(o.dataDir);
  const profiles = (id: string) => profileStore.engine(id);
  const auth = new AuthService({ settings, vault: o.vault, confirmWeakProtection: o.confirmWeakProtection, profiles });
  const notifier = o.notifier ?? silentNotifier;
  const notices = new NoticeBoard({ events, now: o.now });
  const vaults = o.accountVaults ?? accountVaults(o.vault, () => new MemoryVault());
  const routing = new RoutingStore({
    file: o.routingFile ?? memoryRulesFile(),
    settings: () => settings.get(),
    profileOf: (id) => {
      if (!isBuiltinProfile(id) && profileStore.text(id) === null) return null;
      return profiles(id).profile;
    },
    vaultFor: (id) => vaults.vaultFor(id),
    mayKeepToken: () => auth.mayKeepToken(),
    now: o.now ?? Date.now,
    notices,
  });
  routing.onChange(() => events.emit('routing:changed', {}));
  const openShopDb = o.openShopDb;
  const shopDeps: ShopSettingsDeps | null = openShopDb
    ? { settings, vault: o.shopVault ?? new MemoryVault(), open: openShopDb, intervalMs: o.shopSyncMs }
    : null;
  // When the counter last called in: the backup child is started when it has been quiet a while.
  let lastCallAt = performance.now();
  // Who is at the counter, once the lock below is made (no window listens before the core is built).
  let ownerAtCounter = () => true;
  const sessionOptions: SessionOptions = {
    ownerAtCounter: () => ownerAtCounter(),
    profiles,
    // An open recharge is read by the very version it was sent with, whatever was imported since.
    profileByTag: (tag) => profileStore.engineByTag(tag),
    profileVersionText: (tag) => profileStore.versionText(tag),
    // An imported profile travels in every backup and move file, so the books read the same elsewhere.
    profileText: () => profileStore.text(settings.get().provider.profile),
    // The owner's routing rules travel too (never a token: those stay in this computer's vault).
    routingText: () => routing.carried(),
    shopLedger: () => (shopDeps ? shopLinkFrom(shopDeps) : null),
    notices,
    saveBackupFolder: (secondFolder) => settings.update({ backup: { secondFolder } }),
    dataDir: o.dataDir,
    settings: () => settings.get(),
    events,
    now: o.now,
    timeouts: o.timeouts,
    notSentRule: o.notSentRule,
    balanceEveryMs: o.balanceEveryMs,
    // One for the life of the core: a session opened again does not read a balance sooner than its provider allows.
    balanceGate: new BalanceGate(),
    notify: (title, body) => notifier.notify(title, body),
    log: (message, detail) => logger.error(message, detail),
    closingBackup: o.closingBackup,
    counterIdleMs: () => performance.now() - lastCallAt,
    onLedgerDamage: (e) => void repairLedger(e),
    routing: o.routing ?? routing,
    // Each other account sends what its own profile declares, read at each call from its own vault.
    accountCredentials: (account) => routing.credentials(account),
  };
  // The dialect of the session last opened: a callback is read in its words.
  let profileInUse: ProfileEngine | null = null;
  const open = async () => {
    const s = await openSession();
    profileInUse = s.profile;
    return s;
  };
  const openSession = () => {
    const account = auth.liveAccount();
    if (!account) return openProviderSession({ mode: 'demo', provider: o.demoProvider }, sessionOptions);
    // A live account whose token cannot be read stays live, on hold: never demo behind its back.
    const hold = auth.hold();
    const live = auth.liveCredentials();
    const credentials = live ? { ...live, username: account.username } : { ...account, token: '' };
    return openProviderSession({ mode: 'live', credentials, hold }, sessionOptions);
  };
  const started = (s: ProviderSession) => {
    if (s.hold) notices.add('error', s.hold);
    // The balance is shown at once from the ledger; a fresh one follows when the provider answers.
    else void s.balances.refresh('app').catch(() => {});
  };

  // The shop's log hears what support will ask about: notices and every status a recharge takes,
  // written just after the emit (the window hears it first, and a recharge is answered sooner).
  events.subscribe((event, payload) => {
    if (event === 'app:notice' || event === 'txn:updated') logger.later(`${event} ${JSON.stringify(payload)}`);
  });
  logger.info?.(`${o.name} ${o.version} starting in ${o.dataDir}`);

  let current = open();
  const initial = await current;
  if (settings.notice) notices.add('warning', settings.notice);
  for (const told of settings.textNotices) notices.add('warning', told, `customer_text_dropped:${told.params.field}`);
  started(initial);

  const reopen = async () => {
    const previous = current;
    current = (async () => {
      // A session that failed to open has nothing to close: the next open is all there is.
      const closing = await previous.catch(() => null);
      await closing?.close();
      const next = await open();
      if (closing?.mode === 'demo' && next.mode === 'live') notices.endPractice();
      started(next);
      return next;
    })();
    await current;
  };

  // Damage met by any statement, not only by the background check: the file is marked and the
  // session reopened, which rebuilds its indexes or salvages every readable row before going on.
  // Never while a recharge is being sent; the marker makes the next open repair it regardless.
  let repairing: Promise<void> | null = null;
  const repairLedger = (e: unknown): Promise<void> =>
    (repairing ??= (async () => {
      const s = await current;
      markForRepair(s.ledger.file, errorFacts(e).message);
      if (s.recharge.busy) return;
      await reopen();
    })()
      .catch((failed: unknown) => logger.error('the ledger could not be repaired', failed))
      .finally(() => (repairing = null)));

  const restoreBackup = async (path: string) => {
    const previous = current;
    const restored = restoreInto(previous, path, open, o.now ?? Date.now, (lines) => {
      logger.error(`restore: ${lines.length} journal line(s) refused: ${lines.map((l) => `${l.refId} ${l.reason}`).join(', ')}`);
      const first = lines[0]!;
      notices.add('warning', { code: 'journal_refused', params: { lines: lines.length, refId: first.refId, reason: first.reason } });
    });
    // Refused before anything closed (not a backup, a recharge in flight): the session goes on.
    current = restored.then(
      (r) => r.session,
      () => previous,
    );
    const r = await restored;
    if ('error' in r) throw r.error;
    // The damaged history they told of is no longer the one in use.
    for (const code of ['ledger_salvaged', 'ledger_replaced', 'ledger_check_failed'] as const) notices.clear(code);
    void r.session.balances.refresh('app').catch(() => {});
    return r.result;
  };

  // The callback listener follows its settings; a callback only asks the current session to check.
  let listener: CallbackListener | null = null;
  let listenerKey = '';
  const hints = new HintQueue({
    log: (m) => logger.error(m),
    check: async (refId) => {
      const s = await current;
      if (s.ledger.get(refId)) await s.poller.checkNow(refId, 'callback');
      else logger.error(`callback for unknown ref_id ${refId.slice(0, 64)} ignored`);
    },
  });
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
        log: (m) => logger.error(m),
        onHint: (refId, named) => {
          hints.hint(refId);
          void current
            .then((s) => {
              const mismatch = callbackMismatch(s.ledger.get(refId), named, operatorCodes(s.profile.profile));
              if (mismatch) logger.error(mismatch);
            })
            .catch(() => {});
        },
        read: (params) => (profileInUse ?? builtinEngine()).readCallback(params),
      });
    } catch (e) {
      listenerKey = '';
      notices.add('warning', {
        code: 'callback_listener_failed',
        params: { port: c.port, cue: errorFacts(e).code || errorFacts(e).message.slice(0, 200) },
      });
    }
  };
  await syncListener();

  // The owner lock: the PIN in its own file in the data folder (see core/lock/pin-store.ts).
  const ownerLock = new LockService({
    pins: new PinStore(o.dataDir, o.now),
    settings: () => settings.get().lock,
    liveToken: () => (auth.liveAccount() ? o.vault.read() : null),
    now: o.now ?? Date.now,
    onChange: (status) => events.emit('lock:changed', status),
    minuteMs: o.lockMinuteMs,
  });
  ownerAtCounter = () => ownerLock.role() === 'owner';

  const updater = o.updater ?? noUpdater;
  updater.onReady((version) => events.emit('app:updateReady', { version }));

  const routes = createRouter(
    buildHandlers({
      app: { name: o.name, version: o.version, dataDir: o.dataDir, mode: () => auth.mode() },
      auth,
      settings,
      routing,
      profiles: new ProfileService({
        store: profileStore,
        current: () => settings.get().provider.profile,
        choose: (id) => settings.update({ provider: { profile: id } }),
        openLive: async () => (auth.mode() === 'live' ? (await current).ledger.openPage(1000).length : 0),
        demo: () => auth.mode() === 'demo',
        reopen,
        credentials: (profile) => auth.credentialsFor(profile),
      }),
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
          // Every account's secrets and the shop ledger's password are cut from the file.
          secrets: () => [...vaults.secrets(), ...secretValues(o.shopVault?.read() ?? { kind: 'none' })],
          flushLog: () => logger.flush(),
        }),
      notices,
      shop: {
        status: async () => shopStatus({ settings, vault: shopDeps?.vault ?? new MemoryVault() }, (await current).shop),
        configure: (req) => {
          if (!shopDeps) throw new UserFacingError('shop_unavailable', {});
          configureShop(shopDeps, req);
        },
        history: async (req) => {
          const s = await current;
          const { installPrefix, shopLedger } = settings.get();
          return shopHistory(
            s.ledger,
            { prefix: installPrefix, name: shopLedger.counterName || installPrefix, nameOf: (id) => s.router.nameOf(id) },
            req,
          );
        },
        report: async (range) => {
          const s = await current;
          const { installPrefix, shopLedger } = settings.get();
          return shopReport(
            s.ledger,
            { prefix: installPrefix, name: shopLedger.counterName || installPrefix, nameOf: (id) => s.router.nameOf(id) },
            range,
          );
        },
        day: async (date) => {
          const s = await current;
          const { installPrefix, shopLedger } = settings.get();
          return shopDay(
            s.ledger,
            { prefix: installPrefix, name: shopLedger.counterName || installPrefix },
            s.dayClose.figures(date),
            date,
          );
        },
      },
      restoreBackup,
      importFromOtherPc: (path, confirmAccount) =>
        importFromOtherPc(
          path,
          {
            liveLedgerFile: (username) => ledgerPath(o.dataDir, { mode: 'live', credentials: { baseUrl: '', username, token: '' } }),
            currentLedgerFile: async () => (await current).ledger.file,
            restoreOpen: restoreBackup,
            updateSettings: (patch) => settings.update(patch),
            currentProvider: () => settings.get().provider,
            openImportedAccount: async (account, putBack) => {
              const before = { provider: settings.get().provider, mode: settings.get().mode, token: o.vault.read() };
              o.vault.clear();
              settings.update({ provider: account, mode: 'live' });
              try {
                await reopen();
              } catch (e) {
                // The account it brought could not be opened: everything as it was, at once.
                putBack();
                settings.update({ provider: before.provider, mode: before.mode });
                if (before.token.kind === 'saved') o.vault.set(before.token.token);
                await reopen();
                logger.error(`move: the imported account could not be opened: ${errorFacts(e).message}`);
                throw new UserFacingError('restore_failed', { stage: 'swap' });
              }
              return { open: (await current).ledger.openTxns().length };
            },
            now: o.now ?? Date.now,
            readProfile: (text) => {
              const engine = profileStore.read(text);
              return { id: engine.profile.id, keep: () => profileStore.save(engine, text) };
            },
            isBuiltinProfile,
            keepProfileVersions: (texts) => {
              for (const text of texts) profileStore.keepCarried(text);
            },
            routingChanges: (text) => carriedChanges(routing.view().rules, text),
            keepRouting: (text) => {
              const refused = routing.keepCarried(text);
              if (refused) notices.add('warning', refused);
            },
          },
          confirmAccount,
        ),
      exportTarget: o.exportTarget ?? dataFolderTarget(o.dataDir),
      pathChooser: o.pathChooser ?? browseInWindow,
      receiptPrinter: o.receiptPrinter ?? noPrinter,
      lock: ownerLock,
    }),
    roleGate(ownerLock, () => settings.get()),
    (channel, e) => {
      logger.error(`IPC ${channel} failed`, e);
      if (isDamage(e)) void repairLedger(e);
    },
    // In the books of the session open after the change (an account saved reopens it).
    async (action, ref) => (await current).ledger.doneBy.record(action, ref, (o.now ?? Date.now)()),
  );
  const router: Router = {
    dispatch(channel, payload) {
      lastCallAt = performance.now();
      return routes.dispatch(channel, payload);
    },
  };

  return {
    router,
    events,
    notices,
    routing,
    session: () => current,
    person: () => ownerLock.person(),
    async close() {
      try {
        ownerLock.close();
        hints.close();
        await listener?.close();
        await (await current).close({ quitting: true });
      } finally {
        releaseLock();
        // The last status lines, before the composition root closes the log file.
        logger.flush();
      }
    },
  };
}
