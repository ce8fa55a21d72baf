import Database from 'better-sqlite3';
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { dirname } from 'node:path';
import { MIGRATIONS } from './migrations';

/** Above this many pages (128 MiB at 4 KiB) the full check runs at close instead of at open. */
const FULL_CHECK_MAX_PAGES = 32_768;

export interface OpenedDatabase {
  db: Database.Database;
  /** Set when a damaged file was found and moved aside: where it went. */
  movedAside: string | null;
}

function moveAside(file: string, now: number): string {
  const stamp = new Date(now).toISOString().replace(/[:.]/g, '-');
  const target = `${file}.damaged-${stamp}`;
  renameSync(file, target);
  for (const suffix of ['-wal', '-shm']) if (existsSync(file + suffix)) renameSync(file + suffix, target + suffix);
  return target;
}

function migrate(db: Database.Database): void {
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version > MIGRATIONS.length) {
    throw new Error(`this ledger was written by a newer RechargeDesk (schema ${version}); update the app`);
  }
  for (let v = version; v < MIGRATIONS.length; v++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[v]!);
      db.pragma(`user_version = ${v + 1}`);
    })();
  }
}

function tryOpen(file: string): Database.Database {
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    // NORMAL in WAL mode survives any crash of the app; the Ledger raises it to FULL (fsync'd)
    // for the one write that must also survive a power cut: a transaction before it is sent.
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    const pages = db.pragma('page_count', { simple: true }) as number;
    const check = pages <= FULL_CHECK_MAX_PAGES ? (db.pragma('quick_check', { simple: true }) as string) : 'ok';
    if (check !== 'ok') throw new Error(`integrity check failed: ${check}`);
    migrate(db);
    return db;
  } catch (e) {
    db.close();
    throw e;
  }
}

function isDamage(e: unknown): boolean {
  const code = String((e as { code?: unknown })?.code ?? '');
  return code === 'SQLITE_CORRUPT' || code === 'SQLITE_NOTADB' || /integrity check failed|malformed|not a database/i.test(String((e as Error)?.message));
}

/**
 * Opens (or creates) a ledger file. A damaged file is never deleted: it is renamed beside the
 * new one and the caller is told, so the shopkeeper can hand it to support.
 */
export function openDatabase(file: string, now: number = Date.now()): OpenedDatabase {
  mkdirSync(dirname(file), { recursive: true });
  try {
    return { db: tryOpen(file), movedAside: null };
  } catch (e) {
    if (!isDamage(e) || !existsSync(file)) throw e;
    const movedAside = moveAside(file, now);
    return { db: tryOpen(file), movedAside };
  }
}

/** The full check for a large ledger, at close where a second does not hold up the counter. */
export function fullCheckOk(db: Database.Database): boolean {
  try {
    return db.pragma('quick_check', { simple: true }) === 'ok';
  } catch {
    return false;
  }
}
