import { createRequire as requireFor } from 'node:module';
import { Worker } from 'node:worker_threads';
import * as z from 'zod';

/**
 * Jobs that read a whole ledger (an integrity check, a backup and its verification) run in a
 * worker thread on their own better-sqlite3 connection, so the main thread keeps answering the
 * counter however long they take. WAL mode lets this reader and the app's writer work at once.
 *
 * The worker's code is a plain script string rather than a file: the app is bundled into one
 * file by electron-vite and the tests run TypeScript sources, and neither gives a worker file
 * path that works in both. The script is small and parses nothing itself; its answer is parsed
 * with zod here.
 */
const WORKER_SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const job = workerData.job;
const quote = (name) => '"' + name.replace(/"/g, '""') + '"';
function tables(db) {
  return db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name != 'backup_meta' ORDER BY name").all().map((r) => r.name);
}
function counts(db) {
  const out = {};
  for (const t of tables(db)) out[t] = db.prepare('SELECT count(*) AS n FROM ' + quote(t)).get().n;
  return out;
}
function check(file) {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const rows = db.pragma('quick_check');
    const result = { check: rows.map((r) => r.quick_check).join('\n').slice(0, 2000), counts: {}, manifest: null, first: null, last: null };
    if (job.op !== 'verify' || result.check !== 'ok') return result;
    result.counts = counts(db);
    try {
      result.manifest = db.prepare("SELECT value FROM backup_meta WHERE key = 'manifest'").get()?.value ?? null;
      const range = db.prepare('SELECT min(created_at) AS first, max(created_at) AS last FROM txns').get();
      result.first = range.first;
      result.last = range.last;
    } catch {
      // not a RechargeDesk backup: the caller says so
    }
    return result;
  } finally {
    db.close();
  }
}
async function backup() {
  // Read-write, though it only reads: after a quit it is the ledger's last connection, and only a
  // writable last connection removes the write-ahead log on close (a read-only one leaves it).
  const src = new Database(job.file, { fileMustExist: true });
  let before;
  let range;
  try {
    // One read transaction: the counts and the copy see the same moment of the ledger.
    src.exec('BEGIN');
    before = counts(src);
    range = src.prepare('SELECT min(created_at) AS first, max(created_at) AS last FROM txns').get();
    await src.backup(job.dest);
    src.exec('COMMIT');
  } finally {
    src.close();
  }
  const db = new Database(job.dest, { fileMustExist: true });
  try {
    db.pragma('journal_mode = DELETE');
    db.exec('CREATE TABLE IF NOT EXISTS backup_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
    db.prepare('INSERT OR REPLACE INTO backup_meta (key, value) VALUES (?, ?)').run('manifest', job.manifest);
  } finally {
    db.close();
  }
  const verified = check(job.dest);
  const after = (() => { const d = new Database(job.dest, { readonly: true }); try { return counts(d); } finally { d.close(); } })();
  return { check: verified.check, counts: before, copied: after, first: range.first, last: range.last };
}
(async () => {
  if (job.op === 'backup') return backup();
  return check(job.file);
})().then(
  (value) => parentPort.postMessage({ ok: true, value }),
  (e) => parentPort.postMessage({ ok: false, code: String((e && e.code) || ''), message: String((e && e.message) || e) }),
);
`;

export type SqliteJob =
  | { readonly op: 'check'; readonly file: string }
  | { readonly op: 'verify'; readonly file: string }
  | { readonly op: 'backup'; readonly file: string; readonly dest: string; readonly manifest: string };

const countsSchema = z.record(z.string(), z.number().int());
const checkResult = z.object({
  check: z.string(),
  counts: countsSchema,
  /** The backup's manifest (JSON text), null when the file has none: then it is not a backup. */
  manifest: z.string().nullable(),
  first: z.number().int().nullable(),
  last: z.number().int().nullable(),
});
const backupResult = z.object({
  check: z.string(),
  counts: countsSchema,
  copied: countsSchema,
  first: z.number().int().nullable(),
  last: z.number().int().nullable(),
});
const reply = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), code: z.string(), message: z.string() }),
]);

export type CheckResult = z.infer<typeof checkResult>;
export type BackupResult = z.infer<typeof backupResult>;

/** A job that failed in the worker, with SQLite's or Node's code (SQLITE_CORRUPT, ENOSPC, …). */
export class SqliteJobError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'SqliteJobError';
  }
}

const sqliteModule = (): string => requireFor(import.meta.url).resolve('better-sqlite3');

function run(job: SqliteJob, signal?: AbortSignal): Promise<unknown> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new SqliteJobError('ABORTED', 'stopped before it started'));
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { module: sqliteModule(), job } });
    let settled = false;
    // Every job only reads the ledger, so stopping one half-way can do it no harm.
    signal?.addEventListener('abort', () => {
      if (settled) return;
      settled = true;
      reject(new SqliteJobError('ABORTED', 'stopped'));
      void worker.terminate();
    });
    worker.once('message', (message: unknown) => {
      if (settled) return;
      settled = true;
      const r = reply.safeParse(message);
      if (!r.success) reject(new Error('the worker gave an unreadable answer'));
      else if (r.data.ok) resolve(r.data.value);
      else reject(new SqliteJobError(r.data.code, r.data.message));
      void worker.terminate();
    });
    worker.once('error', (e) => {
      if (settled) return;
      settled = true;
      reject(e);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`the worker stopped (exit ${code}) before answering`));
    });
  });
}

/** `quick_check` of a file on its own connection in a worker; 'ok' when sound. */
export async function checkInWorker(file: string, signal?: AbortSignal): Promise<string> {
  return checkResult.parse(await run({ op: 'check', file }, signal)).check;
}

/** Opens a backup in a worker: its check and its row counts. */
export async function verifyInWorker(file: string): Promise<CheckResult> {
  return checkResult.parse(await run({ op: 'verify', file }));
}

/** Copies a live ledger through SQLite's online backup in a worker, then checks the copy. */
export async function backupInWorker(file: string, dest: string, manifest: string): Promise<BackupResult> {
  return backupResult.parse(await run({ op: 'backup', file, dest, manifest }));
}
