import Database from 'better-sqlite3';
import { closeSync, existsSync, fsyncSync, openSync } from 'node:fs';
import { dirname } from 'node:path';

/** On the drive, not only in the OS's cache. */
function syncToDisk(path: string, flags: 'r' | 'r+'): void {
  const fd = openSync(path, flags);
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Closes a WAL-mode ledger without SQLite's checkpoint at close, for the quit: copying the log's
 * pages into a 1M-row file and syncing both took 30–600 ms of the quit on a busy disk (seen with
 * strace; most of `quit_ms_1m`'s close). The log stays beside the file instead, synced to the drive
 * first, so every committed transaction is there after a crash or a power cut: SQLite reads a log
 * it finds at the next open as part of the file. The next writable last connection checkpoints it
 * and removes it (the closing backup's child when it runs, else the next session's close).
 *
 * How: SQLite checkpoints at close only as the file's last connection, and a read-only last
 * connection cannot (SQLite's design, as in better-sqlite3 issue 376; better-sqlite3 reaches neither
 * SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE nor SQLITE_FCNTL_PERSIST_WAL). So a read-only connection holds
 * the file while `db` closes, then closes last. Should SQLite ever checkpoint regardless, the
 * close is only slower, never less safe. False, with `db` still open, when this could not be set
 * up: the caller closes as usual.
 */
export function closeKeepingWal(db: Database.Database, file: string): boolean {
  let keeper: Database.Database | null = null;
  try {
    keeper = new Database(file, { readonly: true, fileMustExist: true });
    // A read takes the shared lock a WAL-mode connection then holds until it closes.
    keeper.prepare('SELECT 1 FROM sqlite_master LIMIT 1').get();
    // synchronous = NORMAL wrote the log without syncing it: now it must be on the drive, and
    // its name in the folder too (a log created this session; Windows has no folder to sync).
    const wal = `${file}-wal`;
    if (existsSync(wal)) {
      syncToDisk(wal, 'r+');
      if (process.platform !== 'win32') syncToDisk(dirname(file), 'r');
    }
  } catch {
    keeper?.close();
    return false;
  }
  db.close();
  keeper.close();
  return true;
}
