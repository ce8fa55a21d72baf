import Database from 'better-sqlite3';
import { existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import * as z from 'zod';
import { errorFacts } from '../errors/error-facts';
import { MIGRATIONS } from './migrations';
import { salvageRows, type SalvageReport } from './salvage';
import { freshLedger, quarantine } from './rebuild';
import { backupBeforeMigration, MigrationFailedError } from './migration-backup';
import { StartupError } from '../errors/startup-error';
import { makePrivateSync, privateFolderSync } from '../data-folder/private-files';

/** What opening had to do to a damaged file; the shopkeeper is told before the next recharge. */
export type LedgerRepair =
  /** Only indexes were damaged: rebuilt from the rows, nothing lost. */
  | { readonly kind: 'reindexed' }
  /** Tables were damaged: every readable row was copied into a fresh file. */
  | ({ readonly kind: 'salvaged'; readonly movedAside: string } & SalvageReport)
  /** Not even the file's header could be read: kept aside, a new ledger started. */
  | { readonly kind: 'replaced'; readonly movedAside: string };

export interface OpenedDatabase {
  db: Database.Database;
  repair: LedgerRepair | null;
}

/** A pragma's single value, checked: SQLite hands back untyped values. */
function pragmaValue<T>(db: Database.Database, name: string, schema: z.ZodType<T>): T {
  return schema.parse(db.pragma(name, { simple: true }));
}

/** Left beside the file by a failed background check: the next open checks and repairs first. */
export const checkMarker = (file: string) => `${file}.needs-check`;

function moveAside(file: string, now: number): string {
  const stamp = new Date(now).toISOString().replace(/[:.]/g, '-');
  const target = `${file}.damaged-${stamp}`;
  renameSync(file, target);
  for (const suffix of ['-wal', '-shm']) if (existsSync(file + suffix)) renameSync(file + suffix, target + suffix);
  return target;
}

/**
 * Brings a file up to the current schema: all pending steps in one SQL transaction, so a step
 * that fails leaves the file exactly as it was. A copy is taken first (see migration-backup).
 */
function migrate(db: Database.Database, file: string, now: number, migrations: readonly string[]): void {
  const version = pragmaValue(db, 'user_version', z.number().int());
  if (version > migrations.length) {
    throw new StartupError({ code: 'data_newer', params: { version } });
  }
  if (version === migrations.length) return;
  const copy = version > 0 ? backupBeforeMigration(db, file, version, now) : null;
  try {
    db.transaction(() => {
      for (const [index, migration] of migrations.entries()) {
        if (index < version) continue;
        db.exec(migration);
        db.pragma(`user_version = ${index + 1}`);
      }
    })();
  } catch (e) {
    throw new MigrationFailedError(version, migrations.length, copy, e);
  }
}

function openRaw(file: string): Database.Database {
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    // NORMAL in WAL mode survives any crash of the app; the Ledger raises it to FULL (fsync'd)
    // for the one write that must also survive a power cut: a transaction before it is sent.
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    return db;
  } catch (e) {
    db.close();
    throw e;
  }
}

function quickCheck(db: Database.Database): string {
  try {
    return pragmaValue(db, 'quick_check', z.string());
  } catch (e) {
    return errorFacts(e).message || 'unreadable';
  }
}

/** Whether an error from any statement says the file itself is damaged (extended codes included). */
export function isDamage(e: unknown): boolean {
  const { code, message } = errorFacts(e);
  return (
    code.startsWith('SQLITE_CORRUPT') ||
    code.startsWith('SQLITE_NOTADB') ||
    /integrity check failed|malformed|not a database/i.test(message)
  );
}

/**
 * Leaves the marker that makes the next open check and repair the file first (index rebuilt, or
 * every readable row salvaged): damage met by any statement takes the same path as a failed check.
 */
export function markForRepair(file: string, detail: string): void {
  writeFileSync(checkMarker(file), `damage met: ${detail.slice(0, 500)}\n`);
}

class DamagedTables extends Error {}

/**
 * Opens a file that is flagged or threw damage: indexes are rebuilt if that is all it takes,
 * otherwise DamagedTables is thrown for the caller to salvage.
 */
function openChecked(file: string, flagged: boolean): { db: Database.Database; reindexed: boolean } {
  const db = openRaw(file);
  try {
    let reindexed = false;
    if (flagged && quickCheck(db) !== 'ok') {
      try {
        db.exec('REINDEX');
      } catch {
        throw new DamagedTables();
      }
      if (quickCheck(db) !== 'ok') throw new DamagedTables();
      reindexed = true;
    }
    return { db, reindexed };
  } catch (e) {
    db.close();
    throw e;
  }
}

/** Builds `${file}.salvaged` with the full schema and every readable row of the damaged file. */
function salvage(file: string, now: number): LedgerRepair {
  const fresh = `${file}.salvaged`;
  const target = freshLedger(fresh);
  let report: SalvageReport | null = null;
  try {
    let source: Database.Database | null = null;
    try {
      // Read as data, like a backup: nothing of the damaged file's schema comes along.
      source = new Database(file, { readonly: true, fileMustExist: true });
      source.prepare('SELECT count(*) FROM sqlite_master').get(); // throws if not even the schema can be read
      report = salvageRows(source, target);
    } catch (e) {
      if (!isDamage(e)) throw e;
      report = null; // not even the header or the schema could be read
    } finally {
      source?.close();
    }
  } finally {
    target.close();
  }
  const movedAside = moveAside(file, now);
  if (report === null) {
    rmSync(fresh, { force: true });
    return { kind: 'replaced', movedAside };
  }
  renameSync(fresh, file);
  // Rows that were read but did not parse are kept beside the ledger for support.
  quarantine(file, report.rejected, now);
  return { kind: 'salvaged', movedAside, ...report };
}

/**
 * Opens (or creates) a ledger file. The full integrity check is not run here (it runs in the
 * background, see integrity-check.ts); a file it found damaged, or one that throws damage while
 * opening, is repaired before any recharge: indexes rebuilt, or every readable row copied into a
 * fresh file with the damaged one kept beside it. A damaged file is never deleted.
 */
export function openDatabase(file: string, now: number = Date.now(), migrations: readonly string[] = MIGRATIONS): OpenedDatabase {
  privateFolderSync(dirname(file));
  const flagged = existsSync(checkMarker(file));
  let repair: LedgerRepair | null = null;
  let db: Database.Database;
  try {
    const opened = openChecked(file, flagged);
    db = opened.db;
    if (opened.reindexed) repair = { kind: 'reindexed' };
    try {
      migrate(db, file, now, migrations);
    } catch (e) {
      db.close();
      throw e;
    }
  } catch (e) {
    if (!(e instanceof DamagedTables) && (!isDamage(e) || !existsSync(file))) throw e;
    repair = salvage(file, now);
    db = openRaw(file);
    migrate(db, file, now, migrations);
  }
  rmSync(checkMarker(file), { force: true });
  // SQLite makes the file (and its -wal, -shm) as the umask allows: readable by others, usually.
  makePrivateSync(file, `${file}-wal`, `${file}-shm`);
  return { db, repair };
}
