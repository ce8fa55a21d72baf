import { join } from 'node:path';
import type { EventBus } from '../events/event-bus';
import { Ledger } from '../ledger/ledger';
import { SaleService } from '../sales/sale-service';
import { MoneyFollowService } from '../sales/money-follow-service';
import { AnswerFixService } from '../sales/answer-fix-service';
import type { TxnRecord } from '../txn/txn-record';
import { isFinal } from '../../../shared/status';
import { istDate } from '../../../shared/ist-date';
import { BalanceService } from '../balance/balance-service';
import { WalletKeeper, type WalletKeeperDeps } from '../balance/wallet-keeper';
import { accountBooks } from '../balance/account-books';
import type { AccountId } from '../../../shared/routing/routing-schema';
import { BalanceGate, balanceRulesOf } from '../balance/balance-gate';
import { ComplaintService } from '../complaints/complaint-service';
import { Poller, type PollerDeps, type PollerSettings } from '../poller/poller';
import type { NotSentRule } from '../poller/after-answer';
import { createRefIdGenerator, refIdCeiling } from '../recharge/ref-id';
import { refIdForm } from '../../../shared/ref-id-shape';
import { isDamage, markForRepair } from '../ledger/open-database';
import { errorFacts } from '../errors/error-facts';
import { RechargeService } from '../recharge/recharge-service';
import { ResellerClient, DEFAULT_TIMEOUTS, type ClientTimeouts, type ProviderCredentials } from '../reseller/reseller-client';
import type { AccountCredentials } from '../reseller/client-credentials';
import type { Settings } from '../../../shared/settings-schema';
import { Reconciler } from './reconciler';
import { ReportService } from '../reports/report-service';
import { DayCloseService } from '../dayclose/day-close-service';
import { CustomerService } from '../customers/customer-service';
import { KhataService } from '../khata/khata-service';
import type { DemoAccount, DemoProvider } from './demo-provider';
import { notificationFor } from '../../../shared/words/notification-text';
import { changedAnswerNotice } from './changed-answer-notice';
import { keepBooks } from '../backup/books-keeper';
import type { ChildCommand } from '../backup/closing-job';
import type { BackupService } from '../backup/backup-service';
import type { NoticeBoard } from '../notices/notice-board';
import { MONEY_BACK_NOTICES } from '../notices/sale-notices';
import { isDayCounted, withheldUntilCounted } from '../dayclose/until-counted-rule';
import { ShopSync, type PeerChange } from '../shop-ledger/shop-sync';
import { walletKey } from '../balance/wallet-key';
import type { ShopDb } from '../shop-ledger/shop-db';
import { offlineNotice, shopDuplicateWords } from '../shop-ledger/shop-words';
import type { OutcomeOf } from '../../../shared/outcomes/outcome-registry';
import type { PracticeNumber } from '../../../shared/practice-numbers';
import { builtinEngine } from '../../../shared/profiles/builtin-profiles';
import type { ProfileEngine } from '../../../shared/profiles/profile-engine';
import type { Profile } from '../../../shared/profiles/profile-v2';
import { isBuiltinProfile } from '../../../shared/profiles/profile-ids';
import { MAX_CARRIED_VERSIONS } from '../backup/closing-job';
import { UserFacingError } from '../errors/user-facing-error';
import { fixedRouting, type RoutingSource } from '../routing/routing-source';
import { ProviderAccounts, type AccountLink } from '../routing/provider-accounts';
import { AccountWallets } from '../routing/account-wallets';
import { AccountReach } from '../routing/account-reach';
import type { EventPayloadOf } from '../../../shared/ipc/contract';
import { SaleRouter } from '../routing/sale-router';
import { FIRST_ACCOUNT_ID, singleAccountRules } from '../../../shared/routing/single-account';
import type { RoutingRules } from '../../../shared/routing/routing-schema';
import { notOursNotice } from '../reseller/not-ours-notice';

/** Why a live session may not send: its token cannot be read, or is missing. */
export type SessionHold = OutcomeOf<'token_unreadable' | 'token_missing' | 'credentials_host_changed'>;
/** A live account's credentials with its name at the provider (its ledger's folder). */
export type SessionCredentials = ProviderCredentials | (AccountCredentials & { readonly username: string });

export type SessionSpec =
  | { mode: 'demo'; provider: DemoProvider }
  /** `hold`: the ledger is open for reading but nothing is sent or checked until the token is back. */
  | { mode: 'live'; credentials: SessionCredentials; hold?: SessionHold | null };

