import type Database from 'better-sqlite3';
import Sqlite from 'better-sqlite3';
import { mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { errorFacts } from '../errors/error-facts';
import { StartupError } from '../errors/startup-error';

/** Where the automatic copies of a ledger go: a folder beside it. */
export function localBackupDir(ledgerFile: string): string {
  return join(dirname(ledgerFile), 'backups');
}

/**
 * A verified copy of the ledger as it stands before a schema upgrade, through `VACUUM INTO` (a
 * consistent copy, never a raw copy of a live file). It runs once per upgrade, at start, before
 * the window can take a recharge, so it may block. Throws if the copy cannot be made or checked:
 * no upgrade without a way back.
 */
export function backupBeforeMigration(db: Database.Database, file: string, version: number, now: number): string {
  const dir = localBackupDir(file);
  mkdirSync(dir, { recursive: true });
  const target = join(dir, `before-upgrade-v${version}-${new Date(now).toISOString().replace(/[:.]/g, '-')}.db`);
  rmSync(target, { force: true });
  db.prepare('VACUUM INTO ?').run(target);
  const copy = new Sqlite(target, { readonly: true, fileMustExist: true });
  try {
    const check = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(`the copy failed its check: ${String(check)}`);
  } finally {
    copy.close();
  }
  return target;
}

/** An upgrade that failed: the file was left as it was (one SQL transaction), and says where the copy is. */
/** An upgrade that failed: the file is as it was, the start stops with the catalogue's words. */
export class MigrationFailedError extends StartupError {
  constructor(
    readonly fromVersion: number,
    readonly toVersion: number,
    readonly copy: string | null,
    override readonly cause: unknown,
  ) {
    super({
      code: 'migration_failed',
      params: { from: fromVersion, to: toVersion, copy: copy ?? undefined, cue: errorFacts(cause).message.slice(0, 200) },
    });
    this.name = 'MigrationFailedError';
  }
}
