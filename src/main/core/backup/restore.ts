import { existsSync, renameSync } from 'node:fs';
import { copyFile, rm, stat } from 'node:fs/promises';
import Database from 'better-sqlite3';
import * as z from 'zod';
import { UserFacingError } from '../errors/user-facing-error';
import { errorFacts } from '../errors/error-facts';
import { verifyInWorker } from '../ledger/sqlite-worker';

const manifestSchema = z.object({ app: z.literal('RechargeDesk'), at: z.number().int(), settings: z.unknown() });

export interface BackupInfo {
  readonly path: string;
  readonly at: number;
  readonly counts: Record<string, number>;
  readonly first: number | null;
  readonly last: number | null;
  /** The settings carried in the backup (never the token). */
  readonly settings: unknown;
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
  return { path, at: manifest.at, counts: verified.counts, first: verified.first, last: verified.last, settings: manifest.settings };
}

const stamp = (at: number) => new Date(at).toISOString().replace(/[:.]/g, '-');

/**
 * Copies a checked backup beside the ledger, ready to take its place, while the ledger is still
 * open: closing the session takes a backup and rotates, and the chosen file must not be rotated
 * away under the restore. Returns the prepared file.
 */
export async function prepareRestore(backup: string, ledgerFile: string): Promise<string> {
  const incoming = `${ledgerFile}.restoring`;
  await rm(incoming, { force: true });
  // The backup may be on a USB drive: the copy must not hold the thread.
  await copyFile(backup, incoming);
  const db = new Database(incoming, { fileMustExist: true });
  try {
    db.exec('DROP TABLE IF EXISTS backup_meta');
    db.pragma('journal_mode = WAL');
  } finally {
    db.close();
  }
  return incoming;
}

/**
 * Puts the prepared copy in the ledger's place while the ledger is closed. The current file is
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