export interface SessionOptions {
  dataDir: string;
  settings: () => Settings;
  events: EventBus;
  now?: () => number;
  timeouts?: ClientTimeouts;
  /** When a recharge that never left is closed as not sent (tests shorten it). */
  notSentRule?: NotSentRule;
  /** How often the wallet is read when nothing else reads it (tests shorten it); see wallet-keeper.ts. */
  balanceEveryMs?: number;
  notify?: (title: string, body: string, txn: TxnRecord) => void;
  log?: (message: string, detail?: unknown) => void;
  /** Where repairs, failed checks and failed backups are told; tests may leave it out. */
  notices?: NoticeBoard;
  /** False while staff are at the counter: what is pushed to the window is what they may see (absent: the owner). */
  ownerAtCounter?: () => boolean;
  /** Saves the backups' second folder in the settings. */
  saveBackupFolder?: (root: string) => void;
  /** How to start the backup child process (see backup-child.ts); absent, backups are taken in process. */
  closingBackup?: ChildCommand;
  /** How long since the counter's last call (ms): the backup child is started at a quiet moment. */
  counterIdleMs?: () => number;
  /** A profile by id, built-in or imported (core/profiles); absent, only the built-in ones. */
  profiles?: (id: string) => ProfileEngine;
  /**
   * The very version of a profile a recharge was sent with, by its `id@version` (every version ever
   * accepted is kept, core/profiles); absent, only the version each id has now.
   */
  profileByTag?: (tag: string) => ProfileEngine | null;
  /** The imported profile's file, carried in backups; null for a built-in one. */
  profileText?: () => string | null;
  /** An imported profile version's file by its `id@version` (backups carry those open recharges need); null when not here. */
  profileVersionText?: (tag: string) => string | null;
  /** The routing rules' file, carried in backups; null without one. */
  routingText?: () => string | null;
  /** The shared shop ledger when one is set (issue 16); null or absent: this counter alone. */
  shopLedger?: () => ShopLink | null;
  /** Damage met in the ledger by work no call waits on (the poller's timer): the core repairs it. */
  onLedgerDamage?: (e: unknown) => void;
  /**
   * The provider accounts and the rules that route each recharge (issue 29); absent: the one
   * account of Settings, routing off. Only a live session routes.
   */
  routing?: RoutingSource;
  /** The token of an account other than `main`, from its own vault key (tokenKeyFor); null: none saved. */
  accountCredentials?: (account: RoutingRules['accounts'][number]) => AccountCredentials | ProviderCredentials | null;
  /** When each account's balance was last asked for, kept by the core across sessions (issue 36); absent: this session's own. */
  balanceGate?: BalanceGate;
  /** The provider's minute for its status-check limit (tests shorten it). */
  statusWindowMs?: number;
}

/** The first account's balance rules, only where its profile sets any: a version 1 profile reads as it always did. */
function mainBalanceLimits(profile: ProfileEngine, gate: BalanceGate) {
  const rules = balanceRulesOf(profile.profile);
  return rules.hasCall && rules.everyMs === null ? undefined : { rules, gate, account: FIRST_ACCOUNT_ID };
}

/** How a session reaches the shop ledger: a connection made on demand, and this counter's name. */
export interface ShopLink {
  open: () => ShopDb;
  counterName: string;
  /** Which shop ledger (its address without secrets): the outbox cursors belong to one. */
  shopKey: string;
  /** Wait between syncs while it answers (tests shorten it). */
  intervalMs?: number;
}

export interface ProviderSession {
  readonly mode: 'demo' | 'live';
  readonly username: string;
  /** Demo mode's practice numbers; none in live mode. */
  readonly practice: readonly PracticeNumber[];
  readonly hold: SessionHold | null;
  readonly ledger: Ledger;
  readonly client: ResellerClient;
  /** The provider's dialect this session speaks (callbacks are read in it too). */
  readonly profile: ProfileEngine;
  readonly poller: Poller;
  readonly balances: BalanceService;
  readonly complaints: ComplaintService;
  readonly recharge: RechargeService;
  readonly reconciler: Reconciler;
  readonly backups: BackupService;
  readonly reports: ReportService;
  readonly dayClose: DayCloseService;
  readonly sales: SaleService;
  /** A failed sale's money: the list to give back and what the shopkeeper did (issue 30 item 4). */
  readonly moneyFollow: MoneyFollowService;
  /** What the shopkeeper did about a changed answer's money (issue 35 item 6). */
  readonly answerFix: AnswerFixService;
  /** The shared shop ledger's sync; null for a counter on its own (and in demo mode). */
  readonly shop: ShopSync | null;
  readonly customers: CustomerService;
  readonly khata: KhataService;
  /** Where each attempt goes, and what the owner hears of the accounts (issue 29). */
  readonly router: SaleRouter;
  /** The accounts other than `main`: their wallets as last read. */
  readonly wallets: AccountWallets;
  readonly accounts: ProviderAccounts;
  /** Whether the counter can sell, and (routing on) which accounts cannot be reached now (issue 35). */
  connection(): Connection;
  /** Asks every account other than `main` for its wallet (routing on); resolves when all have answered or failed. */
  readWallets(): Promise<void>;
  /**
   * `quitting`: the app exits next, so the closing backup runs on in a child process, and the
   * ledger's write-ahead log is synced and kept rather than checkpointed (Ledger.close).
   */
  close(options?: { quitting?: boolean }): Promise<void>;
}

