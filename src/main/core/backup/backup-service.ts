import type { Outcome } from '../../../shared/outcomes/outcome-registry';
import { constants } from 'node:fs';
import { access, copyFile, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { BackupEntry, BackupFolder, BackupStatus } from '../../../shared/ipc/backup-schemas';
import { UserFacingError } from '../errors/user-facing-error';
import { errorFacts } from '../errors/error-facts';
import { backupInWorker, verifyInWorker } from '../ledger/sqlite-worker';
import { loadIndex, writeIndex } from './backup-index';
import { makePrivate, privateFolder } from '../data-folder/private-files';
import { exists } from './exists';
import { toKeep } from './rotation';
import { backupsBusy, lockBackupsWhenFree } from './backup-lock';
import { clearClosingFailure, closingFailure, type ClosingJob } from './closing-job';
import type { JobOutcome } from './backup-child';

const DAY_MS = 24 * 3600_000;
/** Older than this, Settings warns that the last backup is stale. */
const STALE_MS = 2 * DAY_MS;

type Reason = BackupEntry['reason'];

export interface BackupDeps {
  /** The live ledger file; the worker opens its own read connection to it. */
  readonly ledgerFile: string;
  /** The folder beside the data. */
  readonly localDir: string;
  /** This ledger's folder inside the second folder the shopkeeper picked (a USB drive, another disk), or null. */
  readonly secondDir: () => string | null;
  /**
   * The folder the shopkeeper picked, which must exist before anything is written below it: a
   * drive taken out leaves its mount point behind, and the backup must not land on the main disk.
   */
  readonly secondRoot?: () => string | null;
  /** The settings as JSON, carried inside every backup; the token is never in them. */
  readonly settingsJson: () => string;
  /** The imported provider profile the live account reads with (its file's text); null for a built-in one. */
  readonly profileText?: () => string | null;
  /** The owner's routing rules (routing.json's text); null without one. Tokens are never in it. */
  readonly routingText?: () => string | null;
  /** The other imported profile versions open recharges were sent with (their files' texts): each is read by its own. */
  readonly profileVersions?: () => readonly string[];
  /** Something that changes whenever the ledger does: a close with nothing new takes no backup. */
  readonly fingerprint: () => string;
  readonly now: () => number;
  /** Checks and saves the second folder's root ('' for none); throws a clear error for a bad one. */
  readonly setSecondFolder: (root: string) => void | Promise<void>;
  /** Just before a snapshot is taken (the journal hands what it holds to that snapshot). */
  readonly beforeSnapshot?: () => Promise<void>;
  /** Once a snapshot is verified in the second folder (the journal's handed-over part can go). */
  readonly secondVerified?: () => void | Promise<void>;
  /**
   * Backups in a child process at a lower priority (backup-child.ts): `detach` hands the closing
   * one over to run on after the app has gone (false: it could not); `run` takes one while the
   * app runs (null: no child could start). Either way a child that cannot start means the backup
   * is taken here, in a worker. Absent: always here.
   */
  readonly child?: {
    detach(job: ClosingJob): Promise<boolean>;
    run(job: ClosingJob): Promise<JobOutcome | null>;
  };
  /** Before a child takes a backup: what the journal holds is on the drive, for the child's hand-over. */
  readonly flushJournal?: () => Promise<void>;
  /** Where an entry of a folder's list that is ignored (not a plain backup name) is told. */
  readonly log?: (line: string) => void;
  /** Told after every attempt, so the screen and the notices follow. */
  readonly onChange?: (status: BackupStatus) => void;
}

/** What a failed write to a folder means to the shopkeeper. */
export function folderError(e: unknown, folder: string): UserFacingError {
  const { code } = errorFacts(e);
  if (code === 'ENOENT') return new UserFacingError('backup_folder_missing', { folder });
  if (code === 'ENOSPC') return new UserFacingError('backup_folder_full', { folder });
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') return new UserFacingError('backup_folder_readonly', { folder });
  return new UserFacingError('backup_failed', { why: 'copy', folder, cue: code.slice(0, 40) });
}

/**
 * Removes the copies a backup process left half-written when it was killed or the power went (each
 * is a whole ledger's size). Called only while holding the folder's lock: no copy is being written.
 */
async function removeLeftovers(dir: string): Promise<void> {
  try {
    for (const f of await readdir(dir)) if (f.startsWith('ledger-') && f.endsWith('.db.partial')) await rm(join(dir, f), { force: true });
  } catch {
    // no folder yet: nothing left over
  }
}

/**
 * Throws a clear error unless `dir` is a folder RechargeDesk can write to. Changes nothing. Never
 * holds the thread: a USB drive taken out can keep a call on it waiting for seconds.
 */
export async function checkWritableFolder(dir: string): Promise<void> {
  let isDir: boolean;
  try {
    isDir = (await stat(dir)).isDirectory();
  } catch (e) {
    throw folderError(e, dir);
  }
  if (!isDir) throw new UserFacingError('backup_folder_missing', { folder: dir });
  try {
    await access(dir, constants.W_OK);
  } catch (e) {
    throw folderError(e, dir);
  }
}

/**
 * Copy, verify, rename: the one way a file reaches a folder of backups or a chosen export folder.
 * `copy` writes it beside its final name (`<name>.partial`) and throws when its check fails; only
 * then is it renamed into place, so a file under its final name is always whole and verified.
 * `prepare` readies the folder first; `listed` runs once the file is in place (the folder's list).
 * On any failure the partial file goes, and an error not already worded for the shopkeeper is
 * worded for this folder (full, read-only, not there).
 */
async function writeVerified<T>(
  folder: string,
  name: string,
  steps: { prepare: () => Promise<unknown>; copy: (partial: string) => Promise<T>; listed?: (copied: T) => Promise<void> },
): Promise<T> {
  const partial = join(folder, `${name}.partial`);
  try {
    await steps.prepare();
    const copied = await steps.copy(partial);
    await makePrivate(partial);
    await rename(partial, join(folder, name));
    await steps.listed?.(copied);
    return copied;
  } catch (e) {
    // Not there (the drive taken out) or not removable: the next backup removes a leftover.
    await rm(partial, { force: true }).catch(() => {});
    throw e instanceof UserFacingError ? e : folderError(e, folder);
  }
}

/** Said when the backup's process ended before the backup did. */
const DIED: Outcome = { code: 'backup_failed', params: { why: 'died' } };

const stamp = (at: number) => new Date(at).toISOString().replace(/[:.]/g, '-');

/**
 * Automatic, verified backups of one ledger: a consistent copy through SQLite's online backup,
 * taken in a worker (the counter is never held up), checked (opens, quick_check, the same row
 * counts as the ledger at the moment of the copy), listed only once verified, rotated, and also
 * copied to the second folder and verified there.
 */
export class BackupService {
  private running: Promise<BackupStatus> | null = null;
  private lastError: BackupStatus['lastError'] = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly deps: BackupDeps) {
    // The last session's closing backup ran after the app had gone: its failure is told now.
    this.lastError = closingFailure(deps.localDir);
  }

  /** A backup is being written: by this process, or by the closing backup of the last session. */
  get busy(): boolean {
    return this.running !== null || backupsBusy(this.deps.localDir);
  }

  private folders(): { kind: BackupFolder['kind']; path: string }[] {
    const second = this.deps.secondDir();
    return [{ kind: 'local', path: this.deps.localDir }, ...(second ? [{ kind: 'second' as const, path: second }] : [])];
  }

  /** The folders as they are now; the second may be a drive taken out, so nothing here holds the thread. */
  async status(): Promise<BackupStatus> {
    const folders = await Promise.all(
      this.folders().map(async ({ kind, path }): Promise<BackupFolder> => {
        if (kind === 'second' && !(await exists(this.deps.secondRoot?.() ?? path))) return { kind, path, state: 'missing', newest: null };
        const newest = (await loadIndex(path, this.deps.log))[0] ?? null;
        let state: BackupFolder['state'] = 'ok';
        if (await exists(path)) {
          try {
            await access(path, constants.W_OK);
          } catch {
            state = 'unwritable';
          }
        }
        return { kind, path, state, newest };
      }),
    );
    const lastGood = folders.flatMap((f) => (f.newest ? [{ ...f.newest, folder: f.path }] : [])).sort((a, b) => b.at - a.at)[0];
    const secondGone = folders.some((f) => f.kind === 'second' && f.state !== 'ok');
    const warning: BackupStatus['warning'] = secondGone
      ? 'folder_missing'
      : !lastGood
        ? 'never'
        : this.deps.now() - lastGood.at > STALE_MS
          ? 'stale'
          : 'none';
    return { running: this.busy, lastGood: lastGood ?? null, warning, folders, lastError: this.lastError };
  }

  /**
   * Sets the second folder: checked first (it must exist and take writes), so a bad one changes
   * nothing; then a backup is started to fill it.
   */
  async setSecondFolder(root: string): Promise<BackupStatus> {
    await this.deps.setSecondFolder(root.trim());
    if (root.trim()) void this.backup('manual').catch(() => {});
    return this.status();
  }

  /**
   * "Move to another PC": one verified file (the ledger and the settings, never the token) in a
   * folder the shopkeeper chose. Not listed or rotated with the automatic backups.
   */
  async exportTo(folder: string): Promise<{ path: string; txns: number }> {
    const at = this.deps.now();
    const name = `RechargeDesk-move-${stamp(at)}.db`;
    const r = await writeVerified(folder, name, {
      prepare: () => checkWritableFolder(folder),
      copy: async (partial) => {
        const r = await backupInWorker(this.deps.ledgerFile, partial, this.manifest(at));
        if (r.check !== 'ok' || JSON.stringify(r.counts) !== JSON.stringify(r.copied)) {
          throw new UserFacingError('backup_failed', { why: 'export_check', folder });
        }
        return r;
      },
    });
    return { path: join(folder, name), txns: r.counts['txns'] ?? 0 };
  }

  /** What a backup carries besides the ledger: the settings (never the token) and when it was taken. */
  private manifest(at: number): string {
    const profile = this.deps.profileText?.() ?? null;
    const routing = this.deps.routingText?.() ?? null;
    const versions = this.deps.profileVersions?.() ?? [];
    return JSON.stringify({
      app: 'RechargeDesk',
      at,
      settings: JSON.parse(this.deps.settingsJson()),
      ...(profile === null ? {} : { profile }),
      ...(routing === null ? {} : { routing }),
      ...(versions.length === 0 ? {} : { profileVersions: versions }),
    });
  }

  /** Every verified backup of this ledger in both folders, newest first, with its full path. */
  async list(): Promise<(BackupEntry & { path: string; folder: BackupFolder['kind'] })[]> {
    const lists = await Promise.all(
      this.folders().map(async ({ kind, path }) =>
        (await exists(path)) ? (await loadIndex(path, this.deps.log)).map((b) => ({ ...b, path: join(path, b.file), folder: kind })) : [],
      ),
    );
    return lists.flat().sort((a, b) => b.at - a.at);
  }

  /** Takes a backup now (one at a time: a second call waits for the first). */
  backup(reason: Reason): Promise<BackupStatus> {
    this.running ??= this.inChild(reason)
      .then((done) => done ?? this.take(reason))
      .finally(() => (this.running = null));
    return this.running;
  }

  private job(reason: Reason, fingerprint = this.deps.fingerprint()): ClosingJob {
    const second = this.deps.secondDir();
    return {
      ledgerFile: this.deps.ledgerFile,
      localDir: this.deps.localDir,
      secondDir: second,
      secondRoot: this.deps.secondRoot?.() ?? second,
      settingsJson: this.deps.settingsJson(),
      profileText: this.deps.profileText?.() ?? null,
      routingText: this.deps.routingText?.() ?? null,
      profileVersions: [...(this.deps.profileVersions?.() ?? [])],
      fingerprint,
      reason,
    };
  }

  /** The backup taken by a child process; null when there is none to start (then it is taken here). */
  private async inChild(reason: Reason): Promise<BackupStatus | null> {
    const child = this.deps.child;
    if (!child) return null;
    await this.deps.flushJournal?.();
    const job = this.job(reason);
    let outcome = await child.run(job);
    if (outcome === 'died') {
      // Its process ended under it (killed, crashed): told at once, then tried again in a new one.
      this.lastError = DIED;
      this.deps.onChange?.(await this.status());
      outcome = await child.run(job);
    }
    if (outcome === null) return null;
    this.lastError =
      outcome === 'ok'
        ? null
        : outcome === 'died'
          ? DIED
          : (closingFailure(this.deps.localDir) ?? { code: 'backup_failed', params: { why: 'copy' } });
    const status = { ...(await this.status()), running: false };
    this.deps.onChange?.(status);
    if (this.lastError) throw UserFacingError.of(this.lastError);
    return status;
  }

  private async take(reason: Reason): Promise<BackupStatus> {
    let lock: { release(): void } | null = null;
    try {
      // After the last session's closing backup, if it still runs: one writer of the folder's list.
      lock = await lockBackupsWhenFree(this.deps.localDir);
      for (const dir of [this.deps.localDir, this.deps.secondDir()]) if (dir) await removeLeftovers(dir);
      await this.deps.beforeSnapshot?.();
      const entry = await this.toLocal(reason);
      const second = this.deps.secondDir();
      if (second) {
        await this.toSecond(entry, second);
        await this.deps.secondVerified?.();
      }
      this.lastError = null;
      clearClosingFailure(this.deps.localDir);
    } catch (e) {
      const failure = e instanceof UserFacingError ? e : folderError(e, this.deps.localDir);
      this.lastError = failure.outcome;
    } finally {
      lock?.release();
    }
    const status = { ...(await this.status()), running: false };
    this.deps.onChange?.(status);
    if (this.lastError) throw UserFacingError.of(this.lastError);
    return status;
  }

  private async toLocal(reason: Reason): Promise<BackupEntry> {
    const dir = this.deps.localDir;
    const at = this.deps.now();
    // Taken before the copy: a change during it makes the next close back up again, never less.
    const fingerprint = this.deps.fingerprint();
    const file = `ledger-${stamp(at)}.db`;
    return writeVerified(dir, file, {
      prepare: () => privateFolder(dir),
      copy: async (partial) => {
        const r = await backupInWorker(this.deps.ledgerFile, partial, this.manifest(at));
        if (r.check !== 'ok') throw new UserFacingError('backup_failed', { why: 'check', cue: r.check.slice(0, 200) });
        if (JSON.stringify(r.counts) !== JSON.stringify(r.copied)) {
          throw new UserFacingError('backup_failed', { why: 'rows' });
        }
        const entry: BackupEntry = { file, at, reason, counts: r.counts, first: r.first, last: r.last, fingerprint };
        return entry;
      },
      listed: (entry) => this.record(dir, entry),
    });
  }

  /** A verified backup is a closed file, so a plain copy of it is safe; the copy is verified again. */
  private async toSecond(entry: BackupEntry, dir: string): Promise<void> {
    await writeVerified(dir, entry.file, {
      prepare: async () => {
        await checkWritableFolder(this.deps.secondRoot?.() ?? dir);
        await privateFolder(dir);
      },
      copy: async (partial) => {
        await copyFile(join(this.deps.localDir, entry.file), partial);
        const r = await verifyInWorker(partial);
        if (r.check !== 'ok' || JSON.stringify(r.counts) !== JSON.stringify(entry.counts)) {
          throw new UserFacingError('backup_failed', { why: 'mismatch', folder: dir });
        }
        return entry;
      },
      listed: () => this.record(dir, entry),
    });
  }

  /** Lists a verified backup, then deletes what rotation no longer keeps (never the newest). */
  private async record(dir: string, entry: BackupEntry): Promise<void> {
    const all = [entry, ...(await loadIndex(dir, this.deps.log)).filter((b) => b.file !== entry.file)];
    const keep = toKeep(all);
    await writeIndex(
      dir,
      all.filter((b) => keep.has(b.file)),
    );
    for (const b of all) if (!keep.has(b.file)) await rm(join(dir, b.file), { force: true });
  }

  /** The daily backup, if the newest is a day old (or there is none); null when not due. */
  async dailyIfDue(): Promise<BackupStatus | null> {
    const last = (await this.status()).lastGood;
    if (last && this.deps.now() - last.at < DAY_MS) return null;
    return this.backup('daily');
  }

  /** Once a day while the app runs: looks hourly whether the daily backup is due. */
  startDaily(): void {
    this.timer = setInterval(() => void this.dailyIfDue().catch(() => {}), 3600_000);
    this.timer.unref();
  }

  /**
   * At a clean close: a backup if anything changed since the last verified one. Never throws.
   * `quitting`: the app is about to exit, so the backup goes to a child process (the quit does not
   * wait for it); otherwise (a restore, a switch of account) it is taken here, before the ledger
   * is swapped or closed.
   */
  async atClose({ quitting = false }: { quitting?: boolean } = {}): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const current = this.deps.fingerprint();
    // Quitting with a backup child: a backup it is taking goes on after the quit, and the closing
    // one is handed to it to take next, so the quit waits for neither.
    if (quitting && this.deps.child) {
      if (await this.upToDate(current)) return;
      if (await this.deps.child.detach(this.job('close', current))) return;
    }
    await this.running?.catch(() => null);
    if (await this.upToDate(this.deps.fingerprint())) return;
    await this.backup('close').catch(() => {});
  }

  /** True when the newest verified backup in every folder is of the ledger as it is now. */
  private async upToDate(fingerprint: string): Promise<boolean> {
    const second = this.deps.secondDir();
    for (const d of [this.deps.localDir, ...(second ? [second] : [])])
      if ((await loadIndex(d, this.deps.log))[0]?.fingerprint !== fingerprint) return false;
    return true;
  }

  /** Waits until no other process writes backups here (a restore must not swap the ledger under one). */
  async whenIdle(): Promise<void> {
    await this.running?.catch(() => null);
    (await lockBackupsWhenFree(this.deps.localDir)).release();
  }
}
