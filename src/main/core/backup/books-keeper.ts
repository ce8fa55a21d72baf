import { dirname, join, relative } from 'node:path';
import type { Settings } from '../../../shared/settings-schema';
import type { Ledger } from '../ledger/ledger';
import type { LedgerRepair } from '../ledger/open-database';
import { localBackupDir } from '../ledger/migration-backup';
import { IntegrityMonitor } from '../ledger/integrity-check';
import type { NoticeBoard, NoticeLevel } from '../notices/notice-board';
import type { Outcome, OutcomeCode } from '../../../shared/outcomes/outcome-registry';
import { BackupService, checkWritableFolder } from './backup-service';
import { Journal } from './journal';
import { launchClosingBackup, type ChildCommand } from './closing-job';
import { BackupChild } from './backup-child';

/** The first background check waits this long after a session opens: start-up has the disk first. */
const FIRST_CHECK_DELAY_MS = 30_000;
/**
 * The backup child is started once the session has settled and the counter has made no call for
 * this long (starting a process pauses this one's thread for a moment); at the latest after
 * WARM_LATEST_MS, quiet or not.
 */
const QUIET_MS = 2_000;
const WARM_LATEST_MS = 10 * 60_000;

export interface BooksOptions {
  readonly ledger: Ledger;
  readonly dataDir: string;
  readonly settings: () => Settings;
  readonly saveSecondFolder: (root: string) => void;
  readonly notices?: NoticeBoard;
  readonly now: () => number;
  /** How to start the backup child process; absent, backups are taken in this process. */
  readonly closingBackup?: ChildCommand;
  /** How long since the counter last called in (ms); absent, the child starts when the session has settled. */
  readonly counterIdleMs?: () => number;
  /** The imported provider profile's file, carried in every backup (null for a built-in one). */
  readonly profileText?: () => string | null;
  /** The owner's routing rules (routing.json's text), carried in every backup; null without one. Never a token. */
  readonly routingText?: () => string | null;
  /** The other imported profile versions open recharges were sent with, carried in every backup. */
  readonly profileVersions?: () => readonly string[];
  readonly log?: (message: string) => void;
}

/** Inside the second folder, one sub-folder per ledger (demo, each live account), as in the data folder. */
export function secondFolderFor(root: string, dataDir: string, ledgerFile: string): string {
  return join(root, 'RechargeDesk backups', relative(dataDir, dirname(ledgerFile)));
}

/** What the shopkeeper reads at start after a repair: numbers for the screen's own text. */
export function repairNotice(repair: LedgerRepair): { level: NoticeLevel; outcome: Outcome } {
  switch (repair.kind) {
    case 'reindexed':
      return { level: 'info', outcome: { code: 'ledger_reindexed', params: {} } };
    case 'salvaged':
      return {
        level: repair.lostOpenRefs.length > 0 ? 'error' : 'warning',
        outcome: {
          code: 'ledger_salvaged',
          params: {
            txns: repair.txns,
            open: repair.open,
            lost: repair.lostOpenRefs.length,
            lostRefs: repair.lostOpenRefs.slice(0, 10),
            file: repair.movedAside,
          },
        },
      };
    case 'replaced':
      return { level: 'error', outcome: { code: 'ledger_replaced', params: { file: repair.movedAside } } };
  }
}

/**
 * Keeps one ledger's books: the background integrity check and the backups, with the notices
 * they raise. One per provider session, like the ledger.
 */
export function keepBooks(o: BooksOptions) {
  const { ledger } = o;
  if (ledger.repair) {
    const notice = repairNotice(ledger.repair);
    o.notices?.add(notice.level, notice.outcome);
  }

  const integrity = new IntegrityMonitor({
    file: ledger.file,
    now: o.now,
    onResult: (state) => {
      if (state.ok) return o.notices?.clear('ledger_check_failed');
      o.notices?.add('error', { code: 'ledger_check_failed', params: {} });
    },
  });

  /** The code of the backup failure on the notice board, if any. */
  let backupNotice: OutcomeCode | null = null;
  const secondRoot = () => o.settings().backup.secondFolder;
  const secondDir = () => (secondRoot() ? secondFolderFor(secondRoot(), o.dataDir, ledger.file) : null);
  const journal = new Journal(secondDir, () => secondRoot() || null);
  const command = o.closingBackup;
  const child = command ? new BackupChild(command) : null;
  ledger.journal = (line) => journal.append(line);
  const backups = new BackupService({
    ledgerFile: ledger.file,
    localDir: localBackupDir(ledger.file),
    secondDir,
    secondRoot: () => secondRoot() || null,
    beforeSnapshot: () => journal.handOver(),
    secondVerified: () => journal.settled(),
    settingsJson: () => JSON.stringify(o.settings()),
    profileText: o.profileText,
    routingText: o.routingText,
    profileVersions: o.profileVersions,
    fingerprint: () => ledger.fingerprint(),
    now: o.now,
    child:
      child && command
        ? {
            // The running child takes it after the quit; with none, one is started for it alone.
            detach: async (job) => (await child.handOver(job)) || launchClosingBackup(command, job),
            run: (job) => child.run(job),
          }
        : undefined,
    flushJournal: () => journal.flush(),
    log: o.log,
    setSecondFolder: async (root) => {
      if (root) await checkWritableFolder(root);
      o.saveSecondFolder(root);
    },
    onChange: (status) => {
      // A backup failure is told under its own code (a missing, full or read-only folder, a failed
      // copy): the board keeps the current one only, and none once a backup passes.
      const code = status.lastError?.code ?? null;
      if (backupNotice && backupNotice !== code) o.notices?.clear(backupNotice);
      backupNotice = code;
      if (status.lastError) o.notices?.add('warning', status.lastError);
    },
  });

  integrity.start(FIRST_CHECK_DELAY_MS);
  backups.startDaily();
  const warming = child ? warmWhenQuiet(child, o.counterIdleMs) : null;

  return {
    integrity,
    backups,
    /**
     * Stops the check (quitting never waits for it) and takes the closing backup: in a child
     * process when quitting, so the quit does not wait. The journal is on the drive first, so
     * the snapshot's hand-over sees all of it.
     */
    async close({ quitting = false }: { quitting?: boolean } = {}): Promise<void> {
      if (warming) clearInterval(warming);
      await integrity.stop();
      ledger.journal = null;
      await journal.flush();
      await backups.atClose({ quitting });
      // It finishes what it was given (a backup it is taking, the closing one), then exits.
      child?.stop();
    },
  };
}

/**
 * Whether to start the backup child now: once the session has settled, when the counter has been
 * quiet a moment, or, however busy it is, after it has waited WARM_LATEST_MS for one.
 */
export function warmNow(o: { sinceOpenMs: number; counterIdleMs: number; wantedForMs: number }): boolean {
  if (o.sinceOpenMs < FIRST_CHECK_DELAY_MS) return false;
  return o.counterIdleMs >= QUIET_MS || o.wantedForMs >= WARM_LATEST_MS;
}

/**
 * Starts the backup child at a quiet moment, and again after it ended (killed, crashed): looks
 * each second. A backup asked before then starts it at once.
 */
function warmWhenQuiet(child: BackupChild, counterIdleMs: (() => number) | undefined): NodeJS.Timeout {
  const opened = performance.now();
  let wanted = opened;
  const timer = setInterval(() => {
    const now = performance.now();
    if (child.running) wanted = now;
    else if (warmNow({ sinceOpenMs: now - opened, counterIdleMs: counterIdleMs?.() ?? Infinity, wantedForMs: now - wanted }))
      void child.warm();
  }, 1000);
  timer.unref();
  return timer;
}