type Connection = EventPayloadOf<'connection:changed'>;

function pollerSettings(s: Settings, notSent?: NotSentRule): PollerSettings {
  return {
    notSent,
    firstDelayMs: s.poller.firstCheckSeconds * 1000,
    maxDelayMs: s.poller.maxIntervalMinutes * 60_000,
    maxInFlight: s.poller.maxInFlight,
    ratePerSecond: s.poller.ratePerSecond,
    maxOpenAgeMs: s.poller.maxOpenHours * 3600_000,
  };
}

/** Demo and live never share a ledger: each has its own folder, live one per username. */
export function ledgerPath(dataDir: string, spec: SessionSpec): string {
  return spec.mode === 'demo'
    ? join(dataDir, 'demo', 'ledger.db')
    : join(dataDir, 'live', spec.credentials.username.replace(/[^0-9A-Za-z_-]/g, '_'), 'ledger.db');
}

/**
 * The profile a recharge was sent with, by its `id@version`, if this computer still has that very
 * version (an imported profile replaced by a newer file, or an app update's new built-in, does not).
 */
function sentWith(
  tag: string,
  profileById: (id: string) => ProfileEngine,
  byTag?: (tag: string) => ProfileEngine | null,
): ProfileEngine | null {
  if (byTag) return byTag(tag);
  try {
    const engine = profileById(tag.slice(0, tag.lastIndexOf('@')));
    return engine.tag === tag ? engine : null;
  } catch {
    return null;
  }
}

/**
 * The imported profile versions this ledger's open recharges were sent with, other than the one in
 * use: a backup carries them, so the recharges are read as they were sent on the computer it
 * is restored on.
 */
function versionsOfOpen(ledger: Ledger, text: ((tag: string) => string | null) | undefined, inUse: string | null): string[] {
  if (!text) return [];
  const tags = new Set(ledger.openPage(MAX_CARRIED_VERSIONS * 50).map((t) => ledger.profileOf(t.refId)));
  const texts = [...tags].flatMap((tag) => text(tag) ?? []).filter((t) => t !== inUse);
  return [...new Set(texts)].slice(0, MAX_CARRIED_VERSIONS);
}

/** Without a store of imported profiles: a built-in one, or plain words for a name not shipped. */
function builtinProfiles(id: string): ProfileEngine {
  if (!isBuiltinProfile(id)) throw new UserFacingError('profile_missing', { id: id.slice(0, 40) });
  return builtinEngine(id);
}

/**
 * Everything that talks to one provider account: in demo mode a practice provider that the
 * composition root hands in, in live mode the shop's own provider.
 */
/**
 * Opens the session on the account's ledger. Damage met by any statement while opening (the
 * start-up re-check reading a damaged index page, before the background check has run) leaves
 * the repair marker and opens once more: the ledger is then checked, rebuilt or salvaged first.
 */
export async function openProviderSession(spec: SessionSpec, o: SessionOptions): Promise<ProviderSession> {
  try {
    return await openSessionOnce(spec, o);
  } catch (e) {
    if (!isDamage(e)) throw e;
    markForRepair(ledgerPath(o.dataDir, spec), errorFacts(e).message);
    return openSessionOnce(spec, o);
  }
}

