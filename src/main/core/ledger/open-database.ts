import Database from 'better-sqlite3';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';
import { errorFacts } from '../errors/error-facts';
import { MIGRATIONS } from './migrations';

/** Above this many pages (128 MiB at 4 KiB) the full check runs at close instead of at open. */
const FULL_CHECK_MAX_PAGES = 32_768;

export interface OpenedDatabase {
  db: Database.Database;
  /** Set when a damaged file was found and moved aside: where it went. */
  movedAside: string | null;
}

/** A pragma's single value, checked: SQLite hands back untyped values. */
function pragmaValue<T>(db: Database.Database, name: string, schema: z.ZodType<T>): T {
  return schema.parse(db.pragma(name, { simple: true }));
}

export const checkMarker = (file: string) => `${file}.needs-check`;

function moveAside(file: string, now: number): string {
  const stamp = new Date(now).toISOString().replace(/[:.]/g, '-');
  const target = `${file}.damaged-${stamp}`;
  renameSync(file, target);
  for (const suffix of ['-wal', '-shm']) if (existsSync(file + suffix)) renameSync(file + suffix, target + suffix);
  return target;
}

function migrate(db: Database.Database): void {
  const version = pragmaValue(db, 'user_version', z.number().int());
  if (version > MIGRATIONS.length) {
    throw new Error(`this ledger was written by a newer RechargeDesk (schema ${version}); update the app`);
  }
  for (const [index, migration] of MIGRATIONS.entries()) {
    if (index < version) continue;
    db.transaction(() => {
      db.exec(migration);
      db.pragma(`user_version = ${index + 1}`);
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
    const pages = pragmaValue(db, 'page_count', z.number().int());
    // A large ledger is checked in full at close instead; a failed check there leaves a marker
    // that makes the next open check it in full, whatever its size.
    const flagged = existsSync(checkMarker(file));
    const check = pages <= FULL_CHECK_MAX_PAGES || flagged ? pragmaValue(db, 'quick_check', z.string()) : 'ok';
    if (check !== 'ok') throw new Error(`integrity check failed: ${check}`);
    if (flagged) rmSync(checkMarker(file), { force: true });
    migrate(db);
    return db;
  } catch (e) {
    db.close();
    throw e;
  }
}

function isDamage(e: unknown): boolean {
  const { code, message } = errorFacts(e);
  return code === 'SQLITE_CORRUPT' || code === 'SQLITE_NOTADB' || /integrity check failed|malformed|not a database/i.test(message);
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
    rmSync(checkMarker(file), { force: true });
    return { db: tryOpen(file), movedAside };
  }
}

/**
 * The full check, at close where a second does not hold up the counter. A failure is remembered
 * beside the file so the next open deals with it before any recharge.
 */
export function checkAtClose(db: Database.Database, file: string): boolean {
  let ok: boolean;
  try {
    ok = db.pragma('quick_check', { simple: true }) === 'ok';
  } catch {
    ok = false;
  }
  if (!ok) writeFileSync(checkMarker(file), 'quick_check failed at close\n');
  return ok;
}
