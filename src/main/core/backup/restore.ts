import { existsSync, renameSync } from 'node:fs';
import { copyFile, rm, stat } from 'node:fs/promises';
import * as z from 'zod';
import { PROFILE_MAX_CHARS } from '../../../shared/ipc/profile-schemas';
import { ROUTING_MAX_CHARS } from '../../../shared/ipc/routing-schemas';
import { MAX_CARRIED_VERSIONS } from './closing-job';
import { UserFacingError } from '../errors/user-facing-error';
import { errorFacts } from '../errors/error-facts';
import { verifyInWorker } from '../ledger/sqlite-worker';
import { checkBackupShape, quarantine, rebuildLedger } from '../ledger/rebuild';

const manifestSchema = z.object({
  app: z.literal('RechargeDesk'),
  at: z.number().int(),
  settings: z.unknown(),
  /** An imported provider profile's text, read as input like any profile file (move-pc.ts). */
  profile: z.string().max(PROFILE_MAX_CHARS).optional(),
  /** The owner's routing rules as routing.json held them, read as input (move-pc.ts). */
  routing: z.string().max(ROUTING_MAX_CHARS).optional(),
  /** The other imported profile versions its open recharges were sent with, read as input when kept. */
  profileVersions: z.array(z.string().max(PROFILE_MAX_CHARS)).max(MAX_CARRIED_VERSIONS).optional(),
});

export interface BackupInfo {
  readonly path: string;
  readonly at: number;
  readonly counts: Record<string, number>;
  readonly first: number | null;
  readonly last: number | null;
  /** The settings carried in the backup (never the token). */
  readonly settings: unknown;
  /** The imported provider profile it carries, unread; absent for a built-in one. */
  readonly profileText: string | null;
  /** The routing rules it carries, unread; absent without a routing.json. */
  readonly routingText: string | null;
  /** Other imported profile versions it carries (those its open recharges were sent with), unread. */
  readonly profileVersionTexts: readonly string[];
}

const notABackup = (path: string) => new UserFacingError('not_a_backup', { path });

/**
 * Opens a backup in a worker and says what it holds, or throws a clear error: a file that is not
 * there, is not SQLite, fails its check or has no RechargeDesk manifest is refused.
 */
export async function inspectBackup(path: string): Promise<BackupInfo> {
  try {
    if (!(await stat(path)).isFile()) throw notABackup(path);
  } catch (e) {
    if (e instanceof UserFacingError) throw e;
    throw new UserFacingError('backup_missing', { path });
  }
  let verified;
  try {
    verified = await verifyInWorker(path);
  } catch (e) {
    if (errorFacts(e).code.startsWith('SQLITE_')) throw notABackup(path);
    throw e;
  }
  if (verified.check !== 'ok' || verified.manifest === null || verified.counts['txns'] === undefined) throw notABackup(path);
  let manifest;
  try {
    manifest = manifestSchema.parse(JSON.parse(verified.manifest));
  } catch {
    throw notABackup(path);
  }
  // A version we do not know, or a needed table that is a view, is refused here, before a move
  // file's settings or anything else is taken.
  checkBackupShape(path);
  return {
    path,
    at: manifest.at,
    counts: verified.counts,
    first: verified.first,
    last: verified.last,
    settings: manifest.settings,
    profileText: manifest.profile ?? null,
    routingText: manifest.routing ?? null,
    profileVersionTexts: manifest.profileVersions ?? [],
  };
}

const stamp = (at: number) => new Date(at).toISOString().replace(/[:.]/g, '-');

export interface PreparedRestore {
  /** The fresh ledger built from the backup's rows, ready to take the ledger's place. */
  readonly incoming: string;
  readonly txns: number;
  /** Rows that did not parse: left out, written to `quarantine`, named on screen. */
  readonly rejected: number;
  readonly rejectedRefs: readonly string[];
  readonly quarantine: string | null;
}

/** How many refs of rejected rows the screen names; the rest are in the quarantine file. */
const REFS_SHOWN = 20;

/**
 * Builds the ledger a restore puts in place, while the ledger is still open: closing the session
 * takes a backup and rotates, and the chosen file must not be rotated away under the restore.
 * The backup is copied beside the ledger (it may be on a USB drive: the copy must not hold the
 * thread) and read as data into a fresh ledger made by our own migrations: never its triggers,
 * views or schema. A file of a shape we did not make is refused here, before anything changes.
 */
export async function prepareRestore(backup: string, ledgerFile: string, now: number): Promise<PreparedRestore> {
  const copy = `${ledgerFile}.incoming`;
  const incoming = `${ledgerFile}.restoring`;
  const clear = (file: string) => Promise.all(['', '-wal', '-shm'].map((s) => rm(file + s, { force: true })));
  await clear(copy);
  await clear(incoming);
  await copyFile(backup, copy);
  try {
    const report = rebuildLedger(copy, incoming, backup);
    // The shopkeeper can look up a ref; other rows (a customer book row) are only counted.
    const refs = [...new Set(report.rejected.flatMap((r) => (r.refId === null ? [] : [r.refId])))];
    return {
      incoming,
      txns: report.txns,
      rejected: report.rejected.length,
      rejectedRefs: refs.slice(0, REFS_SHOWN),
      quarantine: quarantine(ledgerFile, report.rejected, now),
    };
  } finally {
    await clear(copy);
  }
}

/**
 * Puts the prepared ledger in the ledger's place while the ledger is closed. The current file is
 * renamed aside (never overwritten, never deleted) and its name returned.
 */
export function swapInBackup(incoming: string, ledgerFile: string, now: number): string | null {
  let aside: string | null = null;
  if (existsSync(ledgerFile)) {
    aside = `${ledgerFile}.before-restore-${stamp(now)}`;
    renameSync(ledgerFile, aside);
    for (const suffix of ['-wal', '-shm']) if (existsSync(ledgerFile + suffix)) renameSync(ledgerFile + suffix, aside + suffix);
  }
  renameSync(incoming, ledgerFile);
  return aside;
}

/**
 * Undoes a swap whose new ledger could not be used: the restored file goes aside as
 * `.restore-failed-…` (kept for support) and the previous ledger is back under its own name.
 */
export function swapBack(ledgerFile: string, keptAside: string | null, now: number): void {
  const failed = `${ledgerFile}.restore-failed-${stamp(now)}`;
  const move = (from: string, to: string) => {
    for (const suffix of ['', '-wal', '-shm']) if (existsSync(from + suffix)) renameSync(from + suffix, to + suffix);
  };
  if (existsSync(ledgerFile)) move(ledgerFile, failed);
  if (keptAside !== null) move(keptAside, ledgerFile);
}
