import Database from 'better-sqlite3';
import { rmSync, writeFileSync } from 'node:fs';
import * as z from 'zod';
import { UserFacingError } from '../errors/user-facing-error';
import { MIGRATIONS } from './migrations';
import { kindOf, salvageRows, type RejectedRow, type SalvageReport } from './salvage';

/** The migration that made each table a file of that version must have (the day totals are rebuilt, never read). */
const TABLE_SINCE: Readonly<Record<string, number>> = {
  txns: 1,
  txn_events: 1,
  complaints: 1,
  balance_snapshots: 1,
  day_closes: 4,
  validity_days: 6,
  customers: 6,
  customer_name_words: 6,
  shop_outbox: 7,
  shop_rows: 7,
  sales: 9,
  money_entries: 9,
  sale_flags: 15,
  answer_changes: 17,
  answer_change_fixes: 17,
  done_by: 22,
  shop_record_push: 27,
  peer_sales: 27,
  peer_money_entries: 27,
  peer_customers: 27,
  flag_checks: 28,
  peer_flag_checks: 28,
};

/**
 * Refuses a file whose shape we did not make: a version we do not know (0, or newer than this
 * app), or a table its version must have that is missing or is something else (a view answers
 * with its author's query, not with rows).
 */
function checkShape(source: Database.Database, path: string): void {
  const version = z
    .number()
    .int()
    .parse(source.pragma('user_version', { simple: true }));
  if (version > MIGRATIONS.length) throw new UserFacingError('backup_newer', { path, version });
  if (version < 1) throw new UserFacingError('not_a_backup', { path });
  for (const [table, since] of Object.entries(TABLE_SINCE)) {
    if (since <= version && kindOf(source, table) !== 'table') throw new UserFacingError('backup_unusable', { path, table });
  }
}

/**
 * Refuses, before anything changes (a move file's settings included), a file whose shape we did
 * not make. Opened read-only, as the check before it opened it; only the schema is read.
 */
export function checkBackupShape(path: string): void {
  let source: Database.Database;
  try {
    source = new Database(path, { readonly: true, fileMustExist: true });
  } catch {
    throw new UserFacingError('not_a_backup', { path });
  }
  try {
    checkShape(source, path);
  } catch (e) {
    if (e instanceof UserFacingError) throw e;
    throw new UserFacingError('not_a_backup', { path });
  } finally {
    source.close();
  }
}

/** A fresh, empty ledger at `file`, made by the app's own migrations and nothing else. */
export function freshLedger(file: string): Database.Database {
  for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  const db = new Database(file);
  // A scratch file until it is renamed into place: no fsync and no journal on disk while it fills
  // (the ledger's own settings are set when it is opened as the ledger).
  db.pragma('journal_mode = MEMORY');
  db.pragma('synchronous = OFF');
  db.transaction(() => {
    for (const migration of MIGRATIONS) db.exec(migration);
    db.pragma(`user_version = ${MIGRATIONS.length}`);
  })();
  return db;
}

/**
 * Builds `target` from the rows of `sourceFile` (a copy of a backup or a move file): the file is
 * opened read-only, its shape checked, and each row of our tables parsed into a fresh ledger.
 * Refusals are UserFacingErrors naming `shownAs`; nothing of the file's schema comes along.
 */
export function rebuildLedger(sourceFile: string, target: string, shownAs: string): SalvageReport {
  let source: Database.Database;
  try {
    source = new Database(sourceFile, { readonly: true, fileMustExist: true });
  } catch {
    throw new UserFacingError('not_a_backup', { path: shownAs });
  }
  let fresh: Database.Database | null = null;
  try {
    try {
      checkShape(source, shownAs);
    } catch (e) {
      if (e instanceof UserFacingError) throw e;
      throw new UserFacingError('not_a_backup', { path: shownAs });
    }
    fresh = freshLedger(target);
    const report = salvageRows(source, fresh);
    fresh.pragma('journal_mode = WAL');
    return report;
  } catch (e) {
    fresh?.close();
    fresh = null;
    for (const suffix of ['', '-wal', '-shm']) rmSync(target + suffix, { force: true });
    throw e;
  } finally {
    fresh?.close();
    source.close();
  }
}

/** Writes the rows that did not parse beside the ledger, for support; returns the file, or null if none. */
export function quarantine(ledgerFile: string, rejected: readonly RejectedRow[], now: number): string | null {
  if (rejected.length === 0) return null;
  const file = `${ledgerFile}.rejected-${new Date(now).toISOString().replace(/[:.]/g, '-')}.json`;
  writeFileSync(file, JSON.stringify({ rejected }, null, 1), { mode: 0o600 });
  return file;
}
