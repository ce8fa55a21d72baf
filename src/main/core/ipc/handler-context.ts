import type { SaleRouter } from '../routing/sale-router';
import type { AccountWallets } from '../routing/account-wallets';
import type { PracticeNumber } from '../../../shared/practice-numbers';
import type { AppInfoSource } from '../app-info';
import type { ParsedRequestOf, ResponseOf } from '../../../shared/ipc/contract';
import type { AuthService } from '../auth/auth-service';
import type { BalanceService } from '../balance/balance-service';
import type { Clipboard } from '../clipboard';
import type { ComplaintService } from '../complaints/complaint-service';
import type { Ledger } from '../ledger/ledger';
import type { SaleService } from '../sales/sale-service';
import type { MoneyFollowService } from '../sales/money-follow-service';
import type { AnswerFixService } from '../sales/answer-fix-service';
import type { Poller } from '../poller/poller';
import type { RechargeService } from '../recharge/recharge-service';
import type { ReportService } from '../reports/report-service';
import type { DayCloseService } from '../dayclose/day-close-service';
import type { CustomerService } from '../customers/customer-service';
import type { KhataService } from '../khata/khata-service';
import type { ExportTarget } from '../reports/export-target';
import type { PathChooser } from '../files/path-chooser';
import type { ReceiptPrinter } from '../receipts/receipt-printer';
import type { SettingsService } from '../settings/settings-service';
import type { Updater } from '../updater';
import type { BackupService } from '../backup/backup-service';
import type { NoticeBoard } from '../notices/notice-board';
import type { ShopHistoryRequest, ShopReport, ShopStatus, ShopTxn } from '../shop-ledger/shop-types';
import type { ShopDay } from '../../../shared/ipc/shop-day-schemas';
import type { LockService } from '../lock/lock-service';
import type { ProfileService } from '../profiles/profile-service';
import type { RoutingStore } from '../routing/routing-store';

/**
 * What the IPC surface may use of one provider session: the small slice of each service that a
 * channel needs, and nothing else. A new channel that needs more widens a Pick here, visibly.
 */
export interface SessionApi {
  /** Demo mode's practice numbers; none in live mode. */
  readonly practice: readonly PracticeNumber[];
  readonly recharge: Pick<RechargeService, 'submit' | 'busy'>;
  readonly ledger: Pick<
    Ledger,
    'history' | 'get' | 'events' | 'complaintsFor' | 'openPage' | 'lastForNumber' | 'sales' | 'attemptsOf' | 'answerChanges' | 'doneBy'
  >;
  readonly sales: Pick<SaleService, 'unreceived' | 'markReceived'>;
  readonly moneyFollow: Pick<MoneyFollowService, 'toGiveBack' | 'settle'>;
  readonly answerFix: Pick<AnswerFixService, 'fix'>;
  readonly poller: Pick<Poller, 'checkNow'>;
  readonly balances: Pick<BalanceService, 'last' | 'refresh' | 'refusal' | 'note'>;
  readonly complaints: Pick<ComplaintService, 'create' | 'list' | 'takenOtherwise'>;
  readonly backups: Pick<BackupService, 'status' | 'backup' | 'setSecondFolder' | 'list' | 'exportTo'>;
  readonly reports: Pick<ReportService, 'report' | 'wallet' | 'export'>;
  readonly dayClose: Pick<DayCloseService, 'get' | 'close' | 'list' | 'uncountedIn' | 'counted'>;
  readonly customers: Pick<CustomerService, 'get' | 'save' | 'find' | 'names' | 'due' | 'validity' | 'setValidity' | 'nearRegular'>;
  readonly khata: Pick<
    KhataService,
    'view' | 'due' | 'pay' | 'correct' | 'correctionNeedsOwner' | 'setLimit' | 'setLang' | 'dues' | 'reminder'
  >;
  readonly router: Pick<SaleRouter, 'preview' | 'nameOf' | 'enabled' | 'pausedBy' | 'doubles' | 'accountList'>;
  /** The shop ledger's sync, told to send now what the owner just did (null: this counter alone). */
  readonly shop?: { kick(): void } | null;
  /** The other accounts' wallets as last read (the first account's is `balances`). */
  readonly wallets: Pick<AccountWallets, 'list'>;
  /** Whether the counter can sell, and (routing on) which accounts cannot be reached now. */
  connection(): { online: boolean; unreachable?: string[] };
  /** Reads the other accounts' wallets from their providers now (the header's Refresh with several accounts). */
  readWallets(): Promise<void>;
}

export interface HandlerContext {
  readonly app: AppInfoSource;
  readonly auth: Pick<AuthService, 'status' | 'save' | 'clear' | 'test' | 'mode'>;
  readonly settings: Pick<SettingsService, 'get' | 'update'>;
  /** Which profile reads the provider's answers (issue 28). */
  readonly profiles: Pick<ProfileService, 'list' | 'check' | 'use' | 'bench' | 'test' | 'export'>;
  /** The provider accounts and the rules that route between them (issue 29). */
  readonly routing: Pick<RoutingStore, 'view' | 'save' | 'resume' | 'setToken'>;
  /** The current provider session; it changes when the account or the mode changes. */
  session(): Promise<SessionApi>;
  /** Re-opens the provider session after the account or mode changed. */
  reopen(): Promise<void>;
  /** Applies settings that need a restart of something (the callback listener). */
  settingsChanged(): Promise<void>;
  /** Where the callback listener receives, to register at the provider; null when off. */
  callbackUrl(): string | null;
  readonly updater: Updater;
  readonly clipboard: Clipboard;
  /** Writes the file a shop sends to support; not saved when the shopkeeper cancelled. */
  saveDiagnostics(): Promise<{ saved: boolean; path: string | null }>;
  readonly notices: Pick<NoticeBoard, 'list' | 'dismiss' | 'clearKey'>;
  /** Replaces the session's ledger with a checked backup, keeping the current one aside. */
  restoreBackup(path: string): Promise<ResponseOf<'backup:restore'>>;
  /** Takes in a file exported on another PC (see core/backup/move-pc.ts). */
  importFromOtherPc(path: string, confirmAccount: boolean): Promise<ResponseOf<'backup:import'>>;
  /** Where exports are saved: the save dialog in the app, the data folder in the harness. */
  readonly exportTarget: ExportTarget;
  /** Picks a folder or a file: the OS dialog in the app, the window's own browser in the harness. */
  readonly pathChooser: PathChooser;
  readonly receiptPrinter: ReceiptPrinter;
  /** The shared shop ledger: its settings, how it is doing, and the whole shop's history. */
  readonly shop: {
    status(): Promise<ShopStatus>;
    configure(req: ParsedRequestOf<'shop:configure'>): void;
    history(req: ShopHistoryRequest): Promise<ShopTxn[]>;
    report(range: { from: number; to: number }): Promise<ShopReport>;
    /** The whole shop's day: every counter's money and close (the owner's). */
    day(date: string): Promise<ShopDay>;
  };
  readonly lock: Pick<
    LockService,
    | 'status'
    | 'setPin'
    | 'unlock'
    | 'lock'
    | 'touch'
    | 'resetPin'
    | 'rearm'
    | 'ownerWord'
    | 'addPerson'
    | 'renamePerson'
    | 'resetPersonPin'
    | 'removePerson'
  >;
}