async function openSessionOnce(spec: SessionSpec, o: SessionOptions): Promise<ProviderSession> {
  const now = o.now ?? Date.now;
  const hold = spec.mode === 'live' ? (spec.hold ?? null) : null;
  let demo: DemoAccount | null = null;
  let credentials: SessionCredentials;
  if (spec.mode === 'demo') {
    demo = await spec.provider(join(o.dataDir, 'demo'));
    credentials = demo.credentials;
  } else {
    credentials = spec.credentials;
  }

  let ledger: Ledger;
  try {
    ledger = Ledger.open(ledgerPath(o.dataDir, spec), now());
  } catch (e) {
    // A ledger that cannot be opened must not leave the practice provider running behind it.
    await demo?.close();
    throw e;
  }
  try {
    // Demo speaks the practice provider's dialect; a live account, the one its settings name.
    const profileById = demo ? builtinProfiles : (o.profiles ?? builtinProfiles);
    const profile = demo ? builtinEngine(demo.profile) : profileById(o.settings().provider.profile);
    const client = new ResellerClient(
      () => credentials,
      o.timeouts ?? DEFAULT_TIMEOUTS,
      profile,
      (tag) => sentWith(tag, profileById, demo ? undefined : o.profileByTag),
    );
    const mainLink: AccountLink = { id: FIRST_ACCOUNT_ID, client, profile, usable: true };
    // Demo has one practice account, whatever the rules say.
    // Made again only when the settings change: it is read on every submit.
    let single: { from: Settings; rules: RoutingRules } | null = null;
    const oneAccount = (): RoutingRules => {
      const from = o.settings();
      if (single?.from !== from) single = { from, rules: singleAccountRules(from, credentials.username || FIRST_ACCOUNT_ID) };
      return single.rules;
    };
    const accounts = new ProviderAccounts({
      main: mainLink,
      routing: spec.mode === 'live' && o.routing ? o.routing : fixedRouting(oneAccount),
      open: (account) => {
        // Read at each call: a token saved again in Settings is used from the next request.
        const credentials = () => o.accountCredentials?.(account) ?? null;
        const engine = profileById(account.profile);
        const own = new ResellerClient(credentials, o.timeouts ?? DEFAULT_TIMEOUTS, engine, (tag) =>
          sentWith(tag, profileById, demo ? undefined : o.profileByTag),
        );
        return {
          id: account.id,
          client: own,
          profile: engine,
          get usable() {
            return credentials() !== null;
          },
        };
      },
      log: o.log,
    });
    // Each account reachable or not on its own; the counter stops only when no account can take a sale.
    const connection = (): Connection => {
      if (!accounts.enabled) return { online: reach.reachable(FIRST_ACCOUNT_ID) };
      const listed = accounts.rules().accounts;
      const down = listed.filter((a) => !reach.reachable(a.id));
      return { online: down.length < listed.length, unreachable: down.map((a) => accounts.nameOf(a.id).slice(0, 40)) };
    };
    const reach = new AccountReach(now, () => o.events.emit('connection:changed', connection()));
    const balanceGate = o.balanceGate ?? new BalanceGate();
    const wallets = new AccountWallets(
      now,
      (id, reachable) => reach.note(id, reachable),
      balanceGate,
      (id, buyer) => {
        if (id !== FIRST_ACCOUNT_ID) keeperOf(id)?.balanceRead(buyer);
      },
    );
    const isMain = (txn: TxnRecord) => (txn.accountId ?? FIRST_ACCOUNT_ID) === FIRST_ACCOUNT_ID;
    const reconciler = new Reconciler(ledger);
    // Which provider wallet each of this counter's accounts spends from, as every counter can compare it.
    const walletOf = (id: AccountId): string | null => {
      if (id === FIRST_ACCOUNT_ID) return walletKey(credentials);
      const account = accounts.rules().accounts.find((a) => a.id === id);
      return account ? walletKey(account) : null;
    };
    // Another counter's recharge moves this counter's wallet story only when it spent from the same wallet.
    const onPeerRows = (changes: readonly PeerChange[]) => {
      const ids = [
        FIRST_ACCOUNT_ID,
        ...accounts
          .rules()
          .accounts.map((a) => a.id)
          .filter((id) => id !== FIRST_ACCOUNT_ID),
      ];
      const byWallet = new Map(ids.map((id) => [walletOf(id), id]));
      for (const { before, after } of changes) {
        const id = after.walletKey === null ? undefined : byWallet.get(after.walletKey);
        if (id !== undefined) keeperOf(id)?.peerChanged(before, after, after.updatedAt);
      }
    };
    // Only a live account's recharges belong in the shop's books; demo ones never leave this PC.
    const link = spec.mode === 'live' ? (o.shopLedger?.() ?? null) : null;
    const shop = link
      ? new ShopSync({
          db: link.open(),
          ledger,
          counter: { prefix: o.settings().installPrefix, name: link.counterName },
          shopKey: link.shopKey,
          accountName: (id) => accounts.nameOf(id),
          walletKey: walletOf,
          onPeerRows,
          now,
          intervalMs: link.intervalMs,
          log: o.log,
          onRefused: (r) => o.notices?.add('warning', { code: 'shop_row_refused', params: r }),
          onOnline: (online, since) => {
            if (!o.notices) return;
            if (online) {
              o.notices.clear('shop_ledger_offline');
              o.notices.add('info', { code: 'shop_ledger_back', params: {} });
            } else if (since !== null) {
              o.notices.clear('shop_ledger_back');
              o.notices.add('warning', offlineNotice(since));
            }
          },
        })
      : null;
    // Money that came back on its own (or a late failure) is told once per recharge, and stays told
    // until dismissed.
    const told = new Set<string>();
    // How the customer paid, for the notice: its credit came off the due, its paid part is to give back.
    // Only once the sale is over: a routed sale's failed attempt may still be followed by one that succeeds.
    const saleMoney = (refId: string) => {
      const sale = ledger.sales.forAttempt(refId);
      const over = sale !== null && (sale.toGiveBack === true || sale.creditReversedAt != null || sale.settledAs != null);
      return sale && over ? { saleMoney: { paid: sale.cash + sale.upi, credit: sale.credit } } : {};
    };
    const emitTxn = (txn: TxnRecord) => {
      // The window hears what its person may see: staff no commission of a day not yet counted.
      const shown = o.ownerAtCounter?.() === false ? withheldUntilCounted(txn, (date) => isDayCounted(ledger, date)) : txn;
      o.events.emit('txn:updated', { txn: shown });
      if (txn.status === 'Refunded' && !told.has(txn.refId)) {
        told.add(txn.refId);
        const { number, amount, refId, updatedAt: at } = txn;
        // Settled before this is told (poller.ts): a refund a complaint asked for is told as its answer.
        const complaint = ledger.complaintsFor(refId).find((c) => c.state === 'refunded');
        if (complaint) {
          o.notices?.addForSession(
            'info',
            { code: 'complaint_refunded', params: { number, amount, at, refId, complainId: complaint.complainId } },
            refId,
          );
        } else {
          o.notices?.addForSession('info', { code: 'txn_refunded', params: { number, amount, at, refId, ...saleMoney(refId) } }, refId);
        }
      }
      shop?.kick();
    };

    // A recharge still open after its first answer that then does not go through: the customer may
    // have walked away; the banner with the amount to give back stays until dismissed.
    // An attempt of a routed sale that is not over yet is told without the money: another account
    // may still recharge the customer, so nothing is to be given back (told again once it is over).
    const saleGoingOn = new Map<string, TxnRecord>();
    const lateFailure = (after: TxnRecord): OutcomeOf<'txn_failed_late'> => {
      const { number, amount, refId, updatedAt: at } = after;
      const money = saleMoney(refId);
      const goesOn = !('saleMoney' in money) && ledger.sales.forAttempt(refId) !== null;
      if (goesOn) saleGoingOn.set(refId, after);
      else saleGoingOn.delete(refId);
      const sent = after.moneyNote !== 'not_sent';
      return { code: 'txn_failed_late', params: { number, amount, at, refId, sent, ...(goesOn ? { saleGoesOn: true } : money) } };
    };
    const tellLateFailure = (before: TxnRecord, after: TxnRecord) => {
      if (isFinal(before.status) || told.has(after.refId)) return;
      const notSent = after.moneyNote === 'not_sent';
      if (after.status !== 'Failure' && after.status !== 'Refunded' && !notSent) return;
      // A refund before any success is this failure told once, not also "money came back".
      told.add(after.refId);
      o.notices?.addForSession('warning', lateFailure(after), after.refId);
    };
    // After a routed sale's next step: told with its money once over; taken back once another attempt carries it.
    const retellSales = () => {
      for (const [refId, failed] of saleGoingOn) {
        const attempts = ledger.attemptsOf(failed.saleId ?? refId);
        if (attempts.length > 0 && attempts.at(-1)!.refId !== refId) {
          saleGoingOn.delete(refId);
          o.notices?.clearKey('txn_failed_late', refId);
        } else if ('saleMoney' in saleMoney(refId)) o.notices?.addForSession('warning', lateFailure(failed), refId);
      }
    };

    // A Success about another number, amount or operator than the sale sent: told once a session, loudly.
    const toldNotOurs = new Set<string>();
    const tellNotOurs: NonNullable<PollerDeps['onNotOurs']> = (after, reply) => {
      const outcome = notOursNotice(after, reply, now());
      if (!outcome || toldNotOurs.has(after.refId)) return;
      toldNotOurs.add(after.refId);
      o.notices?.addForSession('error', outcome, after.refId);
    };

    // Money out that nothing explains is told with the account's name once there are several.
    const tellUnexplained =
      (id: AccountId): WalletKeeperDeps['onUnexplainedOut'] =>
      (found) =>
        o.notices?.addForSession(
          'warning',
          { code: 'wallet_out_unexplained', params: accounts.enabled ? { ...found, account: accounts.nameOf(id).slice(0, 40) } : found },
          `${id}:${found.at}`,
        );
    // Reads the wallet on its own and looks for money the story cannot explain (issue 26).
    const keeper: WalletKeeper = new WalletKeeper({
      ledger: accountBooks(ledger, FIRST_ACCOUNT_ID),
      refresh: () => balances.refresh('app'),
      check: (refId) => poller.checkNow(refId, 'poll'),
      online: () => poller.isOnline,
      peers: shop ? (at) => shop.caughtUp(at) : undefined,
      now,
      everyMs: o.balanceEveryMs,
      // Keyed by account and when it was seen: each drop is its own notice, never replaced by the next one.
      onUnexplainedOut: tellUnexplained(FIRST_ACCOUNT_ID),
      log: o.log,
    });
    // Every other account's wallet has its own story, read from its own provider (issue 35 item 4,
    // for routing): a spare whose provider takes money no recharge explains is told as the first is.
    const spareKeepers = new Map<AccountId, WalletKeeper>();
    const keeperOf = (id: AccountId): WalletKeeper | null => {
      if (id === FIRST_ACCOUNT_ID) return keeper;
      const known = spareKeepers.get(id);
      if (known) return known;
      // An account no longer in the rules has no provider to read: its rows stay in the books only.
      if (!accounts.rules().accounts.some((a) => a.id === id)) return null;
      const spare = new WalletKeeper({
        ledger: accountBooks(ledger, id),
        refresh: async () => {
          const w = await wallets.refresh(accounts.link(id));
          if (w.checkFailed || w.balancePaise === null) throw new Error(`no wallet reading from ${id}`);
          return { at: w.at ?? now(), buyer: w.balancePaise };
        },
        check: (refId) => poller.checkNow(refId, 'poll'),
        online: () => reach.reachable(id),
        peers: shop ? (at) => shop.caughtUp(at) : undefined,
        now,
        everyMs: o.balanceEveryMs,
        onUnexplainedOut: tellUnexplained(id),
        log: o.log,
      });
      spareKeepers.set(id, spare);
      if (!hold) spare.start();
      return spare;
    };

    const balances = new BalanceService({
      ledger,
      client,
      now,
      lowThreshold: () => o.settings().lowBalanceRupees * 100,
      onUpdate: (balance) => {
        o.events.emit('balance:updated', { balance });
        keeper.balanceRead(balance.buyer);
        // A wallet topped up above the warning level makes the warning stale.
        if (balance.buyer >= o.settings().lowBalanceRupees * 100) o.notices?.clear('balance_low');
      },
      onLow: (buyer, threshold) => o.notices?.addForSession('warning', { code: 'balance_low', params: { buyer, threshold } }),
      limits: mainBalanceLimits(profile, balanceGate),
      // With one account the counter's state is the status checks' (and the screen's own refresh), as before routing.
      onReach: (reachable) => {
        if (accounts.enabled) reach.note(FIRST_ACCOUNT_ID, reachable);
      },
    });

    /** Each transaction is checked and complained about with the account it was sent to. */
    const accountClient = (txn: TxnRecord): ResellerClient => accounts.link(txn.accountId ?? FIRST_ACCOUNT_ID).client;
    const poller = new Poller({
      ledger,
      client,
      now,
      onError: (e) => {
        o.log?.('a status check failed', e);
        if (isDamage(e)) o.onLedgerDamage?.(e);
      },
      settings: () => pollerSettings(o.settings(), o.notSentRule),
      onChange: (before, after) => {
        // Before the reply's balance is read: the story must know of this change when it is.
        // The wallet story is the first account's wallet: another account's rows move another wallet.
        keeperOf(after.accountId ?? FIRST_ACCOUNT_ID)?.txnChanged(before, after);
        if (before.status === after.status && before.attempts === after.attempts) return;
        tellLateFailure(before, after);
        // A Failure or refusal the status check now calls a Success: told loudly, at once, until dismissed.
        const changed = changedAnswerNotice(ledger, before, after);
        if (changed) {
          // Its "give ₹X back" is no longer true: the changed answer's notice says what the money is now.
          for (const code of MONEY_BACK_NOTICES) o.notices?.clearKey(code, after.refId);
          o.notices?.add('error', changed, after.refId);
        }
        // The status check settled it about our own request: the earlier Success of another is told no more.
        if (isFinal(after.status) && toldNotOurs.delete(after.refId)) o.notices?.clearKey('success_not_ours', after.refId);
        emitTxn(after);
        if (after.balanceAfter !== null && after.status !== before.status) {
          if (isMain(after)) balances.noteReplyBalance(after.balanceAfter);
          else wallets.noteReply(after.accountId ?? FIRST_ACCOUNT_ID, after.balanceAfter);
        }
        const note = notificationFor(after, o.settings().language);
        if (note && before.status !== after.status) o.notify?.(note.title, note.body, after);
      },
      onConnection: (online, account) => reach.note(account, online),
      onChecked: (refId) => reconciler.checked(refId),
      clientFor: accountClient,
      afterAnswer: (after, said) => {
        router.afterAnswer(after, said);
        recharge
          .continueSale(after)
          .then(retellSales)
          .catch((e: unknown) => o.log?.(`the sale of ${after.refId} could not go on`, e));
      },
      sourceFor: (refId) => (reconciler.isWaiting(refId) ? 'reconcile' : 'poll'),
      onNotOurs: tellNotOurs,
      statusPerMinute: (account) => accounts.link(account).profile.profile.limits.statusPerMinute ?? null,
      // Checks held back by the provider's limit are said on screen until none waits.
      onStatusWaiting: (account, waiting, perMinute) => {
        if (waiting > 0) o.notices?.addForSession('info', { code: 'status_checks_waiting', params: { waiting, perMinute } }, account);
        else o.notices?.clearKey('status_checks_waiting', account);
      },
      statusWindowMs: o.statusWindowMs,
    });

    // Our references in the form each account's provider takes, past the newest of that form
    // already sent: one generator per form, made when an account of that form first sends (a spare
    // on a provider taking 14 digits must not be sent the first account's 16 letters).
    const prefix = o.settings().installPrefix;
    const generators = new Map<string, () => string>();
    const generatorFor = (limits: Profile['reference']): (() => string) => {
      const form = refIdForm(limits);
      if (form === null) throw new Error('a profile whose reference we cannot make is refused when loaded');
      const key = JSON.stringify(form);
      let next = generators.get(key);
      if (!next) {
        next = createRefIdGenerator(prefix, now, ledger.lastRefId(prefix, refIdCeiling(prefix, now(), form), form), limits);
        generators.set(key, next);
      }
      return next;
    };
    // The first account's at start, as before: its first sale reads no ledger for it.
    generatorFor(profile.profile.reference);
    const refIds = (account: string): string => generatorFor(accounts.link(account).profile.profile.reference)();

    const router = new SaleRouter({
      accounts,
      ledger,
      now,
      // An account whose provider cannot be reached is skipped, as one whose balance check failed.
      wallet: (id) => {
        const w = id === FIRST_ACCOUNT_ID ? { balancePaise: balances.last()?.buyer ?? null, checkFailed: false } : wallets.get(id);
        return reach.reachable(id) ? w : { ...w, checkFailed: true };
      },
      notices: o.notices,
    });
    // A possible double the owner has not marked checked is told again at every start.
    router.doubles.tellUnseen();
    const readWallets = async (): Promise<void> => {
      if (!router.enabled || hold) return;
      // An account without its token is waiting for it, not paused: nothing is told of it (issue 40).
      const reads = accounts
        .all()
        .filter((link) => link.id !== FIRST_ACCOUNT_ID)
        .map((link) =>
          wallets
            .refresh(link)
            .then(() => (link.usable ? router.checkPause(link.id) : undefined))
            .catch((e: unknown) => o.log?.(`the wallet of ${link.id} could not be read`, e)),
        );
      await Promise.all(reads);
    };

    const khata = new KhataService({ ledger, now, settings: o.settings, shopSeenAt: shop ? () => shop.lastSyncAt : undefined });
    const recharge = new RechargeService({
      ledger,
      creditStanding: (number) => khata.standing(number),
      client,
      routing: {
        get enabled() {
          return router.enabled;
        },
        first: (operator, amountRupees, pick) => router.first(operator, amountRupees, pick),
        next: (attempts) => router.next(attempts),
        routeJson: (plan) => router.routeJson(plan),
        clientFor: (id) => router.clientFor(id),
        noteReplyBalance: (id, buyer) => wallets.noteReply(id, buyer),
      },
      balances,
      newRefId: refIds,
      now,
      settings: () => ({
        duplicateWindowMs: o.settings().recharge.duplicateWindowMinutes * 60_000,
        upiSet: o.settings().upi.vpa !== '',
        firstCheckMs: o.settings().poller.firstCheckSeconds * 1000,
      }),
      isReconciling: (number) => reconciler.isReconciling(number),
      scheduleChecks: (at) => poller.dueAt(at),
      onChange: (txn) => {
        keeperOf(txn.accountId ?? FIRST_ACCOUNT_ID)?.txnChanged(undefined, txn);
        router.afterAnswer(txn, '');
        emitTxn(txn);
      },
      log: o.log,
      hold,
      onNotOurs: tellNotOurs,
      providerAmounts: () => profile.profile.limits.amounts,
      shopGuard: shop
        ? async (c) => {
            const answer = await shop.guard(c);
            return answer.kind === 'conflict' ? shopDuplicateWords(answer.conflict) : null;
          }
        : undefined,
    });

    const reports = new ReportService({
      ledger,
      now,
      language: () => o.settings().language,
      // The rules' accounts (routing off: the one of Settings, so no per-account part).
      accounts: () => accounts.rules().accounts,
    });

    reconciler.begin(now());
    // On hold there is no token to check with: the open rows wait, visible, for the token to return.
    if (!hold) {
      poller.start();
      keeper.start();
      // A stop between a routed attempt's failure and the sale's next step is picked up here (the last 3 days).
      recharge
        .resumeInterruptedSales(istDate(now() - 3 * 86_400_000))
        .catch((e: unknown) => o.log?.('interrupted sales could not be resumed', e));
    }
    void readWallets();
    const stopWatchingRules = (spec.mode === 'live' && o.routing ? o.routing : fixedRouting(oneAccount)).onChange(() => void readWallets());
    // Every write the shop shares (a khata payment, a give-back, a flag) is sent at once, as a recharge is.
    const stopKicks = shop ? ledger.onWritten(() => shop.kick()) : () => {};
    shop?.start();
    const books = keepBooks({
      ledger,
      dataDir: o.dataDir,
      settings: o.settings,
      saveSecondFolder: o.saveBackupFolder ?? (() => {}),
      notices: o.notices,
      now,
      closingBackup: o.closingBackup,
      counterIdleMs: o.counterIdleMs,
      profileText: o.profileText,
      routingText: o.routingText,
      profileVersions: () => versionsOfOpen(ledger, o.profileVersionText, o.profileText?.() ?? null),
      log: o.log,
    });

    return {
      mode: spec.mode,
      username: credentials.username,
      practice: demo?.practice ?? [],
      hold,
      ledger,
      client,
      profile,
      poller,
      balances,
      complaints: new ComplaintService({
        ledger,
        clientFor: accountClient,
        now,
        onRaised: () => poller.kick(),
        takenOtherwise: (txn) => {
          const p = accounts.link(txn.accountId ?? FIRST_ACCOUNT_ID).profile.profile;
          return p.calls.complaint || !p.complaintsBy ? null : { code: 'complaints_by', params: p.complaintsBy };
        },
      }),
      recharge,
      reconciler,
      backups: books.backups,
      reports,
      dayClose: new DayCloseService({ ledger, reports, now, upiSet: () => o.settings().upi.vpa !== '' }),
      sales: new SaleService({ ledger, now }),
      moneyFollow: new MoneyFollowService({ ledger, now, notices: o.notices }),
      answerFix: new AnswerFixService({ ledger, now, notices: o.notices }),
      shop,
      customers: new CustomerService({ ledger, now }),
      khata,
      router,
      wallets,
      accounts,
      connection,
      readWallets,
      async close({ quitting = false } = {}) {
        stopWatchingRules();
        stopKicks();
        await shop?.stop({ flush: quitting });
        recharge.stop();
        keeper.stop();
        for (const spare of spareKeepers.values()) spare.stop();
        poller.stop();
        await poller.idle();
        await client.close();
        await accounts.close();
        await demo?.close();
        await books.close({ quitting });
        ledger.close({ keepWal: quitting });
      },
    };
  } catch (e) {
    // Nothing of a session that did not open may keep the file or the practice provider.
    ledger.close();
    await demo?.close();
    throw e;
  }
}
